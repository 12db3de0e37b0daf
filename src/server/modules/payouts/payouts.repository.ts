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

export const findPayoutAccountByProviderId = (db: Db, providerAccountId: string) =>
  db
    .selectFrom('payout_accounts')
    .selectAll()
    .where('provider_account_id', '=', providerAccountId)
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
    .onConflict((oc) =>
      oc
        .column('tutor_profile_id')
        .doUpdateSet({
          provider: account.provider,
          provider_account_id: account.accountId,
          status: 'onboarding',
          attention_reason: '',
          display_name: '',
          updated_at: account.now,
        })
        .where('payout_accounts.provider', '<>', account.provider),
    )
    .execute();
}

export async function setPayoutAccountStatus(
  db: Db,
  where: { providerAccountId: string } | { tutorProfileId: string },
  change: {
    status: 'onboarding' | 'active' | 'needs_attention';
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
  return scoped.returning(['tutor_profile_id', 'status']).executeTakeFirst();
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

export async function markPayoutPaid(db: Db, payoutId: string, transferId: string, now: Date) {
  await db
    .updateTable('payouts')
    .set({ status: 'paid', provider_transfer_id: transferId, settled_at: now })
    .where('id', '=', payoutId)
    .execute();
}

export async function markPayoutFailed(
  db: Db,
  payoutId: string,
  failure: { transferId: string; reason: string },
  now: Date,
) {
  await db
    .updateTable('payouts')
    .set({
      status: 'failed',
      provider_transfer_id: failure.transferId,
      failure_reason: failure.reason,
      settled_at: now,
    })
    .where('id', '=', payoutId)
    .execute();
}

/** Only a payout still requested moves on: its webhook may have settled it already. */
export async function markPayoutSent(db: Db, payoutId: string, transferId: string, now: Date) {
  await db
    .updateTable('payouts')
    .set({ status: 'in_transit', provider_transfer_id: transferId, sent_at: now })
    .where('id', '=', payoutId)
    .where('status', '=', 'requested')
    .execute();
}

export const findTutorContact = (db: Db, tutorProfileId: string) =>
  db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(['u.id as user_id', 'u.email', 'u.closed_at'])
    .where('tp.id', '=', tutorProfileId)
    .executeTakeFirst();

export const findLocalOnboarding = (db: Db, token: string) =>
  db
    .selectFrom('local_payout_accounts')
    .select(['id', 'completed_at'])
    .where('onboarding_token', '=', token)
    .executeTakeFirst();

export async function saveLocalBankDetails(
  db: Db,
  accountId: string,
  details: {
    legalName: string;
    country: string;
    iban: string | null;
    accountNumber: string | null;
    routingNumber: string | null;
  },
  now: Date,
) {
  await db
    .updateTable('local_payout_accounts')
    .set({
      legal_name: details.legalName,
      country: details.country,
      iban: details.iban,
      account_number: details.accountNumber,
      routing_number: details.routingNumber,
      completed_at: now,
    })
    .where('id', '=', accountId)
    .execute();
}

// The built-in provider's own records (its accounts and transfers).

export async function setLocalOnboardingToken(db: Db, accountId: string, token: string) {
  await db
    .updateTable('local_payout_accounts')
    .set({ onboarding_token: token })
    .where('id', '=', accountId)
    .execute();
}

export async function insertLocalPayoutAccount(db: Db, id: string, token: string, now: Date) {
  await db
    .insertInto('local_payout_accounts')
    .values({ id, onboarding_token: token, created_at: now })
    .execute();
}

/** A transfer once per idempotency key: the existing one's id when the key was used before. */
export async function insertLocalTransferOnce(
  db: Db,
  transfer: {
    id: string;
    accountId: string;
    idempotencyKey: string;
    amountCents: number;
    currency: string;
    now: Date;
  },
) {
  const inserted = await db
    .insertInto('local_transfers')
    .values({
      id: transfer.id,
      account_id: transfer.accountId,
      idempotency_key: transfer.idempotencyKey,
      amount_cents: transfer.amountCents,
      currency: transfer.currency,
      created_at: transfer.now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return (
    inserted ??
    (await db
      .selectFrom('local_transfers')
      .select('id')
      .where('idempotency_key', '=', transfer.idempotencyKey)
      .executeTakeFirstOrThrow())
  );
}

export const lockLocalTransfer = (trx: Transaction<DB>, transferId: string) =>
  trx
    .selectFrom('local_transfers as t')
    .innerJoin('local_payout_accounts as a', 'a.id', 't.account_id')
    .select(['t.id', 't.status', 't.idempotency_key', 'a.iban', 'a.account_number'])
    .where('t.id', '=', transferId)
    .forUpdate('t')
    .executeTakeFirst();

export async function settleLocalTransferRow(
  db: Db,
  transferId: string,
  outcome: { status: 'paid' | 'failed'; failureCode: string | null },
  now: Date,
) {
  await db
    .updateTable('local_transfers')
    .set({ status: outcome.status, failure_code: outcome.failureCode, settled_at: now })
    .where('id', '=', transferId)
    .execute();
}

export async function paidOutCents(db: Db, tutorProfileId: string) {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => eb.fn.sum<string | null>('amount_cents').as('cents'))
    .where('tutor_profile_id', '=', tutorProfileId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** A tutor's lesson money lines, newest first. */
export const lessonEarningsOf = (db: Db, tutorProfileId: string) =>
  db
    .selectFrom('lesson_earnings as le')
    .leftJoin('lessons as l', 'l.id', 'le.lesson_id')
    .leftJoin('users as s', 's.id', 'l.student_id')
    .select([
      'le.lesson_id',
      'le.lesson_ends_at',
      's.full_name',
      'le.price_cents',
      'le.rate_bp',
      'le.commission_cents',
      'le.net_cents',
      'le.status',
    ])
    .where('le.tutor_profile_id', '=', tutorProfileId)
    .orderBy('le.lesson_ends_at', 'desc')
    .limit(200)
    .execute();

export async function insertPayout(
  db: Db,
  payout: {
    tutorProfileId: string;
    amountCents: number;
    currency: string;
    origin: 'withdraw' | 'weekly' | 'retry';
    provider: string;
    providerAccountId: string;
    now: Date;
  },
) {
  const { id } = await db
    .insertInto('payouts')
    .values({
      tutor_profile_id: payout.tutorProfileId,
      amount_cents: payout.amountCents,
      currency: payout.currency,
      origin: payout.origin,
      provider: payout.provider,
      provider_account_id: payout.providerAccountId,
      requested_at: payout.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const activePayoutAccountTutors = (db: Db) =>
  db
    .selectFrom('payout_accounts')
    .select('tutor_profile_id')
    .where('status', '=', 'active')
    .execute();

/** Every tutor's ledger sums per account kind, with the tutor's name. */
export const tutorBalancesByKind = (db: Db, currency: string) =>
  db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'a.tutor_profile_id')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select(['a.tutor_profile_id', 'u.full_name', 'a.kind'])
    .select((eb) => eb.fn.sum<string>('e.amount_cents').as('cents'))
    .where('a.currency', '=', currency)
    .groupBy(['a.tutor_profile_id', 'u.full_name', 'a.kind'])
    .execute();

/** The latest payouts of every tutor, with the tutor's name. */
export const recentPayouts = (db: Db) =>
  db
    .selectFrom('payouts as p')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'p.tutor_profile_id')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .selectAll('p')
    .select('u.full_name')
    .orderBy('p.requested_at', 'desc')
    .limit(100)
    .execute();

export const findTutorProfile = (db: Db, tutorProfileId: string) =>
  db
    .selectFrom('tutor_profiles')
    .select(['id', 'user_id'])
    .where('id', '=', tutorProfileId)
    .executeTakeFirst();

/** The audit line of an adjustment; its id keys the adjustment's ledger posting. */
export async function insertAdjustmentAudit(
  db: Db,
  entry: { adminId: string; targetUserId: string; reason: string; at: Date },
) {
  const { id } = await db
    .insertInto('audit_log')
    .values({
      admin_id: entry.adminId,
      action: 'balance_adjusted',
      target_user_id: entry.targetUserId,
      reason: entry.reason,
      created_at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function markPayoutRetried(db: Db, failedId: string, retryId: string) {
  await db.updateTable('payouts').set({ retried_by: retryId }).where('id', '=', failedId).execute();
}

export async function tutorUserIdOf(db: Db, tutorProfileId: string) {
  const row = await db
    .selectFrom('tutor_profiles')
    .select('user_id')
    .where('id', '=', tutorProfileId)
    .executeTakeFirstOrThrow();
  return row.user_id;
}
