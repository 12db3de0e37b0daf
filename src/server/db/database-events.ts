import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { z } from 'zod';
import type { DB } from './types';

/**
 * PostgreSQL `LISTEN`/`NOTIFY` on both drivers: how one API process tells the others that
 * something changed (a message sent, a session revoked). Senders notify through SQL
 * (`notifyChannel` in the same transaction as the change, so nothing is announced that did not
 * commit); this is the receiving side.
 */
export interface DatabaseEvents {
  /**
   * Calls `onPayload` with each notification on `channel`. `onResync` runs whenever the
   * listening connection was (re)established after a loss: notifications sent meanwhile are gone,
   * so a subscriber that caches must drop its cache, and one that pushes must let clients refetch.
   */
  listen(channel: string, handlers: EventHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * True when every listener has heard a change before the statement that committed it returns
   * (PGlite: one process, one connection, notifications handed out as the commit's answer is
   * read). Then what is kept until an announcement is never older than the last commit.
   */
  readonly heardWithCommit: boolean;
}

export interface EventHandlers {
  onPayload(payload: string): void;
  onResync?(): void;
}

/** The channel names in use, one place: a typo would be a silent loss. */
export const EVENT_CHANNELS = {
  /** A user's session ended; the payload is the user id (a trigger sends it: migration 024). */
  sessions: 'tutora_sessions',
  /** A user's session was renewed or their row changed: the user id, or '*' for all (033-c). */
  sessionChanges: 'tutora_session_changes',
  messages: 'tutora_messages',
  classroom: 'tutora_classroom',
  /** Live sockets over a user's cap, to be closed by the process holding them (JSON ids). */
  live: 'tutora_live',
  /** The admins' counts may have changed (a report filed or resolved: migration 032-d). */
  admin: 'tutora_admin',
  /** Tutor profiles changed: their ids, comma-separated, or '*' (migration 033-a, ADR 047). */
  tutorProfiles: 'tutora_tutor_profiles',
  /**
   * The time some tutors' or students' lessons hold changed: tutor profile and student ids,
   * comma-separated, or '*' (migration 033-b, ADR 047).
   */
  heldTimes: 'tutora_held_times',
} as const;

/**
 * PGlite: one in-process connection. `listen` runs `LISTEN` on it, so it is taken through the
 * pool: holding the pool's only client, no transaction of the app is open that the `LISTEN`
 * would join (and vanish with on rollback).
 */
export function pgliteEvents(pglite: PGlite, pool: pg.Pool): DatabaseEvents {
  return {
    async listen(channel, handlers) {
      const client = await pool.connect();
      let unlisten: () => Promise<void>;
      try {
        unlisten = await pglite.listen(channel, handlers.onPayload);
      } finally {
        client.release();
      }
      return async () => {
        const again = await pool.connect();
        try {
          await unlisten();
        } finally {
          again.release();
        }
      };
    },
    close: async () => {},
    heardWithCommit: true,
  };
}

/**
 * Announces `payload` on `channel` to every process. Inside a transaction it is delivered on
 * commit, and not at all on rollback. PostgreSQL caps a payload near 8 000 bytes: send ids, not
 * content.
 */
export async function notifyChannel(db: Kysely<DB>, channel: string, payload: string) {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * PostgreSQL server: one dedicated connection per process for every channel (a pooled one
 * would be handed to queries and lose its `LISTEN`s). When it drops, it reconnects with backoff,
 * listens again and tells each subscriber to resync.
 */
export function postgresEvents(url: string): DatabaseEvents {
  const subscribers = new Map<string, Set<EventHandlers>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let attempt = 0;

  const dispatch = (message: pg.Notification) => {
    for (const handlers of subscribers.get(message.channel) ?? [])
      handlers.onPayload(message.payload ?? '');
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', dispatch);
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      await next.connect();
      // Closed while connecting: this client would be left open, listening for nobody.
      if (closed) {
        await next.end().catch(() => {});
        throw new Error('The database events connection is closed');
      }
      for (const channel of subscribers.keys()) await next.query(`listen ${quoted(channel)}`);
      client = next;
      attempt = 0;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const lost = (which: pg.Client) => {
    if (closed || client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => void reconnect(), delay).unref();
  };

  const reconnect = async () => {
    // A listen() during the outage may have connected already: a second client would deliver
    // every notification twice and never be ended.
    if (closed || client) return;
    try {
      await connect();
    } catch (error) {
      console.warn(`tutora: database events connection failed: ${(error as Error).message}`);
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
      setTimeout(() => void reconnect(), delay).unref();
      return;
    }
    for (const set of subscribers.values()) for (const handlers of set) handlers.onResync?.();
  };

  return {
    async listen(channel, handlers) {
      let set = subscribers.get(channel);
      const first = !set;
      if (!set) subscribers.set(channel, (set = new Set()));
      set.add(handlers);
      const live = client ?? (await connect());
      // A fresh connection already listened to every channel in the map.
      if (first && live === client) await live.query(`listen ${quoted(channel)}`);
      return async () => {
        set.delete(handlers);
        if (set.size > 0 || subscribers.get(channel) !== set) return;
        subscribers.delete(channel);
        await client?.query(`unlisten ${quoted(channel)}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      subscribers.clear();
      await client?.end().catch(() => {});
      client = undefined;
    },
    // Another connection hears a commit some time after it returned.
    heardWithCommit: false,
  };
}

function quoted(channel: string): string {
  return `"${channel.replaceAll('"', '""')}"`;
}

/**
 * A notification's JSON payload read with its schema: undefined when it is not JSON or not of
 * that shape (anyone with SQL access can NOTIFY; a bad payload is logged and dropped, never
 * thrown into the listener).
 */
export function parsePayload<T>(schema: z.ZodType<T>, payload: string): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
