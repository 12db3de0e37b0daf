import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';
import { openTestDatabase, TEST_DRIVERS } from '../test/test-database';

describe.each(TEST_DRIVERS)('database on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { migrated: false });
  });
  afterAll(() => database.close());

  it('applies every migration in order once and records it', async () => {
    const files = (await readMigrations()).map((m) => m.name);
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(await migrate(database.db)).toEqual(files);
    expect(await migrate(database.db)).toEqual([]);
    const recorded = await database.db
      .selectFrom('schema_migrations')
      .select('name')
      .orderBy('name')
      .execute();
    expect(recorded.map((row) => row.name)).toEqual(files);
  });

  it('rolls a failing migration back whole, recording nothing', async () => {
    const broken = [
      { name: '900-creates-a-table.sql', sql: 'create table half_done (id int);' },
      { name: '901-fails.sql', sql: 'select * from no_such_table;' },
    ];
    await expect(migrate(database.db, broken)).rejects.toThrow(/no_such_table/);
    const exists = await sql<{
      found: string | null;
    }>`select to_regclass('half_done')::text as found`.execute(database.db);
    expect(exists.rows[0]?.found).toBeNull();
    const recorded = await database.db
      .selectFrom('schema_migrations')
      .select('name')
      .where('name', 'like', '90%')
      .execute();
    expect(recorded).toEqual([]);
  });

  it('enforces an exclusion constraint over time ranges (btree_gist) with SQLSTATE 23P01', async () => {
    await sql`
      create temporary table bookings (
        tutor_id int not null,
        during tstzrange not null,
        exclude using gist (tutor_id with =, during with &&)
      )`.execute(database.db);
    await sql`insert into bookings values (1, tstzrange('2027-01-04 10:00Z', '2027-01-04 11:00Z'))`.execute(
      database.db,
    );
    // Touching ranges are fine; another tutor at the same time is fine.
    await sql`insert into bookings values (1, tstzrange('2027-01-04 11:00Z', '2027-01-04 12:00Z'))`.execute(
      database.db,
    );
    await sql`insert into bookings values (2, tstzrange('2027-01-04 10:30Z', '2027-01-04 11:30Z'))`.execute(
      database.db,
    );
    const overlap =
      sql`insert into bookings values (1, tstzrange('2027-01-04 10:30Z', '2027-01-04 11:30Z'))`.execute(
        database.db,
      );
    await expect(overlap).rejects.toMatchObject({ code: '23P01' });
  });

  it('matches misspelt words with a trigram index (pg_trgm)', async () => {
    await sql`create temporary table words (word text not null)`.execute(database.db);
    await sql`create index on words using gin (word gin_trgm_ops)`.execute(database.db);
    await sql`insert into words values ('Mathematics'), ('Chemistry'), ('Physics')`.execute(
      database.db,
    );
    const result = await sql<{ word: string }>`
      select word from words where word % 'Mathematiks' order by similarity(word, 'Mathematiks') desc`.execute(
      database.db,
    );
    expect(result.rows.map((row) => row.word)).toEqual(['Mathematics']);
  });
});
