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
   * it is being read share the read. Nothing found (undefined, null) or a failed read is not kept.
   */
  get(key: string, load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface AnnouncedCacheOptions<T> {
  /** Where the database announces the changes (of EVENT_CHANNELS). */
  channels: readonly string[];
  /** How many values are kept at most (the least recently used go first). */
  max: number;
  /** The ids an announcement touches, or 'all'. */
  touched(payload: string): string[] | 'all';
  /**
   * Whose a value is (a session: its user's id). With it, the announced ids are owners, not
   * keys: each drops its owner's values, and every read still under way (whose value it will
   * be is not known yet).
   */
  ownerOf?(value: NonNullable<T>): string;
}

/** The keys of a cache by the announced ids (profiles, holders of time). */
export const announcedIds = (payload: string): string[] | 'all' =>
  payload === '*' ? 'all' : payload.split(',');

interface Kept<T> {
  read: Promise<T>;
  /** Whose value the read found, once it has (with `ownerOf`). */
  owner?: string;
}

/** Without database events (an app built without a server) nothing is kept: each get reads. */
export async function announcedCache<T>(
  events: DatabaseEvents | undefined,
  { channels, max, touched, ownerOf }: AnnouncedCacheOptions<T>,
): Promise<AnnouncedCache<T>> {
  if (!events) return { get: (_key, load) => load(), close: async () => {} };
  const owned = ownerIndex();
  const kept = new LRUCache<string, Kept<T>>({
    max,
    dispose: (entry, key) => owned.remove(key, entry.owner),
  });
  const drop = (payload: string) => {
    const ids = touched(payload);
    if (ids === 'all') return kept.clear();
    for (const key of ownerOf ? owned.keysOf(ids) : ids) kept.delete(key);
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
  const found = (key: string, entry: Kept<T>, value: T) => {
    if (value === undefined || value === null) return forget(key, entry);
    if (!ownerOf || kept.peek(key) !== entry) return;
    entry.owner = ownerOf(value);
    owned.add(key, entry.owner);
  };
  return {
    get(key, load) {
      const copy = kept.get(key);
      if (copy) return copy.read;
      // Kept before it resolves: a change announced while it reads drops it, so no request that
      // comes after the announcement gets what was read before the change.
      const entry: Kept<T> = { read: load() };
      kept.set(key, entry);
      if (ownerOf) owned.add(key, undefined);
      entry.read.then(
        (value) => found(key, entry, value),
        () => forget(key, entry),
      );
      return entry.read;
    },
    close: async () => {
      await Promise.all(unlistens.map((unlisten) => unlisten()));
    },
  };
}

/** The kept keys by owner; reads still under way under `undefined`. */
function ownerIndex() {
  const keysByOwner = new Map<string | undefined, Set<string>>();
  return {
    add(key: string, owner: string | undefined) {
      if (owner !== undefined) keysByOwner.get(undefined)?.delete(key);
      let keys = keysByOwner.get(owner);
      if (!keys) keysByOwner.set(owner, (keys = new Set()));
      keys.add(key);
    },
    remove(key: string, owner: string | undefined) {
      const keys = keysByOwner.get(owner);
      keys?.delete(key);
      if (keys?.size === 0) keysByOwner.delete(owner);
    },
    keysOf(owners: string[]): string[] {
      return [undefined, ...owners].flatMap((owner) => [...(keysByOwner.get(owner) ?? [])]);
    },
  };
}
