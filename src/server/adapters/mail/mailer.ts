import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
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

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

/** Real delivery through SMTP_URL. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
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
      // MailAttachment uses nodemailer's own field names: attachments pass through as they are.
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Development without SMTP: mail is stored and shown at /dev/mailbox. */
export function devMailbox(db: Kysely<DB>): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await insertMail(db, message);
    },
  };
}
