import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseDriver } from './database';
import { migrate, readMigrations } from './migrate';
import { createTutors } from '../test/factories';
import { DEFAULT_REFERENCE_DATA } from '../../domain/reference/reference-defaults';
import { openTestDatabase, TEST_DRIVERS } from '../test/test-database';
import { seedReferenceData } from './seed/reference-seed';

// Migrations that rewrite stored data, run against rows saved before them.

/** A fresh database with the migrations before `migration` (a name prefix) applied. */
async function openMigratedBefore(driver: DatabaseDriver, migration: string) {
  const database = await openTestDatabase(driver, { migrated: false });
  const all = await readMigrations();
  await migrate(
    database.db,
    all.filter(({ name }) => name < migration),
  );
  return database;
}

describe.each(TEST_DRIVERS)('migration 010 on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedBefore(driver, '010');
  });
  afterAll(() => database.close());

  async function userWithDraft(email: string, draft: unknown) {
    const user = await database.db
      .insertInto('users')
      .values({ email, full_name: 'Ana Lima', first_name: 'Ana', last_name: 'Lima', role: 'tutor' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('tutor_profile_drafts')
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
    await migrate(database.db);

    const drafts = new Map(
      (
        await database.db.selectFrom('tutor_profile_drafts').select(['user_id', 'draft']).execute()
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
    await migrate(database.db);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
       where table_name = 'availability_slots' order by column_name`.execute(database.db);
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

describe.each(TEST_DRIVERS)('migration 013 on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedBefore(driver, '013');
    await seedReferenceData(database.db);
  });
  afterAll(() => database.close());

  const windows = (tutorProfileId: string, savedAt: string, ranges: [number, string, string][]) =>
    database.db
      .insertInto('availability_slots')
      .values(
        ranges.map(([day, start, end]) => ({
          tutor_profile_id: tutorProfileId,
          local_day_of_week: day,
          local_start_time: start,
          local_end_time: end,
          local_timezone: 'UTC',
          created_at: new Date(savedAt),
        })),
      )
      .execute();

  const windowsOf = async (tutorProfileId: string) =>
    (
      await database.db
        .selectFrom('availability_slots')
        .select(['local_day_of_week', 'local_start_time', 'local_end_time'])
        .where('tutor_profile_id', '=', tutorProfileId)
        .orderBy('local_day_of_week')
        .orderBy('local_start_time')
        .execute()
    ).map((row) => [row.local_day_of_week, row.local_start_time, row.local_end_time]);

  it("keeps the newest of the sets racing saves left overlapping, and others' windows", async () => {
    const [raced, calm, odd] = await createTutors(database.db, 3);
    await windows(raced!.id, '2026-11-01T10:00:00Z', [
      [1, '09:00', '12:00'],
      [3, '14:00', '18:00'],
    ]);
    await windows(raced!.id, '2026-11-01T10:00:01Z', [
      [1, '10:00', '13:00'],
      [5, '08:00', '09:00'],
    ]);
    await windows(calm!.id, '2026-10-01T10:00:00Z', [
      [1, '09:00', '10:00'],
      [1, '10:00', '11:00'],
    ]);
    await windows(odd!.id, '2026-10-01T10:00:00Z', [
      [2, '09:00', '12:00'],
      [2, '11:00', '15:00'],
      [2, '15:00', '16:00'],
    ]);
    await migrate(database.db);

    expect(await windowsOf(raced!.id)).toEqual([
      [1, '10:00', '13:00'],
      [5, '08:00', '09:00'],
    ]);
    expect(await windowsOf(calm!.id)).toEqual([
      [1, '09:00', '10:00'],
      [1, '10:00', '11:00'],
    ]);
    expect(await windowsOf(odd!.id)).toEqual([
      [2, '09:00', '12:00'],
      [2, '15:00', '16:00'],
    ]);
  });
});
describe.each(TEST_DRIVERS)('migration 014 on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedBefore(driver, '014');
  });
  afterAll(() => database.close());

  it('adds the wider catalogue after a catalogue seeded before it, keeping an operator’s own rows', async () => {
    const db = database.db;
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
      'Polish',
      'Dutch',
      'Ukrainian',
      'Vietnamese',
      'Indonesian',
      'Swedish',
      'Greek',
      'Hebrew',
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

describe.each(TEST_DRIVERS)('migration 017 on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openMigratedBefore(driver, '017');
  });
  afterAll(() => database.close());

  it('recounts lessons taught from completed lessons, then keeps the count both ways', async () => {
    const db = database.db;
    await seedReferenceData(db);
    const [tutor] = await createTutors(db, 1);
    await db
      .updateTable('tutor_profiles')
      .set({ lessons_taught: 99 })
      .where('id', '=', tutor!.id)
      .execute();
    const student = await db
      .insertInto('users')
      .values({
        email: 'student@example.com',
        full_name: 'Maya Lindgren',
        first_name: 'Maya',
        last_name: 'Lindgren',
        role: 'student',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lesson = (day: number, status: 'completed' | 'scheduled') =>
      db
        .insertInto('lessons')
        .values({
          tutor_profile_id: tutor!.id,
          student_id: student.id,
          subject_id: tutor!.subjectId,
          starts_at: new Date(Date.UTC(2030, 0, day, 10)),
          ends_at: new Date(Date.UTC(2030, 0, day, 11)),
          duration_minutes: 50,
          status,
          price_cents: 3000,
          timezone: 'UTC',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const done = await lesson(1, 'completed');
    const next = await lesson(2, 'scheduled');
    const taught = async () =>
      (
        await db
          .selectFrom('tutor_profiles')
          .select('lessons_taught')
          .where('id', '=', tutor!.id)
          .executeTakeFirstOrThrow()
      ).lessons_taught;

    await migrate(db);
    expect(await taught()).toBe(1);
    await db
      .updateTable('lessons')
      .set({ status: 'completed' })
      .where('id', '=', next.id)
      .execute();
    expect(await taught()).toBe(2);
    await db
      .updateTable('lessons')
      .set({
        status: 'no_show',
        no_show_party: 'tutor',
        no_show_reported_at: new Date(Date.UTC(2030, 0, 1, 12)),
      })
      .where('id', '=', done.id)
      .execute();
    expect(await taught()).toBe(1);
    await db.deleteFrom('lessons').where('id', '=', next.id).execute();
    expect(await taught()).toBe(0);
  });
});
