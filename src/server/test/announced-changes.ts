import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

// For the tests of what processes keep until the database announces a change (ADR 047).

/** What `read` answers once `holds` is true of it (an announcement arrives on its own time). */
export async function once<T>(read: () => Promise<T>, holds: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`the change never showed: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Writes with the database's triggers off: a change nobody announces (superuser only). */
export function unannounced(db: Kysely<DB>, write: (trx: Kysely<DB>) => Promise<unknown>) {
  return db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await write(trx);
  });
}
