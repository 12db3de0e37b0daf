import type { Worker } from './adapters/jobs/define-job';
import { worker } from './adapters/jobs/define-job';
import { jobMailer, type Mailer, type MailMessage } from './adapters/mail/mailer';
import type { AppContext } from './app';
import { ACCOUNT_JOBS } from './modules/account/account.jobs';
import { giveLegacyClosingRefund } from './modules/account/close-account';
import { releaseSweep } from './modules/ledger/release-earnings';
import { sendLessonBookedEmails, type NoticeContext } from './modules/lessons/lesson-booked-notice';
import { sendLessonCanceledEmail } from './modules/lessons/lesson-canceled-notice';
import { completionSweep } from './modules/lessons/lesson-completion';
import { sendLessonReminder, sendRescheduledNotice } from './modules/lessons/lesson-reminders';
import { LESSON_JOBS } from './modules/lessons/lessons.jobs';
import { sendMoveRequestNotice } from './modules/lessons/move-request-notice';
import { runDigest } from './modules/messaging/messaging-digest';
import { MESSAGING_JOBS } from './modules/messaging/messaging.jobs';
import { expireHold, refundSlotTaken } from './modules/payments/payment-workers';
import type { PaymentsContext } from './modules/payments/payments-context';
import { PAYMENT_JOBS } from './modules/payments/payments.jobs';
import { giveRefund } from './modules/payments/refunds';
import { payoutWorkers } from './modules/payouts/payout-workers';
import { TUTOR_APPROVAL_JOBS } from './modules/tutor-approval/tutor-approval.jobs';

// Every background job's worker (each module declares its jobs in `<module>.jobs.ts`). The
// server starts them all, once per process, before it serves: a booking's transaction refuses
// to send a job to a queue that does not exist yet (ADR 014).

/** A job that carries its message; sent once however often it runs (runJob's mailer). */
const sendMail = (ctx: { mailer: Mailer }, message: MailMessage) => ctx.mailer.send(message);

export const WORKERS: readonly Worker<AppContext>[] = [
  worker(LESSON_JOBS.booked, (ctx: NoticeContext, { lessonId }) =>
    sendLessonBookedEmails(ctx, lessonId),
  ),
  worker(LESSON_JOBS.reminder, sendLessonReminder),
  worker(LESSON_JOBS.rescheduled, sendRescheduledNotice),
  worker(LESSON_JOBS.canceled, sendLessonCanceledEmail),
  worker(LESSON_JOBS.moveRequest, sendMoveRequestNotice),
  completionSweep,
  worker(PAYMENT_JOBS.expireHold, (ctx: PaymentsContext, { paymentId }) =>
    expireHold(ctx, paymentId),
  ),
  worker(PAYMENT_JOBS.refundSlotTaken, (ctx: PaymentsContext, { paymentId }) =>
    refundSlotTaken(ctx, paymentId),
  ),
  worker(PAYMENT_JOBS.refund, giveRefund),
  worker(ACCOUNT_JOBS.mail, sendMail),
  worker(ACCOUNT_JOBS.refund, giveLegacyClosingRefund),
  worker(TUTOR_APPROVAL_JOBS.mail, sendMail),
  worker(MESSAGING_JOBS.digest, runDigest),
  worker(MESSAGING_JOBS.digestMail, sendMail),
  releaseSweep,
  ...payoutWorkers,
];

/** Starts every worker, then what some need once running (a chain's first run, a resend). */
export async function startWorkers(ctx: AppContext, workers = WORKERS) {
  for (const worker of workers)
    await ctx.jobs.work(worker.job, async (data, { id }) => {
      await runJob(ctx, worker, data, id);
    });
  for (const { started } of workers) await started?.(ctx);
}

/**
 * One run of a job: its handler's mailer sends each mail once however often the job runs
 * (jobMailer), so no mail path of a job can send directly.
 */
export function runJob(ctx: AppContext, worker: Worker<AppContext>, data: unknown, id: string) {
  return worker.run({ ...ctx, mailer: jobMailer(ctx, { name: worker.job.name, id }) }, data);
}
