import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReview } from '../../../contracts/reviews.contract';
import {
  getTutorProfile,
  searchTutors,
  type TutorProfileResponse,
} from '../../../contracts/tutors.contract';
import { fixedClock } from '../../adapters/clock';
import { once, unannounced } from '../../test/announced-changes';
import {
  createLesson,
  createStudent,
  createTutor,
  type TestStudent,
  type TestTutor,
} from '../../test/factories';
import type { TestClient } from '../../test/http-client';
import { startSecondProcess, startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { setWeeklyAvailability } from '../../test/weekly-availability';

// The tutor profiles and pages of search results each process keeps (ADR 047): served from
// memory until the database announces a change (migration 033-a), whichever table the change
// is in and whichever process made it.

const DAY = 24 * 60 * 60 * 1000;

/** The profile as `client` sees it once `expected` holds; fails after 5 s without it. */
function profileOnceItShows(
  client: TestClient,
  id: string,
  expected: (profile: { status: number; json: TutorProfileResponse }) => boolean,
) {
  const read = async () => {
    const response = await client.get(`/api/tutors/${id}`);
    return { status: response.status, json: response.json as TutorProfileResponse };
  };
  return once(read, expected);
}

describe.each(TEST_DRIVERS)('tutor profiles kept in memory on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a viewed profile from memory until the database announces a change', async () => {
    const tutor = await createTutor(t.database.db, { rateCents: 3000 });
    const student = await createStudent(t);
    const view = () => student.client.call(getTutorProfile, { params: { id: tutor.id } });
    expect((await view()).hourlyRateCents).toBe(3000);

    await unannounced(t.database.db, (db) =>
      db
        .updateTable('tutor_profiles')
        .set({ bio: 'Unannounced' })
        .where('id', '=', tutor.id)
        .execute(),
    );
    // Kept: the change was not announced, so the copy is what this process serves.
    expect((await view()).bio).not.toBe('Unannounced');

    await t.database.db
      .updateTable('tutor_profiles')
      .set({ hourly_rate_cents: 4500 })
      .where('id', '=', tutor.id)
      .execute();
    const seen = await profileOnceItShows(
      student.client,
      tutor.id,
      (p) => p.json.hourlyRateCents === 4500,
    );
    expect(seen.json.bio).toBe('Unannounced');
  });

  it('serves a page of search results from memory until a change to a tutor is announced', async () => {
    const tutor = await createTutor(t.database.db, {
      firstName: 'Odile',
      lastName: 'Quillfeather',
    });
    const student = await createStudent(t);
    const search = () => student.client.call(searchTutors, { query: { q: 'Quillfeather' } });
    expect((await search()).tutors.map((card) => card.id)).toEqual([tutor.id]);

    await unannounced(t.database.db, (db) =>
      db
        .updateTable('tutor_profiles')
        .set({ hourly_rate_cents: 7700 })
        .where('id', '=', tutor.id)
        .execute(),
    );
    expect((await search()).tutors[0]?.hourlyRateCents).not.toBe(7700);

    // Any tutor's announced change drops every page: the second tutor joins this one's results.
    const other = await createTutor(t.database.db, { firstName: 'Piet', lastName: 'Quillfeather' });
    const seen = await once(search, (page) => page.tutors.length === 2);
    expect(seen.tutors.map((card) => card.id).sort()).toEqual([tutor.id, other.id].sort());
    expect(seen.tutors.find((card) => card.id === tutor.id)?.hourlyRateCents).toBe(7700);
  });
});

const postgres = TEST_DRIVERS.filter((driver) => driver === 'postgres');

