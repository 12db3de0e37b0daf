import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app';
import { EVENT_CHANNELS, parsePayload } from '../../db/database-events';
import * as repository from './live-sockets.repository';

// The cap of live sockets per user, across every API process (issue #31 item 8): each process
// records its sockets in the database under its instance id; a new socket beyond the cap takes
// the user's oldest away, wherever it is, and the processes holding them are told (NOTIFY) to
// close them. Nothing a process keeps in memory is needed by another; a killed process stops
// beating and its sockets stop counting (live-sockets.repository).

/**
 * Live sockets one user may keep across all processes: a newer tab closes the oldest (4429),
 * so one account cannot pile up connections (each holds memory and a share of every fan-out).
 */
export const MAX_TABS_PER_USER = 10;

export interface TabCap {
  /** Records a user's new socket; any of theirs beyond the cap is closed where it is. */
  opened(socketId: string, userId: string): void;
  closed(socketId: string): void;
  /** This process is alive (the hub's heartbeat); drops the sockets of processes gone. */
  beat(): Promise<void>;
  /** Deletes this process's record, and with it its sockets. */
  stop(): Promise<void>;
}

const socketIds = z.array(z.string());

export async function startTabCap(
  deps: Pick<AppContext, 'db' | 'events' | 'driver'>,
  log: FastifyBaseLogger,
  options: { heartbeatMs: number; max?: number; closeHere: (socketIds: string[]) => void },
): Promise<TabCap> {
  const instanceId = randomUUID();
  const { db } = deps;
  const { heartbeatMs } = options;
  const max = options.max ?? MAX_TABS_PER_USER;
  // Recorded on first use (the first tab or beat), not at start: building the app reads
  // nothing from the database (the OpenAPI document is built with none behind it). A failed
  // attempt is tried again on the next use.
  let registering: Promise<void> | undefined;
  const registered = () =>
    (registering ??= repository
      .registerInstance(db, instanceId, options.heartbeatMs, {
        // The embedded database is one process's: whatever was there is a previous run's.
        others: deps.driver === 'pglite' ? 'all' : 'stale',
      })
      .catch((error: unknown) => {
        registering = undefined;
        throw error;
      }));
  const unlisten = await deps.events?.listen(EVENT_CHANNELS.live, {
    onPayload(payload) {
      const ids = parsePayload(socketIds, payload);
      if (ids) options.closeHere(ids);
      else log.warn({ payload }, 'live: ignored a malformed socket-cap signal');
    },
  });
  // This process's open sockets (recorded again if their records were dropped while they
  // lived), each with the write of its record, so that its deletion follows its insertion.
  const open = new Map<string, { socket: repository.LiveSocket; recorded: Promise<unknown> }>();
  const recordAgainIf = (revived: boolean) =>
    revived
      ? repository.recordSocketsAgain(
          db,
          [...open.values()].map(({ socket }) => socket),
        )
      : undefined;
  // Every write under way, for stop() to wait for.
  const underWay = new Set<Promise<unknown>>();
  const track = (write: Promise<unknown>) => {
    underWay.add(write);
    void write.finally(() => underWay.delete(write));
    return write;
  };
  const logged = (what: string) => (error: unknown) =>
    log.error({ err: error }, `live: could not ${what}`);

  return {
    opened(socketId, userId) {
      // The real time, not the app's clock (a test's fixed one): the order tabs opened in.
      const socket = { id: socketId, instanceId, userId, openedAt: new Date() };
      const opening = registered()
        .then(() => repository.openSocket(db, socket, { max, heartbeatMs }))
        .then(async ({ closed, revived }) => {
          await recordAgainIf(revived);
          // Ours are closed at once; the NOTIFY tells the other processes theirs.
          options.closeHere(closed);
        })
        .catch(logged('count the tabs of a user'));
      open.set(socketId, { socket, recorded: track(opening) });
    },
    closed(socketId) {
      const recorded = open.get(socketId)?.recorded;
      open.delete(socketId);
      void track(
        (recorded ?? Promise.resolve())
          .then(() => repository.closeSocket(db, socketId))
          .catch(logged('forget a closed tab')),
      );
    },
    beat: async () => {
      await registered();
      await recordAgainIf(await repository.beat(db, instanceId, options.heartbeatMs));
    },
    async stop() {
      await unlisten?.();
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
      if (registering) await repository.dropInstance(db, instanceId);
    },
  };
}
