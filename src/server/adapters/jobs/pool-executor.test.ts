import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { openTestDatabase, TEST_DRIVERS } from '../../test/test-database';
import { poolExecutor } from './pool-executor';

// The statements pg-boss sends, on a session that may be the app's own (PGlite).

describe.each(TEST_DRIVERS)('pg-boss statements on %s', (driver) => {
  let database: Database;
  /** One connection, as on PGlite: what a failed script leaves behind is what comes next. */
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { migrated: false });
    pool =
      driver === 'pglite' ? database.pool : new pg.Pool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    if (pool !== database.pool) await pool.end();
    await database.close();
  });

  it('runs a parameterless script of several statements, as pg-boss migrations are', async () => {
    const executor = poolExecutor(pool);
    await executor.executeSql(
      'BEGIN; CREATE SCHEMA script_probe; CREATE TABLE script_probe.t (n int); COMMIT;',
    );
    const { rows } = await executor.executeSql('SELECT count(*)::int AS n FROM script_probe.t');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('leaves the session usable after a script fails inside its transaction', async () => {
    const executor = poolExecutor(pool);
    await expect(executor.executeSql('BEGIN; SELECT 1/0; COMMIT;')).rejects.toThrow(
      'division by zero',
    );
    // Without the rollback this session stays "current transaction is aborted" (25P02).
    expect((await executor.executeSql('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([
      { one: 1 },
    ]);
  });

  it('answers nothing and touches nothing once closed', async () => {
    const executor = poolExecutor(pool);
    await executor.executeSql('SELECT 1');
    await executor.settled();
    executor.close();
    expect(await executor.executeSql('SELECT 1/0')).toEqual({ rows: [] });
  });
});
