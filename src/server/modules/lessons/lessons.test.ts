import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lesson, SlotsResponse } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { seedDemoTutors } from '../../db/seed/demo-tutors';
import { signUpAndVerify } from '../../test/accounts';
import type { TestClient } from '../../test/http-client';
import { fileForm, postForm } from '../../test/multipart';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { everyDay, setWeeklyAvailability } from '../../test/weekly-availability';

// Tutors teach 09:00–12:00 Tokyo time every day; the students look from Kolkata (UTC+5:30,
// Tokyo is UTC+9, neither has daylight saving): 09:00 Tokyo is 05:30 in Kolkata.
const TUTOR_ZONE = 'Asia/Tokyo';
const VIEWER_ZONE = 'Asia/Kolkata';
const FIRST_SLOT = '05:30-06:30';

/** The viewer's date `days` from now, 'YYYY-MM-DD'. */
const viewerDate = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: VIEWER_ZONE });

describe.each(TEST_DRIVERS)('booking and lessons on %s', (driver) => {
  let t: TestApp;
  let student: TestClient;
  let otherStudent: TestClient;
  let thirdStudent: TestClient;
  let tutorClient: TestClient;
  let tutorId: string;
  let secondTutorId: string;
  let subjectId: number;
  let secondSubjectId: number;
  let otherSubjectId: number;

  beforeAll(async () => {
    t = await startTestApp(driver);
    const db = t.database.db;
    await seedDemoTutors(db, { count: 4, seed: 3 });
    const newStudent = async () => (await signUpAndVerify(t.url, t.inbox, 'student')).client;
    [student, otherStudent, thirdStudent] = [
      await newStudent(),
      await newStudent(),
      await newStudent(),
    ];
    const tutors = await db.selectFrom('tutor_profiles').select('id').orderBy('id').execute();
    tutorId = tutors[0]!.id;
    secondTutorId = tutors[1]!.id;
    for (const id of [tutorId, secondTutorId])
      await setWeeklyAvailability(db, id, TUTOR_ZONE, everyDay('09:00', '12:00'));
    const subjectOf = async (id: string) =>
      (
        await db
          .selectFrom('tutor_subjects')
          .select('subject_id')
          .where('tutor_profile_id', '=', id)
          .executeTakeFirstOrThrow()
      ).subject_id;
    subjectId = await subjectOf(tutorId);
    secondSubjectId = await subjectOf(secondTutorId);
    otherSubjectId = (
      await db
        .selectFrom('subjects')
        .select('id')
        .where(
          'id',
          'not in',
          db
            .selectFrom('tutor_subjects')
            .select('subject_id')
            .where('tutor_profile_id', '=', tutorId),
        )
        .executeTakeFirstOrThrow()
    ).id;
    // A tutor who can sign in: the first demo profile now belongs to a real account.
    const tutor = await signUpAndVerify(t.url, t.inbox, 'tutor');
    tutorClient = tutor.client;
    const { id: tutorUserId } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', tutor.email)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('tutor_profiles')
      .set({ user_id: tutorUserId })
      .where('id', '=', tutorId)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const slots = async (client: TestClient, tutor: string, query: string) => {
    const response = await client.get(`/api/tutors/${tutor}/slots?${query}`);
    expect(response.status, response.text).toBe(200);
    return response.json as SlotsResponse;
  };
  const slotTimes = async (client: TestClient, tutor: string, date: string) =>
    (
      await slots(client, tutor, `fromDate=${date}&days=1&viewerZone=${VIEWER_ZONE}`)
    ).days[0]!.slots.map((slot) => slot.slotLabel);
  const book = (client: TestClient, overrides: Record<string, unknown> = {}) =>
    client.post('/api/lessons', {
      tutorProfileId: tutorId,
      subjectId,
      mode: 'trial',
      bookingDate: viewerDate(3),
      slotTime: FIRST_SLOT,
      viewerZone: VIEWER_ZONE,
      lessonMinutes: 50,
      notes: 'I would like to work on fractions.',
      ...overrides,
    });
  const lessonCount = async () =>
    (
      await t.database.db
        .selectFrom('lessons')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it("lists a week of slots in the viewer's zone, by slot length", async () => {
    const week = await slots(
      student,
      tutorId,
      `fromDate=${viewerDate(2)}&viewerZone=${VIEWER_ZONE}`,
    );
    expect(week.tutorTimezone).toBe(TUTOR_ZONE);
    expect(week.days).toHaveLength(7);
    for (const day of week.days) {
      expect(day.slots.map((slot) => slot.slotLabel)).toEqual([
        '05:30-06:30',
        '06:00-07:00',
        '06:30-07:30',
        '07:00-08:00',
        '07:30-08:30',
      ]);
      expect(day.slots[0]!.startTime).toBe(`${day.dateStr}T00:00:00.000Z`);
      expect(day.slots.every((slot) => slot.period === 'morning')).toBe(true);
    }
    const long = await slots(
      student,
      tutorId,
      `fromDate=${viewerDate(2)}&days=1&lessonMinutes=100&viewerZone=${VIEWER_ZONE}`,
    );
    expect(long.days[0]!.slots.map((slot) => slot.slotLabel)).toEqual([
      '05:30-07:30',
      '06:00-08:00',
      '06:30-08:30',
    ]);
  });

  it('rejects bad slot queries with a clear message', async () => {
    for (const [query, message] of [
      [`fromDate=2026-02-30&viewerZone=${VIEWER_ZONE}`, 'Please choose a valid date'],
      [`fromDate=${viewerDate(1)}&viewerZone=Mars/Base`, undefined],
      [`fromDate=${viewerDate(1)}&viewerZone=${VIEWER_ZONE}&days=61`, M.invalidRange],
      [
        `fromDate=${viewerDate(1)}&viewerZone=${VIEWER_ZONE}&lessonMinutes=45`,
        'Please choose a lesson of 25, 50 or 100 minutes',
      ],
      [
        `fromDate=${viewerDate(1)}&viewerZone=${VIEWER_ZONE}&lessonMinutes=x`,
        'Please choose a lesson of 25, 50 or 100 minutes',
      ],
    ] as const) {
      const response = await student.get(`/api/tutors/${tutorId}/slots?${query}`);
      expect(response.status, query).toBe(400);
      if (message) expect(response.json.error.message).toBe(message);
      else expect(response.json.error.message).toMatch(/\w/);
    }
    const unknown = await student.get(
      `/api/tutors/00000000-0000-4000-8000-000000000000/slots?fromDate=${viewerDate(1)}&viewerZone=UTC`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe(M.tutorNotFound);
  });

  it('refuses bookings it cannot honour, with their message, and stores nothing', async () => {
    const before = await lessonCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ subjectId: otherSubjectId }, 400, M.notATutorSubject],
      [{ mode: 'single' }, 400, M.paidSoon],
      [{ slotTime: '13:00-14:00' }, 409, M.slotUnavailable],
      [{ slotTime: '05:45-06:45' }, 409, M.slotUnavailable],
      [{ bookingDate: viewerDate(-2) }, 409, M.slotUnavailable],
      [{ slotTime: '5:30' }, 400, 'Please choose a valid time slot'],
      [{ notes: 'x'.repeat(2001) }, 400, M.notesTooLong],
      [{ tutorProfileId: '00000000-0000-4000-8000-000000000000' }, 404, M.tutorNotFound],
    ];
    for (const [overrides, status, message] of cases) {
      const response = await book(student, overrides);
      expect(response.status, JSON.stringify(overrides)).toBe(status);
      expect(response.json.error.message).toBe(message);
    }
    expect((await book(tutorClient)).status).toBe(403);
    expect(await lessonCount()).toBe(before);
  });

  it('books a free trial once: the slot leaves both lists and the lesson shows for both parties', async () => {
    const eligible = await student.get(`/api/tutors/${tutorId}/trial-eligibility`);
    expect(eligible.json).toEqual({ eligible: true });

    const response = await book(student);
    expect(response.status, response.text).toBe(201);
    const lesson = response.json.lesson as Lesson;
    expect(lesson).toMatchObject({
      tutorProfileId: tutorId,
      isTrial: true,
      status: 'scheduled',
      priceCents: 0,
      durationMinutes: 50,
      timezone: VIEWER_ZONE,
      startTime: `${viewerDate(3)}T00:00:00.000Z`,
      endTime: `${viewerDate(3)}T01:00:00.000Z`,
    });

    // Gone for everyone, and overlapping starts too (05:30 and 06:00 both need 06:00–06:30).
    expect(await slotTimes(otherStudent, tutorId, viewerDate(3))).toEqual([
      '06:30-07:30',
      '07:00-08:00',
      '07:30-08:30',
    ]);
    // The student's own time is held with other tutors as well.
    expect(await slotTimes(student, secondTutorId, viewerDate(3))).not.toContain(FIRST_SLOT);
    expect(await slotTimes(otherStudent, secondTutorId, viewerDate(3))).toContain(FIRST_SLOT);

    expect((await student.get(`/api/tutors/${tutorId}/trial-eligibility`)).json).toEqual({
      eligible: false,
    });
    const again = await book(student, { slotTime: '07:30-08:30' });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(M.trialUsed);

    const mine = (await student.get('/api/lessons/upcoming')).json.lessons as Lesson[];
    expect(mine.map((l) => l.id)).toEqual([lesson.id]);
    const taught = (await tutorClient.get('/api/lessons/upcoming')).json.lessons as Lesson[];
    expect(taught.map((l) => l.id)).toEqual([lesson.id]);
    expect(taught[0]!.student.name).toBe('Sam Jones');
    expect((await otherStudent.get('/api/lessons/upcoming')).json.lessons).toEqual([]);

    expect((await tutorClient.get(`/api/lessons/${lesson.id}`)).json.lesson.id).toBe(lesson.id);
    expect((await otherStudent.get(`/api/lessons/${lesson.id}`)).status).toBe(404);
    expect((await student.get('/api/lessons/not-a-lesson')).status).toBe(404);
  });

  it('gives a slot two students race for to exactly one of them', async () => {
    const date = viewerDate(5);
    const [first, second] = await Promise.all([
      book(otherStudent, {
        tutorProfileId: secondTutorId,
        subjectId: secondSubjectId,
        bookingDate: date,
      }),
      book(thirdStudent, {
        tutorProfileId: secondTutorId,
        subjectId: secondSubjectId,
        bookingDate: date,
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.json.error.message).toBe(M.slotUnavailable);
  });

  it('refuses overlapping lessons in the database itself', async () => {
    const db = t.database.db;
    const existing = await db
      .selectFrom('lessons')
      .selectAll()
      .where('tutor_profile_id', '=', tutorId)
      .executeTakeFirstOrThrow();
    const studentId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'student')
        .executeTakeFirstOrThrow()
    ).id;
    const overlapping = db
      .insertInto('lessons')
      .values({
        tutor_profile_id: tutorId,
        student_id: studentId,
        subject_id: existing.subject_id,
        starts_at: new Date(existing.starts_at.getTime() + 30 * 60_000),
        ends_at: new Date(existing.ends_at.getTime() + 30 * 60_000),
        duration_minutes: 50,
        price_cents: 1000,
        timezone: 'UTC',
        meeting_url: null,
      })
      .execute();
    await expect(overlapping).rejects.toMatchObject({ code: '23P01' });
    // A canceled lesson holds no time.
    await db
      .insertInto('lessons')
      .values({
        tutor_profile_id: tutorId,
        student_id: studentId,
        subject_id: existing.subject_id,
        starts_at: existing.starts_at,
        ends_at: existing.ends_at,
        duration_minutes: 50,
        price_cents: 1000,
        timezone: 'UTC',
        meeting_url: null,
        status: 'canceled',
      })
      .execute();
  });

  it('lists upcoming lessons by range, soonest first, and checks the range', async () => {
    const db = t.database.db;
    const studentUserId = (
      await db
        .selectFrom('lessons')
        .select('student_id')
        .where('tutor_profile_id', '=', tutorId)
        .where('status', '=', 'scheduled')
        .executeTakeFirstOrThrow()
    ).student_id;
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
    await db
      .insertInto('lessons')
      .values(
        // One started ten minutes ago and is still running: it counts, as in progress.
        [20, 10, -10 / 1440].map((days) => ({
          tutor_profile_id: secondTutorId,
          student_id: studentUserId,
          subject_id: subjectId,
          starts_at: inDays(days),
          ends_at: new Date(inDays(days).getTime() + 3_600_000),
          duration_minutes: 50,
          price_cents: 2500,
          timezone: VIEWER_ZONE,
          meeting_url: null,
          status: 'scheduled' as const,
        })),
      )
      .execute();
    const upcoming = async (query: string) =>
      (await student.get(`/api/lessons/upcoming${query}`)).json.lessons as Lesson[];
    const fortnight = await upcoming('');
    expect(fortnight.map((lesson) => lesson.status)).toEqual([
      'in_progress',
      'scheduled',
      'scheduled',
    ]);
    const starts = fortnight.map((lesson) => lesson.startTime);
    expect(starts).toEqual([...starts].sort());
    expect(await upcoming('?days=30')).toHaveLength(4);
    expect(await upcoming('?days=7')).toHaveLength(2);
    for (const days of ['0', '61', 'x', '1.5']) {
      const response = await student.get(`/api/lessons/upcoming?days=${days}`);
      expect(response.status).toBe(400);
      expect(response.json.error.message).toBe(M.invalidRange);
    }
    expect((await fetch(`${t.url}/api/lessons/upcoming`)).status).toBe(401);
  });

  it('moves a lesson for either party: the old one is canceled, the new one holds the time', async () => {
    const db = t.database.db;
    const trial = ((await student.get('/api/lessons/upcoming')).json.lessons as Lesson[]).find(
      (lesson) => lesson.isTrial,
    )!;
    const date = trial.startTime.slice(0, 10);
    // Its own time is free to move to; the lesson keeps its length.
    const free = await student.get(
      `/api/lessons/${trial.id}/slots?fromDate=${date}&days=1&viewerZone=${VIEWER_ZONE}`,
    );
    expect((free.json as SlotsResponse).days[0]!.slots.map((slot) => slot.slotLabel)).toContain(
      FIRST_SLOT,
    );

    const move = (client: TestClient, id: string, body: Record<string, unknown>) =>
      client.post(`/api/lessons/${id}/reschedule`, { viewerZone: VIEWER_ZONE, ...body });
    const moved = await move(student, trial.id, {
      bookingDate: viewerDate(4),
      slotTime: '06:30-07:30',
    });
    expect(moved.status, moved.text).toBe(201);
    const next = moved.json.lesson as Lesson;
    expect(next).toMatchObject({
      isTrial: true,
      status: 'scheduled',
      durationMinutes: trial.durationMinutes,
      startTime: `${viewerDate(4)}T01:00:00.000Z`,
    });
    expect(next.id).not.toBe(trial.id);
    const stored = await db
      .selectFrom('lessons')
      .select(['id', 'status', 'cancel_reason', 'rescheduled_from'])
      .where('id', 'in', [trial.id, next.id])
      .execute();
    expect(stored.find((row) => row.id === trial.id)).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Rescheduled by user',
    });
    expect(stored.find((row) => row.id === next.id)?.rescheduled_from).toBe(trial.id);
    const upcoming = ((await student.get('/api/lessons/upcoming')).json.lessons as Lesson[]).map(
      (lesson) => lesson.id,
    );
    expect(upcoming).toContain(next.id);
    expect(upcoming).not.toContain(trial.id);

    // A canceled lesson cannot move again; strangers cannot see it; bad input changes nothing.
    const again = await move(student, trial.id, {
      bookingDate: viewerDate(4),
      slotTime: FIRST_SLOT,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(M.cannotReschedule);
    expect(
      (await move(otherStudent, next.id, { bookingDate: viewerDate(4), slotTime: FIRST_SLOT }))
        .status,
    ).toBe(404);
    expect(
      (await otherStudent.get(`/api/lessons/${next.id}/slots?fromDate=${date}&viewerZone=UTC`))
        .status,
    ).toBe(404);
    expect(
      (await move(student, next.id, { bookingDate: viewerDate(4), slotTime: '5:30' })).status,
    ).toBe(400);

    // A time another lesson holds is refused.
    const taken = await book(otherStudent, { bookingDate: viewerDate(6) });
    expect(taken.status, taken.text).toBe(201);
    const clash = await move(student, next.id, {
      bookingDate: viewerDate(6),
      slotTime: FIRST_SLOT,
    });
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toBe(M.slotUnavailable);

    // The tutor moves it too, with a reason.
    const byTutor = await move(tutorClient, next.id, {
      bookingDate: viewerDate(4),
      slotTime: '07:30-08:30',
      reason: 'A conference that morning',
    });
    expect(byTutor.status, byTutor.text).toBe(201);
    expect(
      await db
        .selectFrom('lessons')
        .select('cancel_reason')
        .where('id', '=', next.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ cancel_reason: 'A conference that morning' });

    // A lesson already in progress stays where it is.
    const running = ((await student.get('/api/lessons/upcoming')).json.lessons as Lesson[]).find(
      (lesson) => lesson.status === 'in_progress',
    )!;
    const late = await move(student, running.id, {
      bookingDate: viewerDate(4),
      slotTime: FIRST_SLOT,
    });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(M.cannotReschedule);
  });

  it("keeps each party's notes, cleaned, and shows the tutor's preparation notes to the tutor only", async () => {
    const lesson = ((await student.get('/api/lessons/upcoming')).json.lessons as Lesson[]).find(
      (l) => l.tutorProfileId === tutorId && l.status === 'scheduled',
    )!;
    const notesOf = async (client: TestClient) =>
      (await client.get(`/api/lessons/${lesson.id}`)).json.lesson as Lesson;
    const save = (client: TestClient, html: string, id = lesson.id) =>
      client.request('PUT', `/api/lessons/${id}/notes`, { html });

    // The booking's plain-text note arrived as an escaped paragraph.
    expect((await notesOf(student)).studentNotes).toMatch(/^<p>.+<\/p>$/);

    const saved = await save(
      student,
      '<p>Revise <strong>fractions</strong><script>alert(1)</script></p>',
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.lesson).toMatchObject({
      studentNotes: '<p>Revise <strong>fractions</strong></p>',
      tutorPrepNotes: null,
    });
    expect((await save(tutorClient, '<h2>Plan</h2><ul><li>warm-up</li></ul>')).status).toBe(200);
    expect(await notesOf(tutorClient)).toMatchObject({
      studentNotes: '<p>Revise <strong>fractions</strong></p>',
      tutorPrepNotes: '<h2>Plan</h2><ul><li>warm-up</li></ul>',
    });
    const seenByStudent = await notesOf(student);
    expect(seenByStudent.tutorPrepNotes).toBeNull();
    expect(JSON.stringify((await student.get('/api/lessons/upcoming')).json)).not.toContain(
      'warm-up',
    );

    // Strangers and oversized notes change nothing.
    expect((await save(otherStudent, '<p>mine now</p>')).status).toBe(404);
    const long = await save(student, `<p>${'x'.repeat(20_001)}</p>`);
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe(M.notesHtmlTooLong);
    expect((await notesOf(student)).studentNotes).toBe('<p>Revise <strong>fractions</strong></p>');

    // An image: stored for this lesson, kept in the notes, readable through its signed link.
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const path = `/api/lessons/${lesson.id}/notes/images`;
    const uploaded = await postForm(t.url, path, student, fileForm(png, 'graph.png', 'image/png'));
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/\/lessons\//);
    expect(
      (await postForm(t.url, path, otherStudent, fileForm(png, 'x.png', 'image/png'))).status,
    ).toBe(404);
    expect((await postForm(t.url, path, null, fileForm(png, 'x.png', 'image/png'))).status).toBe(
      401,
    );
    const text = Buffer.from('not an image');
    expect(
      (await postForm(t.url, path, student, fileForm(text, 'x.png', 'image/png'))).status,
    ).toBe(415);

    await save(student, `<p>See <img src="${url}" alt="graph"></p>`);
    const shown = (await notesOf(tutorClient)).studentNotes;
    const src = /<img src="([^"]+)"/.exec(shown)![1]!.replaceAll('&amp;', '&');
    const image = await fetch(`${t.url}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });
});
