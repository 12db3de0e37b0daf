import type { Mailer } from '../../adapters/mail/mailer';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { LessonsContext } from '../lessons/lessons-context';

/** What the payments use cases need: the lessons' context plus the provider, queue and mail. */
export interface PaymentsContext extends LessonsContext {
  paymentProvider: PaymentProvider;
  jobs: JobQueue;
  mailer: Mailer;
  env: { PUBLIC_URL: string; PAYMENT_HOLD_MINUTES: number };
}
