import { z } from 'zod';
import { defineJob } from '../../adapters/jobs/define-job';
import { mailMessageSchema } from '../../adapters/mail/mailer';

// The messaging module's background jobs: the unread-message digest (messaging-digest.ts).
export const MESSAGING_JOBS = {
  /** A recipient's digest run: one email for what is due, a next run for what is due later. */
  digest: defineJob('messaging.digest', z.object({ recipientId: z.string() })),
  /** The digest email itself, written in the run's transaction. */
  digestMail: defineJob('messaging.digest-mail', mailMessageSchema),
};
