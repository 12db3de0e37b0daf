import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';
import { DEFAULT_REFERENCE_DATA } from '../../domain/reference/reference-defaults';
import { openTestDatabase, TEST_DRIVERS } from '../test/test-database';

// Migrations that rewrite stored data, run against rows saved before them.

/** For the suite: a database with the migrations before `first` applied, closed after it. */
function databaseBefore(driver: (typeof TEST_DRIVERS)[number], first: string) {
  const opened: { database?: Database } = {};
  beforeAll(async () => {
    opened.database = await openTestDatabase(driver, { migrated: false });
    const all = await readMigrations();
    await migrate(
      opened.database.db,
      all.filter((migration) => migration.name < first),
    );
  });
  afterAll(() => opened.database?.close());
  return () => opened.database!;
}

describe.each(TEST_DRIVERS)('migration 010 on %s', (driver) => {
  const opened = databaseBefore(driver, '010');

  async function userWithDraft(email: string, draft: unknown) {
    const user = await opened()
      .db.insertInto('users')
      .values({ email, full_name: 'Ana Lima', first_name: 'Ana', last_name: 'Lima', role: 'tutor' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await opened()
      .db.insertInto('tutor_profile_drafts')
      .values({ user_id: user.id, draft: JSON.stringify(draft) })
      .execute();
    return user.id;
  }

  it('turns the hourly rate of saved wizard drafts from dollars into cents, leaving the rest', async () => {
    const basicInfo = { bio: 'I teach.', teachingExperience: 4, countryOfResidence: 'Portugal' };
    const ids = {
      fraction: await userWithDraft('a@example.com', {
        basic_info: { ...basicInfo, hourlyRate: 32.5 },
        media: { videoUrl: 'https://youtu.be/x' },
      }),
      tricky: await userWithDraft('b@example.com', {
        basic_info: { ...basicInfo, hourlyRate: 0.29 },
      }),
      whole: await userWithDraft('c@example.com', {
        basic_info: { ...basicInfo, hourlyRate: 200 },
      }),
      noStep: await userWithDraft('d@example.com', { media: { videoUrl: 'https://youtu.be/y' } }),
    };
    await migrate(opened().db);

    const drafts = new Map(
      (
        await opened().db.selectFrom('tutor_profile_drafts').select(['user_id', 'draft']).execute()
      ).map((row) => [row.user_id, row.draft]),
    );
    expect(drafts.get(ids.fraction)).toEqual({
      basic_info: { ...basicInfo, hourlyRateCents: 3250 },
      media: { videoUrl: 'https://youtu.be/x' },
    });
    expect(drafts.get(ids.tricky)).toEqual({ basic_info: { ...basicInfo, hourlyRateCents: 29 } });
    expect(drafts.get(ids.whole)).toEqual({
      basic_info: { ...basicInfo, hourlyRateCents: 20_000 },
    });
    expect(drafts.get(ids.noStep)).toEqual({ media: { videoUrl: 'https://youtu.be/y' } });
  });

  it('drops the UTC copies of weekly windows and is_recurring', async () => {
    await migrate(opened().db);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
       where table_name = 'availability_slots' order by column_name`.execute(opened().db);
    expect(columns.rows.map((row) => row.column_name)).toEqual([
      'created_at',
      'id',
      'local_day_of_week',
      'local_end_time',
      'local_start_time',
      'local_timezone',
      'tutor_profile_id',
    ]);
  });
});

describe.each(TEST_DRIVERS)('migration 014 on %s', (driver) => {
  const opened = databaseBefore(driver, '014');

  it('adds the wider catalogue after a catalogue seeded before it, keeping an operator’s own rows', async () => {
    const db = opened().db;
    // As seeded before 014 (the spec's first rows), and an operator's own Music, deactivated.
    await db
      .insertInto('subjects')
      .values([
        { name: 'English', display_order: 1 },
        { name: 'Mathematics', display_order: 2 },
        { name: 'Music', display_order: 3, is_active: false },
      ])
      .execute();
    await db
      .insertInto('languages')
      .values([
        { name: 'English', code: 'en', display_order: 1 },
        { name: 'Portugues', code: 'pt', display_order: 2 },
      ])
      .execute();
    await migrate(db);

    const subjects = await db
      .selectFrom('subjects')
      .select(['name', 'is_active'])
      .orderBy('display_order')
      .orderBy('id')
      .execute();
    expect(subjects.map((row) => row.name)).toEqual([
      'English',
      'Mathematics',
      'Music',
      'Spanish',
      'French',
      'German',
      'Programming',
      'Biology',
      'History',
      'Economics',
    ]);
    expect(subjects.find((row) => row.name === 'Music')?.is_active).toBe(false);
    const languages = await db
      .selectFrom('languages')
      .select('name')
      .orderBy('display_order')
      .execute();
    expect(languages.map((row) => row.name)).toEqual([
      'English',
      'Portugues',
      'Hindi',
      'Italian',
      'Korean',
      'Turkish',
    ]);
  });
});

describe.each(TEST_DRIVERS)('a new database on %s', (driver) => {
  it('gets the whole catalogue from the reference seed, in the defaults’ order and ids', async () => {
    const database = await openTestDatabase(driver);
    try {
      const subjects = await database.db
        .selectFrom('subjects')
        .select(['id', 'name'])
        .orderBy('display_order')
        .execute();
      expect(subjects).toEqual(DEFAULT_REFERENCE_DATA.subjects);
      const languages = await database.db
        .selectFrom('languages')
        .select(['id', 'name', 'code'])
        .orderBy('display_order')
        .execute();
      expect(languages).toEqual(DEFAULT_REFERENCE_DATA.languages);
    } finally {
      await database.close();
    }
  });
});
