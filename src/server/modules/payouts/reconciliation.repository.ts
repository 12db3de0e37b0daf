import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/types';

// All SQL of reconciliation (migration 028-b): the ledger's money out per payout, the built-in
// provider's transfers, and the runs with their findings.

type Db = Kysely<DB> | Transaction<DB>;

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
      sql<string>`coalesce(-sum(le.amount_cents) filter (where la.kind = 'provider_cash'), 0)`.as(
        'cash_out',
      ),
      sql<string>`coalesce(-sum(le.amount_cents) filter (where la.kind = 'tutor_in_transit'), 0)`.as(
        'in_transit',
      ),
    ])
    .where('p.provider', '=', provider)
    .groupBy('p.id')
    .execute();

export const localTransfers = (db: Db) =>
  db
    .selectFrom('local_transfers')
    .select(['id', 'idempotency_key', 'amount_cents', 'currency', 'status'])
    .execute();

export interface FindingRow {
  kind: 'unknown_transfer' | 'missing_transfer' | 'amount_differs';
  transferId: string | null;
  payoutId: string | null;
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
          kind: f.kind,
          transfer_id: f.transferId,
          payout_id: f.payoutId,
          currency: f.currency,
          ledger_cents: f.ledgerCents,
          provider_cents: f.providerCents,
        })),
      )
      .execute();
  return id;
}

/** The latest run of any provider, with its findings and the tutor of each payout. */
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
    .leftJoin('payouts as p', 'p.id', 'f.payout_id')
    .leftJoin('tutor_profiles as tp', 'tp.id', 'p.tutor_profile_id')
    .leftJoin('users as u', 'u.id', 'tp.user_id')
    .select([
      'f.kind',
      'f.transfer_id',
      'f.payout_id',
      'f.currency',
      'f.ledger_cents',
      'f.provider_cents',
      'u.full_name',
    ])
    .where('f.run_id', '=', run.id)
    .orderBy('f.id')
    .execute();
  return { run, findings };
}
