import { createHash } from 'node:crypto';
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
  /**
   * The mail's once-key (set by sendOnce): every send of it carries the same Message-ID, so a
   * redelivery after a crash is the same message, which mail systems fold (ADR 033).
   */
  onceKey?: string;
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
  /** Closes what the mailer keeps open (SMTP connections); after the job queue has stopped. */
  close?(): void;
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

/**
 * SMTP connections a process opens at most: a batch of jobs (ten) sends at once; a send past
 * them waits for a free connection.
 */
const SMTP_CONNECTIONS = 10;

/** Real delivery through SMTP_URL. */
/**
 * The Message-ID of the mail named `onceKey`: the same for every send of it (its key's hash at
 * the app's host), so an SMTP redelivery is one message to the recipient's mail system.
 */
export function messageIdOf(onceKey: string, host: string): string {
  return `<${createHash('sha256').update(onceKey).digest('hex')}@${host}>`;
}

export function smtpMailer(
  smtpUrl: string,
  from: string,
  {
    deadlineMs = MAIL_SEND_DEADLINE_MS,
    messageIdHost = 'tutora.local',
  }: {
    deadlineMs?: number;
    /** The host of Message-IDs (PUBLIC_URL's). */
    messageIdHost?: string;
  } = {},
): Mailer {
  const url = new URL(smtpUrl);
  const transportFor = () =>
    nodemailer.createTransport({
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
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
  // One pool for every send: a send takes an open connection instead of connecting, greeting
  // and quitting each time (issue #28). A send past its deadline closes the whole pool — its
  // own connection with it, so it cannot deliver late — and the next send opens a new one;
  // sends sharing the closed pool fail and their jobs run again (ADR 033).
  let transport: ReturnType<typeof transportFor> | undefined;
  return {
    kind: 'smtp',
    async send({ onceKey, ...message }) {
      const used = (transport ??= transportFor());
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          if (transport === used) transport = undefined;
          used.close();
          reject(new MailTimeoutError(`SMTP send took longer than ${deadlineMs} ms`));
        }, deadlineMs);
      });
      try {
        // MailAttachment uses nodemailer's own field names: attachments pass through as they are.
        const messageId = onceKey ? { messageId: messageIdOf(onceKey, messageIdHost) } : {};
        await Promise.race([used.sendMail({ from, ...message, ...messageId }), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transport?.close();
      transport = undefined;
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
 * runs at once: the second waits for the first's record, then finds it. Every job's mail comes
 * here (jobMailer). Only a crash between the server's acceptance and the commit can still send
 * one twice, and then with the same Message-ID (ADR 033).
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
    if (fresh) await deps.mailer.send({ ...message, onceKey: key }, trx);
  });
}

/** A job run as its handler sees it: pg-boss runs a job again under the same id. */
export interface JobRun {
  name: string;
  id: string;
}

/**
 * The mailer a job's handler gets: each mail goes through sendOnce, keyed by the job and its
 * recipient (and how many this run sent them before), so a rerun sends nothing twice. A send
 * given a transaction is one sendOnce is already recording under its own key: passed through.
 */
export function jobMailer(deps: { db: Kysely<DB>; mailer: Mailer }, job: JobRun): Mailer {
  const sentTo = new Map<string, number>();
  return {
    kind: deps.mailer.kind,
    async send(message, trx) {
      if (trx) return deps.mailer.send(message, trx);
      const nth = sentTo.get(message.to) ?? 0;
      sentTo.set(message.to, nth + 1);
      // The address hashed: the key stays within its 300 characters (the row keeps the address).
      const to = createHash('sha256').update(message.to).digest('hex').slice(0, 16);
      await sendOnce(deps, `${job.name}:${job.id}:${to}:${nth}`, message);
    },
  };
}
