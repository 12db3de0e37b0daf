import { z } from 'zod';
import { defineJob, MONEY_OWED_RETRIES } from '../../adapters/jobs/define-job';
import { mailMessageSchema } from '../../adapters/mail/mailer';

// The account's background jobs: its emails (closing, suspension, restoring, an email change),
// and refunds queued before they moved to the payments module's shared refund job.
export const ACCOUNT_JOBS = {
  mail: defineJob('account.mail', mailMessageSchema),
  /** Closing refunds queued by an older version (now payments.refund): still worked off. */
  refund: defineJob(
    'account.refund',
    z.object({ paymentId: z.string(), amountCents: z.number().int() }),
    MONEY_OWED_RETRIES,
  ),
};
