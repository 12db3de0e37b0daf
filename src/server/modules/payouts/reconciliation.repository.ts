import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types';

// All SQL of reconciliation (migrations 028-b, 032-b): the ledger's provider cash per payout, per
// charge and per refund; the built-in providers' own records of them; and the runs with their
// findings.

type Db = Kysely<DB> | Transaction<DB>;

/** Σ of the entries on one kind of account, negated when `out` (money leaving it), 0 if none. */
const cashOn = (kind: 'provider_cash' | 'tutor_in_transit', out = false) =>
  sql<string>`coalesce(${out ? sql`-` : sql``}sum(le.amount_cents) filter (where la.kind = ${kind}), 0)`;

/**
 * Per payout of a provider: the cash that left by the ledger (its provider_cash entries,
 * negated) and what is in transit (its tutor_in_transit entries, negated), with its status.
 */
export const ledgerPayoutMoney = (db: Db, provider: string) =>
  db
    .selectFrom('payouts as p')
    .leftJoin('ledger_transactions as lt', 'lt.payout_id', 'p.id')
    .leftJoin('ledger_entries as le', 'le.transaction_id', 'lt.id')
    .leftJoin('ledger_accounts as la', 'la.id', 'le.account_id')
    .select([
      'p.id',
      'p.status',
      'p.currency',
      'p.provider_transfer_id',
      cashOn('provider_cash', true).as('cash_out'),
      cashOn('tutor_in_transit', true).as('in_transit'),
    ])
    .where('p.provider', '=', provider)
    .groupBy('p.id')
    .execute();

/**
 * The ledger's money of students through a provider, one row per ledger transaction of `kind`:
 * a payment received (cash in) or a refund (cash out, negative), with the payment's intent at
 * the provider and, for a refund, its row (our id, given to the provider as its reference) and
 * the provider's id of it.
 */
export const ledgerPaymentCash = (
  db: Db,
  provider: 'local' | 'stripe',
  kind: 'payment_received' | 'refund',
) =>
  db
    .selectFrom('ledger_transactions as lt')
    .innerJoin('payments as p', 'p.id', 'lt.payment_id')
    .innerJoin('ledger_entries as le', 'le.transaction_id', 'lt.id')
    .innerJoin('ledger_accounts as la', 'la.id', 'le.account_id')
    // A refund's ledger event is keyed by its refund row's idempotency key (money-events.ts).
    .leftJoin('payment_refunds as r', (join) =>
      join.on(sql<boolean>`lt.event_key = 'refund:' || r.idempotency_key`),
    )
    .select([
      'lt.id',
      'p.id as payment_id',
      'p.provider_payment_intent_id',
      'p.currency',
      'r.id as refund_id',
      'r.provider_refund_id',
      cashOn('provider_cash').as('cash'),
    ])
    .where('lt.kind', '=', kind)
    .where('p.provider', '=', provider)
    // By primary keys (payment_refunds': its idempotency key), so their columns may be selected.
    .groupBy(['lt.id', 'p.id', 'r.idempotency_key'])
    .execute();

export const localTransfers = (db: Db) =>
  db
    .selectFrom('local_transfers')
    .select(['id', 'idempotency_key', 'amount_cents', 'currency', 'status'])
    .execute();

/** The built-in checkout's paid sessions: each is one charge of its payment intent. */
export const localCharges = (db: Db) =>
  db
    .selectFrom('local_checkout_sessions')
    .select(['payment_intent_id', 'amount_cents', 'currency'])
    .where('payment_status', '=', 'paid')
    .execute();

/** The built-in checkout's refunds, each with its reference (our refund row's id). */
export const localRefunds = (db: Db) =>
  db
    .selectFrom('local_refunds as r')
    .innerJoin('local_checkout_sessions as s', 's.id', 'r.session_id')
    .select(['r.id', 'r.reference', 'r.amount_cents', 's.currency'])
    .execute();

export interface FindingRow {
  subject: 'transfer' | 'charge' | 'refund';
  kind: 'unknown' | 'missing' | 'amount_differs';
  /** The provider's id of the transfer, payment intent or refund, where one is known. */
  providerRef: string | null;
  payoutId: string | null;
  paymentId: string | null;
  currency: string;
  ledgerCents: number;
  providerCents: number;
}

export async function saveRun(
  trx: Transaction<DB>,
  run: { provider: string; at: Date; findings: FindingRow[] },
) {
  const { id } = await trx
    .insertInto('reconciliation_runs')
    .values({ provider: run.provider, finished_at: run.at, findings: run.findings.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (run.findings.length > 0)
    await trx
      .insertInto('reconciliation_findings')
      .values(
        run.findings.map((f) => ({
          run_id: id,
          subject: f.subject,
          kind: f.kind,
          provider_ref: f.providerRef,
          payout_id: f.payoutId,
          payment_id: f.paymentId,
          currency: f.currency,
          ledger_cents: f.ledgerCents,
          provider_cents: f.providerCents,
        })),
      )
      .execute();
  return id;
}

/**
 * The latest run of any provider, with its findings and whose money each is about: the tutor
 * of a payout, the student of a payment.
 */
export async function latestRun(db: Db) {
  const run = await db
    .selectFrom('reconciliation_runs')
    .selectAll()
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run) return undefined;
  const findings = await db
    .selectFrom('reconciliation_findings as f')
    .leftJoin('payouts as po', 'po.id', 'f.payout_id')
    .leftJoin('tutor_profiles as tp', 'tp.id', 'po.tutor_profile_id')
    .leftJoin('payments as pa', 'pa.id', 'f.payment_id')
    .leftJoin('users as u', (join) =>
      join.on((eb) => eb('u.id', '=', eb.fn.coalesce('tp.user_id', 'pa.student_id'))),
    )
    .selectAll('f')
    .select('u.full_name as name')
    .where('f.run_id', '=', run.id)
    .orderBy('f.id')
    .execute();
  return { run, findings };
}
