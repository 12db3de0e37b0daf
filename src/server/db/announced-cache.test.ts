import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { announcedCache, announcedIds, type AnnouncedCache } from './announced-cache';
import type { Database } from './database';
import { notifyChannel } from './database-events';

// A cache whose announcements name owners (sessions by their user, ADR 055), on PGlite's real
// events: an announcement drops its owners' values and any read under way, and nothing else.

const CHANNEL = 'test_owned_values';

describe('values kept by owner', () => {
  let database: Database;
  let cache: AnnouncedCache<{ owner: string; version: number }>;
  const reads = new Map<string, number>();
  /** Reads `key` (counting the reads that ran) as a value of `owner`. */
  const get = (key: string, owner: string) =>
    cache.get(key, async () => {
      const version = (reads.get(key) ?? 0) + 1;
      reads.set(key, version);
      return { owner, version };
    });
  const announce = (payload: string) => notifyChannel(database.db, CHANNEL, payload);

  beforeAll(async () => {
    database = await openTestDatabase('pglite', { migrated: false });
    cache = await announcedCache(database.events, {
      channels: [CHANNEL],
      max: 100,
      touched: announcedIds,
      ownerOf: (value) => value.owner,
    });
  });
  afterAll(async () => {
    await cache.close();
    await database.close();
  });

  it("drops the announced owners' values and keeps the others'", async () => {
    await get('a1', 'ann');
    await get('a2', 'ann');
    await get('b1', 'bob');
    await announce('ann');
    expect((await get('a1', 'ann')).version).toBe(2);
    expect((await get('a2', 'ann')).version).toBe(2);
    expect((await get('b1', 'bob')).version).toBe(1);
    await announce('*');
    expect((await get('b1', 'bob')).version).toBe(2);
  });

  it('drops a read under way at any owner named, and keeps what a later read finds', async () => {
    let finish!: () => void;
    const held = cache.get('c1', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { owner: 'cat', version: 0 };
    });
    await announce('someone-else');
    finish();
    expect((await held).version).toBe(0);
    // Dropped while it read: this get reads again, and what it finds is kept.
    expect((await get('c1', 'cat')).version).toBe(1);
    expect((await get('c1', 'cat')).version).toBe(1);
    await announce('cat');
    expect((await get('c1', 'cat')).version).toBe(2);
  });
});
