import { LRUCache } from 'lru-cache';
import { EVENT_CHANNELS, type DatabaseEvents } from '../../db/database-events';

// The tutor profiles students open, kept in each process's memory (ADR 047): a profile is read
// by many and changed rarely, and its read is the heaviest of the page's requests. The database
// announces every change to a profile (migration 033-a), and each process drops what it was
// told changed; a lost LISTEN connection (notifications missed) drops everything.

/** Enough for every listed tutor of a large catalogue's busy part; a few KB each. */
const MAX_PROFILES = 1_000;

export interface ProfileCache<T extends object> {
  /**
   * The profile `id`, as `load` reads it when no copy is kept. Requests for one profile while it
   * is being read share the read. Nothing found (undefined) or a failed read is not kept.
   */
  get(id: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  close(): Promise<void>;
}

/** Without database events (an app built without a server) nothing is kept: each get reads. */
export async function profileCache<T extends object>(
  events: DatabaseEvents | undefined,
): Promise<ProfileCache<T>> {
  if (!events) return { get: (_id, load) => load(), close: async () => {} };
  const kept = new LRUCache<string, Promise<T | undefined>>({ max: MAX_PROFILES });
  const unlisten = await events.listen(EVENT_CHANNELS.tutorProfiles, {
    onPayload(payload) {
      if (payload === '*') kept.clear();
      else for (const id of payload.split(',')) kept.delete(id);
    },
    onResync: () => kept.clear(),
  });
  // Only the read still kept under its id is dropped: a change announced meanwhile has
  // already dropped it, and a newer read may be there.
  const forget = (id: string, read: Promise<T | undefined>) => {
    if (kept.peek(id) === read) kept.delete(id);
  };
  return {
    get(id, load) {
      const copy = kept.get(id);
      if (copy) return copy;
      // Kept before it resolves: a change announced while it reads drops it, so no request that
      // comes after the announcement gets what was read before the change.
      const read = load();
      kept.set(id, read);
      read.then(
        (value) => value === undefined && forget(id, read),
        () => forget(id, read),
      );
      return read;
    },
    close: () => unlisten(),
  };
}
