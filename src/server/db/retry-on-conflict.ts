import type { Kysely, Transaction } from 'kysely';
import type { DB } from './types';

// PostgreSQL may abort one of two transactions that wait on each other (deadlock, 40P01) or
// that cannot both be serialized (40001). The aborted one did nothing: running it again once
// almost always succeeds, since the other has committed meanwhile. The lock order of ADR 025
// keeps these rare; this keeps one from becoming a 500 (or a paid payment left pending).

const RETRYABLE = new Set(['40001', '40P01']);

/** Whether `error` is PostgreSQL aborting a transaction that may simply be run again. */
export const isRetryableConflict = (error: unknown) =>
  RETRYABLE.has((error as { code?: unknown } | undefined)?.code as string);

/** Runs `transaction` (a whole transaction), and once more if PostgreSQL aborted it as above. */
export async function retryOnceOnConflict<T>(transaction: () => Promise<T>): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (!isRetryableConflict(error)) throw error;
    return transaction();
  }
}

/** `db.transaction().execute(body)`, run once more if PostgreSQL aborted it as above. */
export function transactionRetriedOnce<T>(
  db: Kysely<DB>,
  body: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return retryOnceOnConflict(() => db.transaction().execute(body));
}
