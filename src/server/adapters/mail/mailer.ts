import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { DB } from '../../db/types';
import { insertMail } from '../../modules/dev-mailbox/dev-mailbox.repository';

/** A file sent with a message (text content: what the app attaches, e.g. a lesson's .ics). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** A message as a mail job carries it (the account's, the approval's and the digest's emails). */
export const mailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
    .optional(),
}) satisfies z.ZodType<MailMessage>;

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  /** `trx`: the transaction that records the send (sendOnce); the dev mailbox stores the mail in it. */
  send(message: MailMessage, trx?: Kysely<DB>): Promise<void>;
}

/**
 * The longest one SMTP send may take, all of it (connecting, greeting, sending), well below the
 * job timeout (DEFAULT_JOB_TIMEOUT_SECONDS, 120 s): a send still running when pg-boss gave up on
 * its job could deliver while the retry delivers again. Past it the connection is closed, so a
 * slow server cannot deliver late.
 */
export const MAIL_SEND_DEADLINE_MS = 60_000;

/** An SMTP send that did not finish within its deadline (its connection was closed). */
export class MailTimeoutError extends Error {
  override name = 'MailTimeoutError';
}

/** Real delivery through SMTP_URL. */
export function smtpMailer(
  smtpUrl: string,
  from: string,
  { deadlineMs = MAIL_SEND_DEADLINE_MS }: { deadlineMs?: number } = {},
): Mailer {
  const url = new URL(smtpUrl);
  // One connection per send, as nodemailer's plain transport does, but in a pool of one, which
  // (unlike the plain transport) can close a connection in the middle of a send.
  const transportFor = () =>
    nodemailer.createTransport({
      pool: true,
      maxConnections: 1,
      connectionTimeout: Math.min(10_000, deadlineMs),
      greetingTimeout: Math.min(10_000, deadlineMs),
      socketTimeout: Math.min(30_000, deadlineMs),
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      // Local test servers speak plain SMTP; real ones upgrade with STARTTLS when offered.
      ignoreTLS: url.searchParams.get('tls') === 'off',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
    });
  return {
    kind: 'smtp',
    async send(message) {
      const transport = transportFor();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          transport.close();
          reject(new MailTimeoutError(`SMTP send took longer than ${deadlineMs} ms`));
        }, deadlineMs);
      });
      try {
        // MailAttachment uses nodemailer's own field names: attachments pass through as they are.
        await Promise.race([transport.sendMail({ from, ...message }), deadline]);
      } finally {
        clearTimeout(timer);
        transport.close();
      }
    },
  };
}

/** Development without SMTP: mail is stored and shown at /dev/mailbox. */
export function devMailbox(db: Kysely<DB>): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(message, trx) {
      await insertMail(trx ?? db, message);
    },
  };
}

/**
 * Sends `message` unless the email named `key` was sent before, and records it in the same
 * transaction as the send: a job run again after a crash sends only what had not gone out. Two
 * runs at once: the second waits for the first's record, then finds it. (Only a crash between
 * the server's acceptance and the commit, milliseconds, can still send one twice.)
 */
export async function sendOnce(
  deps: { db: Kysely<DB>; mailer: Mailer },
  key: string,
  message: MailMessage,
) {
  await deps.db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('sent_mails')
      .values({ key, recipient: message.to })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (fresh) await deps.mailer.send(message, trx);
  });
}
