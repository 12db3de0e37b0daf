import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types';

// All SQL of payouts and payout accounts (migration 027-b).

type Db = Kysely<DB> | Transaction<DB>;

export const findPayoutAccount = (db: Db, tutorProfileId: string) =>
  db
    .selectFrom('payout_accounts')
    .selectAll()
    .where('tutor_profile_id', '=', tutorProfileId)
    .executeTakeFirst();

export async function savePayoutAccount(
  db: Db,
  account: { tutorProfileId: string; provider: 'local' | 'stripe'; accountId: string; now: Date },
) {
  await db
    .insertInto('payout_accounts')
    .values({
      tutor_profile_id: account.tutorProfileId,
      provider: account.provider,
      provider_account_id: account.accountId,
      created_at: account.now,
      updated_at: account.now,
    })
    .onConflict((oc) => oc.column('tutor_profile_id').doNothing())
    .execute();
}

export async function setPayoutAccountStatus(
  db: Db,
  where: { providerAccountId: string } | { tutorProfileId: string },
  change: {
    status: 'active' | 'needs_attention';
    reason: string;
    displayName?: string;
    now: Date;
  },
) {
  const query = db.updateTable('payout_accounts').set({
    status: change.status,
    attention_reason: change.reason,
    ...(change.displayName !== undefined && { display_name: change.displayName }),
    updated_at: change.now,
  });
  const scoped =
    'providerAccountId' in where
      ? query.where('provider_account_id', '=', where.providerAccountId)
      : query.where('tutor_profile_id', '=', where.tutorProfileId);
  return scoped.returning('tutor_profile_id').executeTakeFirst();
}

export const findPayout = (db: Db, id: string) =>
  db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();

export const lockPayout = (trx: Transaction<DB>, id: string) =>
  trx.selectFrom('payouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const openPayoutOf = (db: Db, tutorProfileId: string) =>
  db
    .selectFrom('payouts')
    .select('id')
    .where('tutor_profile_id', '=', tutorProfileId)
    .where('status', 'in', ['requested', 'in_transit'])
    .executeTakeFirst();

export const payoutsOf = (db: Db, tutorProfileId: string) =>
  db
    .selectFrom('payouts')
    .selectAll()
    .where('tutor_profile_id', '=', tutorProfileId)
    .orderBy('requested_at', 'desc')
    .orderBy('id')
    .limit(50)
    .execute();

/** Payouts written but not yet accepted by the provider (a crash, an outage): sent again. */
export const unsentPayouts = (db: Db) =>
  db.selectFrom('payouts').select('id').where('status', '=', 'requested').execute();

/** Recording an event's id: false when it was applied before (a replayed webhook). */
export async function recordPayoutEvent(
  trx: Transaction<DB>,
  event: { provider: string; id: string; type: string; payoutId: string | null; at: Date },
) {
  const inserted = await trx
    .insertInto('payout_events')
    .values({
      provider: event.provider,
      event_id: event.id,
      type: event.type,
      payout_id: event.payoutId,
      received_at: event.at,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
