import { LRUCache } from 'lru-cache';
import type { DatabaseEvents } from './database-events';

// What students read of tutors — a profile, a page of search results, a tutor's weekly windows
// and the lessons that hold time, for the slots — kept in each process's memory (ADR 047): read
// by many, and the heaviest reads of their pages. The database announces every change to them
// (migrations 033-a and 033-b) and each process drops what the change touched; a lost LISTEN
// connection (announcements missed) drops everything. Sessions are kept the same way where
// announcements arrive with the commit (ADR 055).

export interface AnnouncedCache<T> {
  /**
   * The value under `key`, as `load` reads it when no copy is kept. Requests for one key while
   * it is being read share the read. Nothing found (undefined) or a failed read is not kept.
   */
  get(key: string, load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface AnnouncedCacheOptions<T> {
  /** Where the database announces the changes (of EVENT_CHANNELS). */
  channels: readonly string[];
  /** How many values are kept at most (the least recently used go first). */
  max: number;
  /**
   * What an announcement touches: the keys (ids, comma-separated, or '*'), 'all', or a test of
   * each value kept (a read still under way is always touched: what it found is not known yet).
   */
  touched(payload: string): string[] | 'all' | ((value: T) => boolean);
}

/** The keys of a cache by the announced ids (profiles, holders of time). */
export const announcedIds = (payload: string): string[] | 'all' =>
  payload === '*' ? 'all' : payload.split(',');

interface Kept<T> {
  read: Promise<T>;
  /** What the read found, once it has. */
  found?: { value: T };
}

/** Without database events (an app built without a server) nothing is kept: each get reads. */
export async function announcedCache<T>(
  events: DatabaseEvents | undefined,
  { channels, max, touched }: AnnouncedCacheOptions<T>,
): Promise<AnnouncedCache<T>> {
  if (!events) return { get: (_key, load) => load(), close: async () => {} };
  const kept = new LRUCache<string, Kept<T>>({ max });
  const keysTouched = (payload: string): Iterable<string> | 'all' => {
    const keys = touched(payload);
    if (typeof keys !== 'function') return keys;
    return [...kept.entries()]
      .filter(([, { found }]) => !found || keys(found.value))
      .map(([key]) => key);
  };
  const drop = (payload: string) => {
    const keys = keysTouched(payload);
    if (keys === 'all') kept.clear();
    else for (const key of keys) kept.delete(key);
  };
  const unlistens = await Promise.all(
    channels.map((channel) =>
      events.listen(channel, { onPayload: drop, onResync: () => kept.clear() }),
    ),
  );
  // Only the read still kept under its key is dropped: a change announced meanwhile has
  // already dropped it, and a newer read may be there.
  const forget = (key: string, entry: Kept<T>) => {
    if (kept.peek(key) === entry) kept.delete(key);
  };
  return {
    get(key, load) {
      const copy = kept.get(key);
      if (copy) return copy.read;
      // Kept before it resolves: a change announced while it reads drops it, so no request that
      // comes after the announcement gets what was read before the change.
      const entry: Kept<T> = { read: load() };
      kept.set(key, entry);
      entry.read.then(
        (value) => {
          if (value === undefined) forget(key, entry);
          else entry.found = { value };
        },
        () => forget(key, entry),
      );
      return entry.read;
    },
    close: async () => {
      await Promise.all(unlistens.map((unlisten) => unlisten()));
    },
  };
}
