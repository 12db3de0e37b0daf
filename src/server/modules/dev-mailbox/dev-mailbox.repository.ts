import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

export async function insertMail(
  db: Kysely<DB>,
  mail: { to: string; subject: string; text: string },
) {
  await db
    .insertInto('dev_mailbox')
    .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text })
    .execute();
}

/** The newest mail first. */
export function recentMail(db: Kysely<DB>, limit: number) {
  return db.selectFrom('dev_mailbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
