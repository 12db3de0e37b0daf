import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { runArrivedAt } from './oldest-request-first';

describe("PGlite's one connection, oldest request first", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ driver: 'pglite' });
  });
  afterAll(() => database.close());

  it('gives the connection to the query of the request that came first, not the first to ask', async () => {
    const db = database.db;
    const done: string[] = [];
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    // A transaction holds the connection while the others ask for it.
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => (holding = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      holding();
      await held;
    });
    await holds;
    const ask = (name: string) => sql`select 1`.execute(db).then(() => void done.push(name));
    const asked = [
      runArrivedAt(30, () => ask('came third, asked first')),
      ask('a job, asked second'),
      runArrivedAt(10, () => ask('came first, asked third')),
      runArrivedAt(20, () => ask('came second, asked fourth')),
      runArrivedAt(10, () => ask('came first, its second query')),
    ];
    free();
    await Promise.all([transaction, ...asked]);
    expect(done).toEqual([
      'came first, asked third',
      'came first, its second query',
      'came second, asked fourth',
      'came third, asked first',
      'a job, asked second',
    ]);
  });

  it('hands the connection on when a query fails', async () => {
    await expect(sql`select nonsense`.execute(database.db)).rejects.toThrow();
    const row = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(row.rows).toEqual([{ one: 1 }]);
  });
});
