import type { Kysely, Transaction } from 'kysely';
import type { EmailCategory } from '../../../domain/notifications/email-categories';
import type { DB } from '../../db/types';

// The SQL of the optional emails a user turned off (migration 032-f: a row is an opt-out).

type Db = Kysely<DB> | Transaction<DB>;

export async function optedOutCategories(db: Db, userId: string): Promise<EmailCategory[]> {
  const rows = await db
    .selectFrom('email_opt_outs')
    .select('category')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.category);
}

/** Makes `off` the user's opt-outs, exactly: the others are turned back on. */
export async function replaceOptOuts(db: Db, userId: string, off: EmailCategory[], now: Date) {
  let removal = db.deleteFrom('email_opt_outs').where('user_id', '=', userId);
  if (off.length > 0) removal = removal.where('category', 'not in', off);
  await removal.execute();
  if (off.length === 0) return;
  await db
    .insertInto('email_opt_outs')
    .values(off.map((category) => ({ user_id: userId, category, created_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'category']).doNothing())
    .execute();
}
