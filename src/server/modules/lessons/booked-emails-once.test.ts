import { describe, expect, it } from 'vitest';
import { sendOnce, smtpMailer, type Mailer } from '../../adapters/mail/mailer';
import { createSignedInTutor, createStudent } from '../../test/factories';
import { TEST_DRIVERS } from '../../test/test-database';
import { MORNING_TEACHING } from '../../test/tokyo-mornings';
import { localCheckoutSuite, paidSingleLesson } from '../../test/payment-harness';
import { sendLessonBookedEmails } from './lesson-booked-notice';

// A booking's emails go out once even when their job runs again: after kill -9 a job that was
// active is run again from the start (issue #31 found 5 students told twice). Each email is
// recorded as sent in the transaction of its send, so a rerun sends only what had not gone out.

describe.each(TEST_DRIVERS)('booking emails, job run again, on %s', (driver) => {
  const suite = localCheckoutSuite(driver);

  it('sends nothing twice when the booked job runs again after it had mailed both parties', async () => {
    const tutor = await createSignedInTutor(suite.app, MORNING_TEACHING);
    const student = await createStudent(suite.app);
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    const counts = () => [
      suite.app.inbox.countTo(student.email),
      suite.app.inbox.countTo(tutor.email),
    ];
    const before = counts();
    // The job's handler again, as pg-boss runs an active job again after a crash.
    await sendLessonBookedEmails(suite.app.app.deps, paid.lessonId);
    await sendLessonBookedEmails(suite.app.app.deps, paid.lessonId);
    expect(counts()).toEqual(before);
  });

  it('sends the rest, and only the rest, when a run died after its first email', async () => {
    const app = suite.app;
    const smtp = smtpMailer(app.inbox.url, 'Tutora <no-reply@tutora.test>');
    let sends = 0;
    // Dies on its second email, as a process killed in the middle of the job.
    const dying: Mailer = {
      kind: 'smtp',
      async send(message) {
        if (++sends === 2) throw new Error('killed');
        await smtp.send(message);
      },
    };
    const stamp = Date.now();
    const emails = ['first', 'second'].map((who) => ({
      to: `${who}.${stamp}@example.com`,
      subject: 'Your lesson is booked',
      text: 'See you!',
    }));
    const run = async (mailer: Mailer) => {
      for (const [index, message] of emails.entries())
        await sendOnce({ db: app.database.db, mailer }, `test:${stamp}:${index}`, message);
    };
    await expect(run(dying)).rejects.toThrow('killed');
    await run(smtp);
    await run(smtp);
    smtp.close?.();
    for (const message of emails) await app.inbox.waitFor(message.to);
    expect(emails.map((message) => app.inbox.countTo(message.to))).toEqual([1, 1]);
  });
});
