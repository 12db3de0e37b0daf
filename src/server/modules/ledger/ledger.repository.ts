import { sql, type Expression, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types';

// All SQL of the ledger (migration 027-a, ADR 028). A posting is one ledger transaction: its
// event key makes it happen once, its entries must sum to zero (the database checks at commit),
// and nothing posted is ever changed.

type Db = Kysely<DB> | Transaction<DB>;

export type AccountKind =
  | 'provider_cash'
  | 'unearned'
  | 'platform_revenue'
  | 'adjustments'
  | 'tutor_pending'
  | 'tutor_available'
  | 'tutor_in_transit';

export type TransactionKind =
  | 'payment_received'
  | 'refund'
  | 'lesson_earned'
  | 'lesson_reversed'
  | 'earnings_released'
  | 'payout_requested'
  | 'payout_paid'
  | 'payout_failed'
  | 'payout_reversed'
  | 'adjustment';

/** One side of a posting: an account (a tutor's for the tutor_ kinds) and signed cents. */
export interface Leg {
  account: AccountKind;
  cents: number;
}

export interface Posting {
  kind: TransactionKind;
  /** What caused it; a second posting with the same key does nothing. */
  eventKey: string;
  currency: string;
  legs: Leg[];
  at: Date;
  tutorProfileId?: string;
  paymentId?: string;
  lessonId?: string;
  payoutId?: string;
  memo?: string;
  createdBy?: string;
}

/**
 * Posts once; answers false when this event was posted before. Must run in a transaction. One
 * statement: the entries are inserted from the transaction row the same statement inserted,
 * so a replay (the key's conflict inserts no row) inserts no entries either.
 */
export async function post(trx: Transaction<DB>, posting: Posting): Promise<boolean> {
  const legs = posting.legs.filter((leg) => leg.cents !== 0);
  const tutor = posting.tutorProfileId ?? null;
  const result = await trx
    .with('posted', (db) =>
      db
        .insertInto('ledger_transactions')
        .values({
          kind: posting.kind,
          event_key: posting.eventKey,
          tutor_profile_id: tutor,
          payment_id: posting.paymentId ?? null,
          lesson_id: posting.lessonId ?? null,
          payout_id: posting.payoutId ?? null,
          memo: posting.memo ?? '',
          created_by: posting.createdBy ?? null,
          created_at: posting.at,
        })
        .onConflict((oc) => oc.column('event_key').doNothing())
        .returning('id'),
    )
    .with('entries', (db) =>
      db
        .insertInto('ledger_entries')
        .columns(['transaction_id', 'account_id', 'amount_cents', 'currency'])
        .expression(
          sql`select posted.id, ledger_account(leg.account, leg.tutor, ${posting.currency}),
                     leg.cents, ${posting.currency}
                from posted cross join (values ${sql.join(
                  legs.map(
                    (leg) =>
                      sql`(${leg.account}, ${leg.cents}::bigint, ${
                        leg.account.startsWith('tutor_') ? tutor : null
                      }::uuid)`,
                  ),
                )}) as leg(account, cents, tutor)`,
        ),
    )
    .selectFrom('posted')
    .select('id')
    .executeTakeFirst();
  return result !== undefined;
}

/** Each account's sum of entries (a tutor's accounts, or the platform's with `null`). */
export async function balances(db: Db, tutorProfileId: string | null) {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .select(['a.kind', 'a.currency', sql<string>`coalesce(sum(e.amount_cents), 0)`.as('cents')])
    .$if(tutorProfileId === null, (q) => q.where('a.tutor_profile_id', 'is', null))
    .$if(tutorProfileId !== null, (q) => q.where('a.tutor_profile_id', '=', tutorProfileId))
    .groupBy(['a.kind', 'a.currency'])
    .execute();
  return rows.map((row) => ({
    kind: row.kind as AccountKind,
    currency: row.currency.trim(),
    cents: Number(row.cents),
  }));
}

/** One account's sum (0 when it has no entries yet). */
export async function balanceOf(
  db: Db,
  account: AccountKind,
  tutorProfileId: string | null,
  currency: string,
) {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(sql<string>`coalesce(sum(e.amount_cents), 0)`.as('cents'))
    .where('a.kind', '=', account)
    .where('a.currency', '=', currency)
    .$if(tutorProfileId === null, (q) => q.where('a.tutor_profile_id', 'is', null))
    .$if(tutorProfileId !== null, (q) => q.where('a.tutor_profile_id', '=', tutorProfileId))
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/**
 * Locks a tutor's available account for the rest of the transaction (created if need be): two
 * payouts or an adjustment decided side by side see each other's result.
 */
export async function lockTutorAvailable(
  trx: Transaction<DB>,
  tutorProfileId: string,
  currency: string,
) {
  await sql`SELECT id FROM ledger_accounts WHERE id = ledger_account('tutor_available', ${tutorProfileId}::uuid, ${currency}) FOR UPDATE`.execute(
    trx,
  );
}

/** Sums of each transaction kind's entries on one account kind (Finance's figures). */
export async function totalsByKind(db: Db, account: AccountKind, currency: string) {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['t.kind', sql<string>`sum(e.amount_cents)`.as('cents')])
    .where('a.kind', '=', account)
    .where('a.currency', '=', currency)
    .groupBy('t.kind')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.cents)])) as Partial<
    Record<TransactionKind, number>
  >;
}

