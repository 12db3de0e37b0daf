import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Job } from './adapters/jobs/define-job';
import { ACCOUNT_JOBS } from './modules/account/account.jobs';
import { LESSON_JOBS } from './modules/lessons/lessons.jobs';
import { MESSAGING_JOBS } from './modules/messaging/messaging.jobs';
import { PAYMENT_JOBS } from './modules/payments/payments.jobs';
import { TUTOR_APPROVAL_JOBS } from './modules/tutor-approval/tutor-approval.jobs';
import { runJob, WORKERS } from './job-workers';
import { createSignedInTutor, createStudent } from './test/factories';
import { localCheckoutSuite, paidSingleLesson } from './test/payment-harness';
import { TEST_DRIVERS } from './test/test-database';
import { MORNING_TEACHING } from './test/tokyo-mornings';

// Every job's mail goes through the once-guard (runJob's mailer): pg-boss runs a job again
// under the same id after a crash or a timeout, and that run sends nothing twice (issue #31).

const workerOf = (job: Job) => WORKERS.find((worker) => worker.job.name === job.name)!;

describe.each(TEST_DRIVERS)('job mails sent once on %s', (driver) => {
  const suite = localCheckoutSuite(driver);

  const messageJobs = [ACCOUNT_JOBS.mail, TUTOR_APPROVAL_JOBS.mail, MESSAGING_JOBS.digestMail];
  it.each(messageJobs.map((job) => [job.name, job] as const))(
    'a %s job run again sends nothing twice; another job with the same message does send',
    async (_name, job) => {
      const { deps } = suite.app.app;
      const to = `once.${randomUUID()}@example.com`;
      const message = { to, subject: 'Your account', text: 'Something happened.' };
      const id = randomUUID();
      await runJob(deps, workerOf(job), message, id);
      await runJob(deps, workerOf(job), message, id);
      expect(suite.app.inbox.countTo(to)).toBe(1);
      // A new job is a new mail (the same notice told again, e.g. a second password change).
      await runJob(deps, workerOf(job), message, randomUUID());
      expect(suite.app.inbox.countTo(to)).toBe(2);
    },
  );

  it('reruns of the booking, cancellation and refund jobs that ran send nothing twice', async () => {
    const tutor = await createSignedInTutor(suite.app, MORNING_TEACHING);
    const student = await createStudent(suite.app);
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    const canceled = await tutor.client.post(`/api/lessons/${paid.lessonId}/cancel`, {
      reason: 'I am ill.',
    });
    expect(canceled.status, canceled.text).toBe(200);
    const jobs: Job[] = [LESSON_JOBS.booked, LESSON_JOBS.canceled, PAYMENT_JOBS.refund];
    const names = jobs.map((job) => job.name);
    // The cancellation's notice and the refund's, awaited as their jobs' completion.
    const done = async () => {
      const { rows } = await sql<{ id: string; name: string; data: object; state: string }>`
        select id, name, data, state from pgboss.job where name in (${sql.join(names)})
           and (data->>'lessonId' = ${paid.lessonId} or data->>'paymentId' = ${paid.payment.id})`.execute(
        suite.app.database.db,
      );
      return rows;
    };
    const deadline = Date.now() + 15_000;
    while ((await done()).some((row) => row.state !== 'completed') || (await done()).length < 3) {
      if (Date.now() > deadline) throw new Error(JSON.stringify(await done()));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const received = suite.app.inbox.messages.length;
    expect(suite.app.inbox.countTo(student.email)).toBeGreaterThanOrEqual(3);
    for (const row of await done()) {
      const { _requestId: _, ...data } = row.data as { _requestId?: string };
      await runJob(suite.app.app.deps, workerOf(jobs[names.indexOf(row.name)]!), data, row.id);
    }
    expect(suite.app.inbox.messages.length).toBe(received);
  });
});
