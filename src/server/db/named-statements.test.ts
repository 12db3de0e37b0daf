import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { PLANNED_FOR_ITS_VALUES } from './named-statements';
import type { DB } from './types';
import { openTestDatabase, TEST_DRIVERS } from '../test/test-database';

/** The statements prepared on the connection `db` runs on whose text contains `marker`. */
async function preparedWith(db: Kysely<DB>, marker: string) {
  const { rows } = await sql<{ name: string }>`
    select name from pg_prepared_statements where strpos(statement, ${marker}) > 0
  `.execute(db);
  return rows.map((row) => row.name);
}

describe.each(TEST_DRIVERS)('named statements on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { migrated: false });
  });
  afterAll(() => database.close());

  it('prepares a statement with parameters once per connection and runs it again by name', async () => {
    await database.db.connection().execute(async (db) => {
      const first = await sql<{ n: number }>`select ${1}::int as n -- probe one`.execute(db);
      const again = await sql<{ n: number }>`select ${2}::int as n -- probe one`.execute(db);
      expect([first.rows[0]?.n, again.rows[0]?.n]).toEqual([1, 2]);
      expect(await preparedWith(db, 'probe one')).toEqual([expect.stringMatching(/^tutora_/)]);
    });
  });

  it('leaves a statement planned for its values unnamed', async () => {
    await database.db.connection().execute(async (db) => {
      for (const n of [1, 2])
        await sql`select ${n}::int as n -- probe four ${PLANNED_FOR_ITS_VALUES}`.execute(db);
      expect(await preparedWith(db, 'probe four')).toEqual([]);
    });
  });

  it('sends a text without parameters as before, so a migration may hold many statements', async () => {
    await database.db.connection().execute(async (db) => {
      await sql
        .raw('create table probe_two (a int); insert into probe_two values (7); -- probe two')
        .execute(db);
      const { rows } = await sql<{ a: number }>`select a from probe_two`.execute(db);
      expect(rows).toEqual([{ a: 7 }]);
      expect(await preparedWith(db, 'probe two')).toEqual([]);
      await sql`drop table probe_two`.execute(db);
    });
  });

  it('fails one query when a table changes under its select *, then prepares it afresh', async () => {
    await database.db.connection().execute(async (db) => {
      await sql`create table probe_three (a int)`.execute(db);
      const read = () => sql`select * from probe_three where a <> ${0} -- probe three`.execute(db);
      await read();
      await sql`alter table probe_three add column b int`.execute(db);
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      await sql`insert into probe_three values (${5}, ${6})`.execute(db);
      expect((await read()).rows).toEqual([{ a: 5, b: 6 }]);
      await sql`drop table probe_three`.execute(db);
    });
  });
});