/** A tutor's completed teaching so far, in minutes (free trials do not count). */
const taughtMinutesQuery = (db: Db, tutorProfileId: string | Expression<string>) =>
  db
    .selectFrom('lessons')
    .select(sql<string>`coalesce(sum(duration_minutes), 0)`.as('minutes'))
    .where('tutor_profile_id', '=', tutorProfileId)
    .where('status', '=', 'completed')
    .where('is_trial', '=', false);

export async function findTaughtMinutes(db: Db, tutorProfileId: string) {
  const row = await taughtMinutesQuery(db, tutorProfileId).executeTakeFirstOrThrow();
  return Number(row.minutes);
}

export function findPaymentForLedger(db: Db, paymentId: string) {
  return db
    .selectFrom('payments')
    .select(['amount_cents', 'currency', 'tutor_profile_id'])
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
}

/** The payment as the ledger reads it, with its tutor's taught minutes, in one query. */
export async function findPaymentWithTaughtMinutes(db: Db, paymentId: string) {
  const row = await db
    .selectFrom('payments as p')
    .select((eb) => [
      'p.amount_cents',
      'p.currency',
      'p.tutor_profile_id',
      taughtMinutesQuery(db, eb.ref('p.tutor_profile_id')).as('taught_minutes'),
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return { ...row, taught_minutes: Number(row.taught_minutes) };
}

/** Fixes a payment's commission rate once (a second call keeps the first). */
export async function insertPaymentCommission(
  db: Db,
  row: { paymentId: string; rateBp: number; taughtMinutes: number; fixedAt: Date },
) {
  await db
    .insertInto('payment_commissions')
    .values({
      payment_id: row.paymentId,
      rate_bp: row.rateBp,
      taught_minutes: row.taughtMinutes,
      fixed_at: row.fixedAt,
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}

export async function hasPosting(db: Db, eventKey: string) {
  const row = await db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('event_key', '=', eventKey)
    .executeTakeFirst();
  return row !== undefined;
}

export type DueEarning = {
  lesson_id: string;
  tutor_profile_id: string;
  net_cents: number;
  currency: string;
  payment_id: string;
};

/**
 * Pending earnings whose lesson ended before `endedBefore`, without an open report of the
 * lesson's student against the tutor; locked, skipping rows a parallel sweep holds.
 */
export function lockDueEarnings(
  trx: Transaction<DB>,
  endedBefore: Date,
  tutorProfileId?: string,
): Promise<DueEarning[]> {
  return trx
    .selectFrom('lesson_earnings as le')
    .select(['le.lesson_id', 'le.tutor_profile_id', 'le.net_cents', 'le.currency', 'le.payment_id'])
    .where('le.status', '=', 'pending')
    .where('le.lesson_ends_at', '<=', endedBefore)
    .$if(tutorProfileId !== undefined, (q) => q.where('le.tutor_profile_id', '=', tutorProfileId!))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reports as r')
            .innerJoin('payments as p', 'p.id', 'le.payment_id')
            .innerJoin('tutor_profiles as tp', 'tp.id', 'le.tutor_profile_id')
            .select('r.id')
            .where('r.status', '=', 'open')
            .whereRef('r.reporter_id', '=', 'p.student_id')
            .whereRef('r.reported_user_id', '=', 'tp.user_id'),
        ),
      ),
    )
    .orderBy('le.lesson_id')
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markEarningAvailable(db: Db, lessonId: string, releasedAt: Date) {
  await db
    .updateTable('lesson_earnings')
    .set({ status: 'available', released_at: releasedAt })
    .where('lesson_id', '=', lessonId)
    .execute();
}
