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

/**
 * Marks the process alive now. Its record comes back if it had been dropped (a pause longer
 * than three beats, or the database restarting, made it look gone to another process): then
 * its sockets had gone with it, and true says so.
 */
async function markAlive(db: Kysely<DB>, id: string) {
  const row = await db
    .insertInto('live_instances')
    .values({ id })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ seen_at: sql`now()` }))
    // xmax is 0 on a row this statement inserted, not on one it updated.
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirstOrThrow();
  return row.inserted;
}

/**
 * This process is alive; any that stopped beating is dropped with its sockets. True when this
 * process's own record had been dropped (its sockets are to be recorded again).
 */
export async function beat(db: Kysely<DB>, id: string, heartbeatMs: number) {
  const revived = await markAlive(db, id);
  await db
    .deleteFrom('live_instances')
    .where('seen_at', '<', sql<Date>`now() - ${goneAfter(heartbeatMs)}`)
    .execute();
  return revived;
}

export interface LiveSocket {
  id: string;
  instanceId: string;
  userId: string;
  openedAt: Date;
}

/**
 * Records sockets; one already recorded stays as it is (a beat that revived its process may
 * record it again while its own opening is under way).
 */
const recordSockets = (db: Kysely<DB>, sockets: LiveSocket[]) =>
  db
    .insertInto('live_sockets')
    .values(
      sockets.map((socket) => ({
        id: socket.id,
        instance_id: socket.instanceId,
        user_id: socket.userId,
        opened_at: socket.openedAt,
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();

/** Records sockets again after their process's record came back. */
export async function recordSocketsAgain(db: Kysely<DB>, sockets: LiveSocket[]) {
  if (sockets.length > 0) await recordSockets(db, sockets);
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
  socket: LiveSocket,
  { max, heartbeatMs }: { max: number; heartbeatMs: number },
): Promise<{ closed: string[]; revived: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${socket.userId}, 31))`.execute(trx);
    // A process opening a socket is alive, even if another took it for gone (the soak found
    // this socket's insert refused after PostgreSQL restarted: its process's record was gone).
    const revived = await markAlive(trx, socket.instanceId);
    await recordSockets(trx, [socket]);
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
    if (over.length === 0) return { closed: [], revived };
    const ids = over.map((row) => row.id);
    await trx.deleteFrom('live_sockets').where('id', 'in', ids).execute();
    await notifyChannel(trx, EVENT_CHANNELS.live, JSON.stringify(ids));
    return { closed: ids, revived };
  });
}

export async function closeSocket(db: Kysely<DB>, id: string) {
  await db.deleteFrom('live_sockets').where('id', '=', id).execute();
}
