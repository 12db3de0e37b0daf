import type { Kysely } from 'kysely';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { DB } from '../../db/types';

/** Keeps a mail and its attachments together: both land or neither does (`db` may be a transaction). */
export async function insertMail(db: Kysely<DB>, mail: MailMessage) {
  const write = async (trx: Kysely<DB>) => {
    const { id } = await trx
      .insertInto('dev_mailbox')
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!mail.attachments?.length) return;
    await trx
      .insertInto('dev_mailbox_attachments')
      .values(
        mail.attachments.map((a) => ({
          mail_id: id,
          filename: a.filename,
          content_type: a.contentType,
          content: a.content,
        })),
      )
      .execute();
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/** The newest mail first, each with the names of its attachments (not their content). */
export async function recentMail(db: Kysely<DB>, limit: number) {
  const mails = await db
    .selectFrom('dev_mailbox')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const attachments = mails.length
    ? await db
        .selectFrom('dev_mailbox_attachments')
        .select(['id', 'mail_id', 'filename'])
        .where(
          'mail_id',
          'in',
          mails.map((m) => m.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return mails.map((mail) => ({
    ...mail,
    attachments: attachments.filter((a) => a.mail_id === mail.id),
  }));
}

export function findAttachment(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('dev_mailbox_attachments')
    .select(['filename', 'content_type', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}
