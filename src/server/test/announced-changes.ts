import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { notifyChannel } from '../db/database-events';
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

/** A channel of the tests' own, for the marker below. */
const MARKER_CHANNEL = 'tutora_test_marker';

/**
 * Resolves once the process on `database` has heard every change committed before the call: a
 * connection receives notifications in the order their transactions committed, so a marker sent
 * now arrives after them. What a user's next request would see a moment after a write; a test's
 * next request can come sooner than the announcement (ADR 047).
 */
export async function announcementsHeard(database: Database): Promise<void> {
  const marker = crypto.randomUUID();
  let heard!: () => void;
  const arrived = new Promise<void>((resolve) => (heard = resolve));
  const unlisten = await database.events.listen(MARKER_CHANNEL, {
    onPayload: (payload) => payload === marker && heard(),
  });
  try {
    await notifyChannel(database.db, MARKER_CHANNEL, marker);
    await arrived;
  } finally {
    await unlisten();
  }
}

/** Writes with the database's triggers off: a change nobody announces (superuser only). */
export function unannounced(db: Kysely<DB>, write: (trx: Kysely<DB>) => Promise<unknown>) {
  return db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await write(trx);
  });
}