describe.skipIf(postgres.length === 0)('tutor profiles kept by two API processes', () => {
  let a: TestApp;
  let b: TestApp;
  const clock = fixedClock(new Date());
  beforeAll(async () => {
    a = await startTestApp('postgres', {}, { clock });
    b = await startSecondProcess(a, {}, { clock });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A tutor whose profile B keeps, and a student looking at it through B. */
  async function keptOnB(): Promise<{ tutor: TestTutor; student: TestStudent; onB: TestClient }> {
    const tutor = await createTutor(a.database.db, { subjects: ['Mathematics'] });
    const student = await createStudent(a);
    const onB = student.client.on(b.url);
    const first = await onB.get(`/api/tutors/${tutor.id}`);
    expect(first.status, first.text).toBe(200);
    return { tutor, student, onB };
  }

  const db = () => a.database.db;

  const changes: [
    string,
    (tutor: TestTutor) => Promise<unknown>,
    (profile: TutorProfileResponse, status: number) => boolean,
  ][] = [
    [
      'its price',
      (tutor) =>
        db()
          .updateTable('tutor_profiles')
          .set({ hourly_rate_cents: 5100 })
          .where('id', '=', tutor.id)
          .execute(),
      (p) => p.hourlyRateCents === 5100,
    ],
    [
      "the tutor's name",
      (tutor) =>
        db()
          .updateTable('users')
          .set({ first_name: 'Renamed' })
          .where('id', '=', tutor.userId)
          .execute(),
      (p) => p.firstName === 'Renamed',
    ],
    [
      'a subject added',
      async (tutor) => {
        const physics = await db()
          .selectFrom('subjects')
          .select('id')
          .where('name', '=', 'Physics')
          .executeTakeFirstOrThrow();
        await db()
          .insertInto('tutor_subjects')
          .values({
            tutor_profile_id: tutor.id,
            subject_id: physics.id,
            proficiency_level: 'expert',
          })
          .execute();
      },
      (p) => p.subjects.some((subject) => subject.name === 'Physics'),
    ],
    [
      'its languages removed',
      (tutor) =>
        db().deleteFrom('tutor_languages').where('tutor_profile_id', '=', tutor.id).execute(),
      (p) => p.languages.length === 0,
    ],
    [
      'a certificate',
      (tutor) =>
        db()
          .insertInto('tutor_certificates')
          .values({ tutor_profile_id: tutor.id, name: 'CELTA', issued_by: 'Cambridge', year: 2019 })
          .execute(),
      (p) => p.certificates.some((certificate) => certificate.name === 'CELTA'),
    ],
    [
      'its weekly availability',
      (tutor) =>
        setWeeklyAvailability(db(), tutor.id, tutor.timezone, [
          { dayOfWeek: 2, startTime: '09:00', endTime: '12:00' },
        ]),
      (p) => p.availability.slots.length === 1,
    ],
    [
      'a subject renamed (every profile)',
      () =>
        db()
          .updateTable('subjects')
          .set({ name: 'Maths' })
          .where('name', '=', 'Mathematics')
          .execute(),
      (p) => p.subjects.some((subject) => subject.name === 'Maths'),
    ],
    [
      'the tutor suspended',
      (tutor) =>
        db()
          .updateTable('users')
          .set({ suspended_at: new Date(), suspension_reason: 'Abusive messages' })
          .where('id', '=', tutor.userId)
          .execute(),
      (_p, status) => status === 404,
    ],
  ];

  it.each(changes)('shows on B %s, changed through A', async (_name, change, shows) => {
    const { tutor, onB } = await keptOnB();
    await change(tutor);
    await profileOnceItShows(onB, tutor.id, (p) => shows(p.json, p.status));
    // The rename is undone for the next cases, and announced the same way.
    await db()
      .updateTable('subjects')
      .set({ name: 'Mathematics' })
      .where('name', '=', 'Maths')
      .execute();
  });

  it("shows on B a review written through A, its author's new name, and the lesson it counted", async () => {
    const { tutor, student, onB } = await keptOnB();
    const lesson = await createLesson(db(), {
      tutor,
      studentId: student.id,
      start: new Date(clock.now().getTime() - 2 * DAY),
    });
    const before = await profileOnceItShows(onB, tutor.id, () => true);
    expect(before.json).toMatchObject({ reviews: [], lessonsCompleted: 0 });

    await student.client.call(createReview, {
      params: { id: lesson },
      body: { rating: 4, text: 'Clear explanations and a good plan for the next weeks.' },
    });
    const reviewed = await profileOnceItShows(onB, tutor.id, (p) => p.json.reviews.length === 1);
    // Completed by the review (ADR 019): Lessons taught moved with it.
    expect(reviewed.json).toMatchObject({ rating: 4, totalReviews: 1, lessonsCompleted: 1 });

    await db()
      .updateTable('users')
      .set({ first_name: 'Zoe' })
      .where('id', '=', student.id)
      .execute();
    await profileOnceItShows(
      onB,
      tutor.id,
      (p) => p.json.reviews[0]?.studentName.startsWith('Zoe') ?? false,
    );
  });

  it("shows on B's search results a tutor's price changed through A", async () => {
    const { tutor, onB } = await keptOnB();
    const search = `/api/tutors?q=${encodeURIComponent(tutor.name)}`;
    const first = await onB.get(search);
    expect(first.json.tutors.map((card: { id: string }) => card.id)).toContain(tutor.id);
    await db()
      .updateTable('tutor_profiles')
      .set({ hourly_rate_cents: 6600 })
      .where('id', '=', tutor.id)
      .execute();
    const priceOnB = async () =>
      ((await onB.get(search)).json.tutors as { id: string; hourlyRateCents: number }[]).find(
        (card) => card.id === tutor.id,
      )?.hourlyRateCents;
    await once(priceOnB, (cents) => cents === 6600);
  });
});
