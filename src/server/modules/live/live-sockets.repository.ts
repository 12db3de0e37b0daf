import { sql, type Kysely } from 'kysely';
import { EVENT_CHANNELS, notifyChannel } from '../../db/database-events';
import type { DB } from '../../db/types';

// The live sockets of every process (migration 032-a): what the per-user cap counts.

/** A process that has not beaten for this long is gone (killed): its sockets no longer count. */
const goneAfter = (heartbeatMs: number) => sql`${`${(heartbeatMs * 3) / 1000} seconds`}::interval`;

/**
 * Registers this process and drops those gone; `others` too when no other can be alive (the
 * embedded database is one process's: ADR 016).
 */
export async function registerInstance(
  db: Kysely<DB>,
  id: string,
  heartbeatMs: number,
  { others }: { others: 'stale' | 'all' },
) {
  await db.insertInto('live_instances').values({ id }).execute();
  await db
    .deleteFrom('live_instances')
    .where('id', '!=', id)
    .$if(others === 'stale', (query) =>
      query.where('seen_at', '<', sql<Date>`now() - ${goneAfter(heartbeatMs)}`),
    )
    .execute();
}

/** This process is alive; any that stopped beating is dropped with its sockets. */
export async function beat(db: Kysely<DB>, id: string, heartbeatMs: number) {
  // Upsert: a beat after the row was dropped (a long pause) brings it back.
  await db
    .insertInto('live_instances')
    .values({ id })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ seen_at: sql`now()` }))
    .execute();
  await db
    .deleteFrom('live_instances')
    .where('seen_at', '<', sql<Date>`now() - ${goneAfter(heartbeatMs)}`)
    .execute();
}

export async function dropInstance(db: Kysely<DB>, id: string) {
  await db.deleteFrom('live_instances').where('id', '=', id).execute();
}

/**
 * Records a user's new socket and takes away their oldest beyond `max`, on any process: the
 * ids taken are announced (EVENT_CHANNELS.live, on commit) for their processes to close.
 * One user's sockets are counted one opening at a time (a lock on the user).
 */
export async function openSocket(
  db: Kysely<DB>,
  socket: { id: string; instanceId: string; userId: string; openedAt: Date },
  { max, heartbeatMs }: { max: number; heartbeatMs: number },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${socket.userId}, 31))`.execute(trx);
    await trx
      .insertInto('live_sockets')
      .values({
        id: socket.id,
        instance_id: socket.instanceId,
        user_id: socket.userId,
        opened_at: socket.openedAt,
      })
      .execute();
    // A gone process's sockets do not count, even before a beat drops them.
    const over = await trx
      .selectFrom('live_sockets as s')
      .innerJoin('live_instances as i', 'i.id', 's.instance_id')
      .select('s.id')
      .where('s.user_id', '=', socket.userId)
      .where('i.seen_at', '>=', sql<Date>`now() - ${goneAfter(heartbeatMs)}`)
      .orderBy('s.opened_at', 'desc')
      .orderBy('s.seq', 'desc')
      .offset(max)
      .limit(1_000)
      .execute();
    if (over.length === 0) return [];
    const ids = over.map((row) => row.id);
    await trx.deleteFrom('live_sockets').where('id', 'in', ids).execute();
    await notifyChannel(trx, EVENT_CHANNELS.live, JSON.stringify(ids));
    return ids;
  });
}

export async function closeSocket(db: Kysely<DB>, id: string) {
  await db.deleteFrom('live_sockets').where('id', '=', id).execute();
}
