import type { Kysely, Transaction } from 'kysely';
import { DIGEST_DELAY_MINUTES } from '../../../domain/messaging/messaging-rules';
import { emailSettingsFooter } from '../../../domain/notifications/email-categories';
import type { Clock } from '../../adapters/clock';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { JobData } from '../../adapters/jobs/define-job';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { DB } from '../../db/types';
import { mayEmail } from '../email-settings/email-settings';
import * as repository from './messaging.repository';
import { MESSAGING_JOBS } from './messaging.jobs';

// The email fallback (issue #16): a message still unread DIGEST_DELAY_MINUTES after it was sent
// gets its recipient ONE email listing every such message, not one email each. A send queues a
// job for its recipient, due when the message is old enough; one job per recipient and delay
// window (the key), so a burst of messages is one job. The job, under the recipient's lock,
// takes their unread messages not yet in a digest that are old enough by the app's clock, marks
// them digested and queues the email in the same transaction (so a retried job never mails the
// same messages twice); if younger unread ones remain, it schedules itself for when they are due.

const DELAY_MS = DIGEST_DELAY_MINUTES * 60_000;
/** How much of each message the email quotes. */
const QUOTE_MAX = 200;

export interface DigestContext {
  db: Kysely<DB>;
  clock: Clock;
  jobs: JobQueue;
  env: { PUBLIC_URL: string };
}

type DigestJob = JobData<typeof MESSAGING_JOBS.digest>;

/** Queues the recipient's digest for when a message sent at `sentAt` is due (in `trx`). */
export async function scheduleDigest(
  ctx: { jobs: JobQueue },
  trx: Transaction<DB>,
  recipientId: string,
  sentAt: Date,
  key = `${recipientId}:${Math.floor(sentAt.getTime() / DELAY_MS)}`,
) {
  const job: DigestJob = { recipientId };
  await ctx.jobs.send(
    MESSAGING_JOBS.digest,
    job,
    { startAfter: new Date(sentAt.getTime() + DELAY_MS), key },
    trx,
  );
}

/** One message as the email quotes it: on one line, cut short (the page shows it whole). */
function quote(body: string) {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > QUOTE_MAX ? `${line.slice(0, QUOTE_MAX - 1)}…` : line;
}

export function digestEmail(
  publicUrl: string,
  recipient: { email: string; firstName: string; role: string },
  messages: { conversationId: string; senderName: string; body: string }[],
): MailMessage {
  const area = recipient.role === 'tutor' ? 'tutor' : 'student';
  const byConversation = new Map<string, typeof messages>();
  for (const message of messages)
    byConversation.set(message.conversationId, [
      ...(byConversation.get(message.conversationId) ?? []),
      message,
    ]);
  const sections = [...byConversation].flatMap(([conversationId, list]) => [
    `From ${list[0]!.senderName}:`,
    ...list.map((message) => `  "${quote(message.body)}"`),
    `Reply: ${publicUrl}/${area}/messages/${conversationId}`,
    '',
  ]);
  const count = messages.length;
  return {
    to: recipient.email,
    subject: `You have ${count} unread message${count === 1 ? '' : 's'} on Tutora`,
    text: [
      `Hello ${recipient.firstName},`,
      '',
      `You have ${count === 1 ? 'an unread message' : `${count} unread messages`}:`,
      '',
      ...sections,
      `All your messages: ${publicUrl}/${area}/messages`,
      '',
      emailSettingsFooter(publicUrl, recipient.role),
    ].join('\n'),
  };
}

/** The digest job: one email for what is due now, and a next job for what is due later. */
export async function runDigest(ctx: DigestContext, job: DigestJob) {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - DELAY_MS);
  await ctx.db.transaction().execute(async (trx) => {
    await repository.lockDigestOf(trx, job.recipientId);
    const due = await repository.undigestedDue(trx, job.recipientId, cutoff);
    // Read since the select above (a mark-read committed meanwhile): not in the email.
    const marked = await repository.markDigested(
      trx,
      due.map((row) => row.id),
      now,
    );
    const stillUnread = new Set(marked.map((row) => row.id));
    const unreadDue = due.filter((row) => stillUnread.has(row.id));
    if (unreadDue.length > 0) {
      const recipient = await repository.digestRecipient(trx, job.recipientId);
      // A closed or suspended account, or one that turned the digest off, gets no email; its
      // messages count as handled (turning it on again does not mail the old ones).
      if (
        recipient &&
        !recipient.closed_at &&
        !recipient.suspended_at &&
        (await mayEmail(trx, job.recipientId, 'message_digest'))
      ) {
        const email = digestEmail(
          ctx.env.PUBLIC_URL,
          { email: recipient.email, firstName: recipient.first_name, role: recipient.role },
          unreadDue.map((row) => ({
            conversationId: row.conversation_id,
            senderName: row.sender_name,
            body: row.body,
          })),
        );
        await ctx.jobs.send(
          MESSAGING_JOBS.digestMail,
          email,
          { key: `${job.recipientId}:${now.getTime()}` },
          trx,
        );
      }
    }
    const first = await repository.firstUndigestedAfter(trx, job.recipientId, cutoff);
    // Its own key, new at each run: a key equal to this running job's (its bucket, or the
    // same `first` when the app's clock trails the database's) would be dropped as a duplicate.
    if (first)
      await scheduleDigest(
        ctx,
        trx,
        job.recipientId,
        first,
        `${job.recipientId}:at:${first.getTime()}:after:${now.getTime()}`,
      );
  });
}
