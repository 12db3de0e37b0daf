import { LRUCache } from 'lru-cache';
import type { DatabaseEvents } from './database-events';

// What students read of tutors — a profile, a page of search results, a tutor's weekly windows
// and the lessons that hold time, for the slots — kept in each process's memory (ADR 047): read
// by many, and the heaviest reads of their pages. The database announces every change to them
// (migrations 033-a and 033-b) and each process drops what the change touched; a lost LISTEN
// connection (announcements missed) drops everything.

export interface AnnouncedCache<T> {
  /**
   * The value under `key`, as `load` reads it when no copy is kept. Requests for one key while
   * it is being read share the read. Nothing found (undefined) or a failed read is not kept.
   */
  get(key: string, load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface AnnouncedCacheOptions {
  /** Where the database announces the changes (one of EVENT_CHANNELS). */
  channel: string;
  /** How many values are kept at most (the least recently used go first). */
  max: number;
  /** The keys an announcement (ids, comma-separated, or '*') touches, or 'all'. */
  touched(payload: string): string[] | 'all';
}

/** The keys of a cache by the announced ids (profiles, holders of time). */
export const announcedIds = (payload: string): string[] | 'all' =>
  payload === '*' ? 'all' : payload.split(',');

/** Without database events (an app built without a server) nothing is kept: each get reads. */
export async function announcedCache<T>(
  events: DatabaseEvents | undefined,
  { channel, max, touched }: AnnouncedCacheOptions,
): Promise<AnnouncedCache<T>> {
  if (!events) return { get: (_key, load) => load(), close: async () => {} };
  const kept = new LRUCache<string, Promise<T>>({ max });
  const unlisten = await events.listen(channel, {
    onPayload(payload) {
      const keys = touched(payload);
      if (keys === 'all') kept.clear();
      else for (const key of keys) kept.delete(key);
    },
    onResync: () => kept.clear(),
  });
  // Only the read still kept under its key is dropped: a change announced meanwhile has
  // already dropped it, and a newer read may be there.
  const forget = (key: string, read: Promise<T>) => {
    if (kept.peek(key) === read) kept.delete(key);
  };
  return {
    get(key, load) {
      const copy = kept.get(key);
      if (copy) return copy;
      // Kept before it resolves: a change announced while it reads drops it, so no request that
      // comes after the announcement gets what was read before the change.
      const read = load();
      kept.set(key, read);
      read.then(
        (value) => value === undefined && forget(key, read),
        () => forget(key, read),
      );
      return read;
    },
    close: () => unlisten(),
  };
}
