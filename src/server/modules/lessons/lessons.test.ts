import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getLesson,
  getRescheduleSlots,
  getSlots,
  getTrialEligibility,
  getUpcomingLessons,
  saveNotes,
  type Lesson,
} from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M, PAYMENT_MESSAGES } from '../../../domain/messages';
import { JITSI_MEETING_URL_TEMPLATE } from '../../../domain/booking/classroom';
import { fixedClock } from '../../adapters/clock';
import {
  createLesson,
  createSignedInTutor,
  createStudent,
  createTutor,
} from '../../test/factories';
import { queryText, type TestClient } from '../../test/http-client';
import { StudentOverlapError, TrialAlreadyUsedError, TutorOverlapError } from './lesson-errors';
import * as repository from './lessons.repository';
import { offeredSlot } from './slot-rules';
import { fileForm, postForm } from '../../test/multipart';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import {
  HOUR_SLOTS,
  MORNING_TEACHING,
  NOW,
  TUTOR_ZONE,
  VIEWER_ZONE,
  viewerDate,
} from '../../test/tokyo-mornings';

const [FIRST_SLOT] = HOUR_SLOTS;
const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(TEST_DRIVERS)('booking and lessons on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock });
  });
  beforeEach(() => clock.set(NOW));
  afterAll(async () => {
    await t.close();
  });

  const newTutor = () => createTutor(t.database.db, MORNING_TEACHING);
  const newStudent = () => createStudent(t);

  /** A lesson three days on, its two parties signed in, and a stranger to it. */
  const lessonInThreeDays = async () => {
    const tutor = await createSignedInTutor(t, MORNING_TEACHING);
    const [student, otherStudent] = [await newStudent(), await newStudent()];
    const lessonId = await createLesson(t.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() + 3 * DAY),
    });
    return { tutor, student, otherStudent, lessonId };
  };
  /** Slots for a query as the booking modal sends it (`fromDate=…&viewerZone=…`). */
  const slots = (client: TestClient, tutorId: string, query: string) =>
    client.call(getSlots, {
      params: { id: tutorId },
      query: queryText(getSlots, query),
    });
  const slotLabels = async (client: TestClient, tutorId: string, date: string) =>
    (
      await slots(client, tutorId, `fromDate=${date}&days=1&viewerZone=${VIEWER_ZONE}`)
    ).days[0]!.slots.map((slot) => slot.slotLabel);
  const book = (
    client: TestClient,
    tutor: { id: string; subjectId: number },
    overrides: Record<string, unknown> = {},
  ) =>
    client.post('/api/lessons', {
      tutorProfileId: tutor.id,
      subjectId: tutor.subjectId,
      mode: 'trial',
      bookingDate: viewerDate(3),
      slotLabel: FIRST_SLOT,
      viewerZone: VIEWER_ZONE,
      lessonMinutes: 50,
      notes: 'I would like to work on fractions.',
      ...overrides,
    });
  const lessonsOf = async (tutorId: string) =>
    (
      await t.database.db
        .selectFrom('lessons')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('tutor_profile_id', '=', tutorId)
        .executeTakeFirstOrThrow()
    ).n;
  const upcoming = async (client: TestClient, days?: number) =>
    (await client.call(getUpcomingLessons, { query: { days } })).lessons;
  const lessonOf = async (client: TestClient, id: string) =>
    (await client.call(getLesson, { params: { id } })).lesson;

  it("lists a week of slots in the viewer's zone, by slot length", async () => {
    const [tutor, student] = [await newTutor(), await newStudent()];
    const week = await slots(
      student.client,
      tutor.id,
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
      student.client,
      tutor.id,
      `fromDate=${viewerDate(2)}&days=1&lessonMinutes=100&viewerZone=${VIEWER_ZONE}`,
    );
    expect(long.days[0]!.slots.map((slot) => slot.slotLabel)).toEqual([
      '05:30-07:30',
      '06:00-08:00',
      '06:30-08:30',
    ]);
  });

  it('offers nothing sooner than the booking notice from now', async () => {
    const [tutor, student] = [await newTutor(), await newStudent()];
    // 05:50 in Kolkata: the 05:30 and 06:00 starts are past or too close, 07:00 is the first.
    clock.set(new Date(`${viewerDate(0)}T00:20:00Z`));
    expect(await slotLabels(student.client, tutor.id, viewerDate(0))).toEqual([
      '07:00-08:00',
      '07:30-08:30',
    ]);
  });

  it('rejects bad slot queries with a clear message', async () => {
    const [tutor, student] = [await newTutor(), await newStudent()];
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
      const response = await student.client.callError(getSlots, {
        params: { id: tutor.id },
        query: queryText(getSlots, query),
      });
      expect(response.status, query).toBe(400);
      if (message) expect(response.message).toBe(message);
      else expect(response.message).toMatch(/\w/);
    }
    const unknown = await student.client.callError(getSlots, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      query: { fromDate: viewerDate(1), viewerZone: 'UTC' },
    });
    expect(unknown).toMatchObject({ status: 404, message: M.tutorNotFound });
  });

  it('refuses bookings it cannot honour, with their message, and stores nothing', async () => {
    const [tutor, student] = [await newTutor(), await newStudent()];
    const signedInTutor = await createSignedInTutor(t, MORNING_TEACHING);
    const english = await t.database.db
      .selectFrom('subjects')
      .select('id')
      .where('name', '=', 'English')
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ subjectId: english.id }, 400, 'VALIDATION_FAILED', M.notATutorSubject],
      [{ mode: 'single' }, 400, 'VALIDATION_FAILED', PAYMENT_MESSAGES.paidThroughCheckout],
      [{ slotLabel: '13:00-14:00' }, 409, 'SLOT_TAKEN', M.slotUnavailable],
      [{ slotLabel: '05:45-06:45' }, 409, 'SLOT_TAKEN', M.slotUnavailable],
      [{ bookingDate: viewerDate(-2) }, 409, 'SLOT_TAKEN', M.slotUnavailable],
      [{ slotLabel: '5:30' }, 400, 'VALIDATION_FAILED', 'Please choose a valid time slot'],
      [{ notes: 'x'.repeat(2001) }, 400, 'VALIDATION_FAILED', M.notesTooLong],
      [
        { tutorProfileId: '00000000-0000-4000-8000-000000000000' },
        404,
        'NOT_FOUND',
        M.tutorNotFound,
      ],
    ];
    for (const [overrides, status, code, message] of cases) {
      const response = await book(student.client, tutor, overrides);
      expect(response.status, JSON.stringify(overrides)).toBe(status);
      expect(response.json.error).toMatchObject({ code, message });
    }
    expect((await book(signedInTutor.client, tutor)).status).toBe(403);
    expect(await lessonsOf(tutor.id)).toBe(0);
  });

  it('books a free trial once: the slot leaves both lists and the lesson shows for both parties', async () => {
    const tutor = await createSignedInTutor(t, MORNING_TEACHING);
    const secondTutor = await newTutor();
    const [student, otherStudent] = [await newStudent(), await newStudent()];
    const eligibility = () =>
      student.client.call(getTrialEligibility, { params: { id: tutor.id } });
    expect(await eligibility()).toEqual({ eligible: true, upcomingTrial: null });

    const response = await book(student.client, tutor);
    expect(response.status, response.text).toBe(201);
    const lesson = response.json.lesson as Lesson;
    expect(lesson).toMatchObject({
      tutorProfileId: tutor.id,
      isTrial: true,
      status: 'scheduled',
      priceCents: 0,
      durationMinutes: 50,
      timezone: VIEWER_ZONE,
      startTime: `${viewerDate(3)}T00:00:00.000Z`,
      // The lesson's own 50 minutes, not its 60-minute slot (ADR 026).
      endTime: `${viewerDate(3)}T00:50:00.000Z`,
      studentNotes: '<p>I would like to work on fractions.</p>',
    });

    // Both parties are told, each with the lesson's calendar file (after the sign-up code mail).
    const confirmation = await t.inbox.waitFor(student.email, { afterCount: 1 });
    expect(confirmation.text).toContain('free trial lesson');
    expect(confirmation.attachments.map((file) => file.filename)).toEqual(['lesson.ics']);
    await t.inbox.waitFor(tutor.email, { afterCount: 1 });

    // Gone for everyone, and overlapping starts too (05:30 and 06:00 both need 06:00–06:30).
    expect(await slotLabels(otherStudent.client, tutor.id, viewerDate(3))).toEqual([
      '06:30-07:30',
      '07:00-08:00',
      '07:30-08:30',
    ]);
    // The student's own time is held with other tutors as well.
    expect(await slotLabels(student.client, secondTutor.id, viewerDate(3))).not.toContain(
      FIRST_SLOT,
    );
    expect(await slotLabels(otherStudent.client, secondTutor.id, viewerDate(3))).toContain(
      FIRST_SLOT,
    );

    // Used, and still ahead: the modal says when it is rather than "you've already had one".
    expect(await eligibility()).toEqual({
      eligible: false,
      upcomingTrial: { startTime: lesson.startTime, endTime: lesson.endTime },
    });
    const again = await book(student.client, tutor, { slotLabel: '07:30-08:30' });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(M.trialUsed);
    expect(again.json.error.code).toBe('TRIAL_USED');

    expect((await upcoming(student.client)).map((l) => l.id)).toEqual([lesson.id]);
    const taught = await upcoming(tutor.client);
    expect(taught.map((l) => l.id)).toEqual([lesson.id]);
    expect(taught[0]!.student.name).toBe('Sam Jones');
    expect(await upcoming(otherStudent.client)).toEqual([]);

    expect((await lessonOf(tutor.client, lesson.id)).id).toBe(lesson.id);
    const stranger = await otherStudent.client.callError(getLesson, { params: { id: lesson.id } });
    expect(stranger.status).toBe(404);
    const unknown = await student.client.callError(getLesson, { params: { id: 'not-a-lesson' } });
    expect(unknown.status).toBe(404);

    // Once it has ended the trial is had: still used, no longer upcoming.
    clock.set(new Date(Date.parse(lesson.endTime) + MINUTE));
    expect(await eligibility()).toEqual({ eligible: false, upcomingTrial: null });
  });

  it('gives a slot two students race for to exactly one of them', async () => {
    const tutor = await newTutor();
    const [one, two] = [await newStudent(), await newStudent()];
    const [first, second] = await Promise.all([
      book(one.client, tutor, { bookingDate: viewerDate(5) }),
      book(two.client, tutor, { bookingDate: viewerDate(5) }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.json.error.message).toBe(M.slotUnavailable);
    expect(loser.json.error.code).toBe('SLOT_TAKEN');
  });

  it('lets the database have the last word on a lesson that lands between the check and the insert', async () => {
    const [tutor, otherTutor] = [await newTutor(), await newTutor()];
    const [winner, loser] = [await newStudent(), await newStudent()];
    const ctx = { db: t.database.db, signingSecret: 'unused', clock };
    const start = new Date(`${viewerDate(3)}T00:00:00Z`);
    /** The loser's booking: its check passes, then `landsFirst` writes, then its insert runs. */
    const loserBooks = (landsFirst: (trx: typeof ctx.db) => Promise<unknown>) =>
      t.database.db.transaction().execute(async (trx) => {
        const slot = await offeredSlot(ctx, trx, {
          tutor,
          studentId: loser.id,
          lessonMinutes: 50,
          choice: { bookingDate: viewerDate(3), slotLabel: FIRST_SLOT, viewerZone: VIEWER_ZONE },
        });
        await landsFirst(trx);
        return repository.insertLesson(trx, {
          tutorProfileId: tutor.id,
          studentId: loser.id,
          subjectId: tutor.subjectId,
          ...slot,
          durationMinutes: 50,
          isTrial: true,
          status: 'scheduled',
          priceCents: 0,
          currency: 'USD',
          timezone: VIEWER_ZONE,
          meetingUrlTemplate: JITSI_MEETING_URL_TEMPLATE,
          studentNotes: '',
        });
      });

    // Another student takes the tutor's time.
    const tutorTaken = loserBooks((trx) =>
      createLesson(trx, { tutor, studentId: winner.id, start }),
    );
    await expect(tutorTaken).rejects.toBeInstanceOf(TutorOverlapError);
    await expect(tutorTaken).rejects.toMatchObject({
      code: 'SLOT_TAKEN',
      message: M.slotUnavailable,
    });
    // The same student books that time with another tutor.
    const studentTaken = loserBooks((trx) =>
      createLesson(trx, { tutor: otherTutor, studentId: loser.id, start }),
    );
    await expect(studentTaken).rejects.toBeInstanceOf(StudentOverlapError);
    // The same student's trial with this tutor, at another time.
    const trialTaken = loserBooks((trx) =>
      createLesson(trx, {
        tutor,
        studentId: loser.id,
        start: new Date(start.getTime() + DAY),
        isTrial: true,
      }),
    );
    await expect(trialTaken).rejects.toBeInstanceOf(TrialAlreadyUsedError);
    await expect(trialTaken).rejects.toMatchObject({ code: 'TRIAL_USED', message: M.trialUsed });
    // Each lost race rolled back whole; a canceled lesson holds no time.
    expect(await lessonsOf(tutor.id)).toBe(0);
    await createLesson(t.database.db, { tutor, studentId: winner.id, start, status: 'canceled' });
    expect(await loserBooks(async () => undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists upcoming lessons by range, soonest first, and checks the range', async () => {
    const [tutor, otherTutor, student] = [await newTutor(), await newTutor(), await newStudent()];
    // One started ten minutes ago and is still running: it counts, as in progress.
    for (const [teacher, at] of [
      [tutor, 3 * DAY],
      [otherTutor, 20 * DAY],
      [otherTutor, 10 * DAY],
      [tutor, -10 * MINUTE],
    ] as const)
      await createLesson(t.database.db, {
        tutor: teacher,
        studentId: student.id,
        start: new Date(NOW.getTime() + at),
      });
    const fortnight = await upcoming(student.client);
    expect(fortnight.map((lesson) => lesson.status)).toEqual([
      'in_progress',
      'scheduled',
      'scheduled',
    ]);
    const starts = fortnight.map((lesson) => lesson.startTime);
    expect(starts).toEqual([...starts].sort());
    expect(await upcoming(student.client, 30)).toHaveLength(4);
    expect(await upcoming(student.client, 7)).toHaveLength(2);
    for (const days of ['0', '61', 'x', '1.5']) {
      const response = await student.client.callError(getUpcomingLessons, { query: { days } });
      expect(response).toMatchObject({ status: 400, message: M.invalidRange });
    }
    expect((await fetch(`${t.url}/api/lessons/upcoming`)).status).toBe(401);
  });

  it('moves a lesson for either party: the old one is canceled, the new one holds the time', async () => {
    const db = t.database.db;
    const tutor = await createSignedInTutor(t, MORNING_TEACHING);
    const [student, otherStudent] = [await newStudent(), await newStudent()];
    const trialId = await createLesson(db, {
      tutor,
      studentId: student.id,
      start: new Date(`${viewerDate(3)}T00:00:00Z`),
      isTrial: true,
      timezone: VIEWER_ZONE,
    });
    const date = viewerDate(3);
    // Its own time is free to move to; the lesson keeps its length.
    const free = await student.client.call(getRescheduleSlots, {
      params: { id: trialId },
      query: { fromDate: date, days: 1, viewerZone: VIEWER_ZONE },
    });
    expect(free.days[0]!.slots.map((slot) => slot.slotLabel)).toContain(FIRST_SLOT);

    const move = (client: TestClient, id: string, body: Record<string, unknown>) =>
      client.post(`/api/lessons/${id}/reschedule`, { viewerZone: VIEWER_ZONE, ...body });
    const moved = await move(student.client, trialId, {
      bookingDate: viewerDate(4),
      slotLabel: '06:30-07:30',
    });
    expect(moved.status, moved.text).toBe(201);
    const next = moved.json.lesson as Lesson;
    expect(next).toMatchObject({
      isTrial: true,
      status: 'scheduled',
      durationMinutes: 50,
      startTime: `${viewerDate(4)}T01:00:00.000Z`,
    });
    expect(next.id).not.toBe(trialId);
    const stored = await db
      .selectFrom('lessons')
      .select(['id', 'status', 'cancel_reason', 'rescheduled_from', 'canceled_at', 'cancel_cause'])
      .where('id', 'in', [trialId, next.id])
      .execute();
    // Stamped as every cancel is: when (the app's clock) and why.
    expect(stored.find((row) => row.id === trialId)).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Rescheduled by user',
      canceled_at: clock.now(),
      cancel_cause: 'moved',
    });
    expect(stored.find((row) => row.id === next.id)?.rescheduled_from).toBe(trialId);
    expect((await upcoming(student.client)).map((lesson) => lesson.id)).toEqual([next.id]);

    // A canceled lesson cannot move again; strangers cannot see it; bad input changes nothing.
    const again = await move(student.client, trialId, {
      bookingDate: viewerDate(4),
      slotLabel: FIRST_SLOT,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(M.cannotReschedule);
    expect(again.json.error.code).toBe('CANNOT_RESCHEDULE');
    expect(
      (
        await move(otherStudent.client, next.id, {
          bookingDate: viewerDate(4),
          slotLabel: FIRST_SLOT,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await otherStudent.client.callError(getRescheduleSlots, {
          params: { id: next.id },
          query: { fromDate: date, viewerZone: 'UTC' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await move(student.client, next.id, { bookingDate: viewerDate(4), slotLabel: '5:30' }))
        .status,
    ).toBe(400);

    // A time another lesson holds is refused.
    const taken = await book(otherStudent.client, tutor, { bookingDate: viewerDate(6) });
    expect(taken.status, taken.text).toBe(201);
    const clash = await move(student.client, next.id, {
      bookingDate: viewerDate(6),
      slotLabel: FIRST_SLOT,
    });
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toBe(M.slotUnavailable);
    expect(clash.json.error.code).toBe('SLOT_TAKEN');

    // The tutor does not move it alone: a request instead (move-requests.test.ts).
    const byTutor = await move(tutor.client, next.id, {
      bookingDate: viewerDate(4),
      slotLabel: '07:30-08:30',
      reason: 'A conference that morning',
    });
    expect(byTutor.status).toBe(403);
    expect(byTutor.json.error.code).toBe('FORBIDDEN');
  });

  it('leaves a lesson already in progress where it is', async () => {
    const [tutor, student] = [await newTutor(), await newStudent()];
    const running = await createLesson(t.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() - 10 * MINUTE),
    });
    const late = await student.client.post(`/api/lessons/${running}/reschedule`, {
      viewerZone: VIEWER_ZONE,
      bookingDate: viewerDate(4),
      slotLabel: FIRST_SLOT,
    });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(M.cannotReschedule);
    expect(late.json.error.code).toBe('CANNOT_RESCHEDULE');
  });

  it("keeps each party's notes, cleaned, and shows the tutor's preparation notes to the tutor only", async () => {
    const { tutor, student, otherStudent, lessonId } = await lessonInThreeDays();
    const notesOf = (client: TestClient) => lessonOf(client, lessonId);
    const save = (client: TestClient, html: string) =>
      client.request('PUT', `/api/lessons/${lessonId}/notes`, { html });

    const saved = await save(
      student.client,
      '<p>Revise <strong>fractions</strong><script>alert(1)</script></p>',
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.lesson).toMatchObject({
      studentNotes: '<p>Revise <strong>fractions</strong></p>',
      tutorPrepNotes: null,
    });
    expect((await save(tutor.client, '<h2>Plan</h2><ul><li>warm-up</li></ul>')).status).toBe(200);
    expect(await notesOf(tutor.client)).toMatchObject({
      studentNotes: '<p>Revise <strong>fractions</strong></p>',
      tutorPrepNotes: '<h2>Plan</h2><ul><li>warm-up</li></ul>',
    });
    expect((await notesOf(student.client)).tutorPrepNotes).toBeNull();
    expect(JSON.stringify(await upcoming(student.client))).not.toContain('warm-up');

    // Strangers and oversized notes change nothing.
    expect((await save(otherStudent.client, '<p>mine now</p>')).status).toBe(404);
    const long = await save(student.client, `<p>${'x'.repeat(20_001)}</p>`);
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe(M.notesHtmlTooLong);
    expect((await notesOf(student.client)).studentNotes).toBe(
      '<p>Revise <strong>fractions</strong></p>',
    );
  });

  it('refuses notes that only grow past the limit once cleaned, with 400 and the same message', async () => {
    const { student, lessonId } = await lessonInThreeDays();
    // Cleaning adds target and rel to every link: 19,900 characters of links grow past 20,000.
    const link = '<a href="https://example.com/a">a</a>';
    const html = `<p>${link.repeat(Math.floor((19_900 - 7) / link.length))}</p>`;
    expect(html.length).toBeGreaterThan(19_850);
    expect(html.length).toBeLessThanOrEqual(19_900);
    const response = await student.client.request('PUT', `/api/lessons/${lessonId}/notes`, {
      html,
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: M.notesHtmlTooLong,
    });
    expect((await lessonOf(student.client, lessonId)).studentNotes).toBe('');
  });

  it('refuses notes on a canceled lesson with 409, and keeps what was written', async () => {
    const { student, lessonId } = await lessonInThreeDays();
    await t.database.db
      .updateTable('lessons')
      .set({ status: 'canceled', student_notes: '<p>Before</p>' })
      .where('id', '=', lessonId)
      .execute();
    const response = await student.client.callError(saveNotes, {
      params: { id: lessonId },
      body: { html: '<p>After</p>' },
    });
    expect(response).toMatchObject({ status: 409, code: 'CONFLICT', message: M.notesClosed });
    expect((await lessonOf(student.client, lessonId)).studentNotes).toBe('<p>Before</p>');
  });

  it('stores pictures for lesson notes and serves them to the other party through signed links', async () => {
    const { tutor, student, otherStudent, lessonId } = await lessonInThreeDays();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const path = `/api/lessons/${lessonId}/notes/images`;
    const upload = (client: TestClient | null, bytes: Buffer) =>
      postForm(t.url, path, client, fileForm(bytes, 'graph.png', 'image/png'));
    const uploaded = await upload(student.client, png);
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/\/lessons\//);
    expect((await upload(otherStudent.client, png)).status).toBe(404);
    expect((await upload(null, png)).status).toBe(401);
    expect((await upload(student.client, Buffer.from('not an image'))).status).toBe(415);

    await student.client.call(saveNotes, {
      params: { id: lessonId },
      body: { html: `<p>See <img src="${url}" alt="graph"></p>` },
    });
    const shown = (await lessonOf(tutor.client, lessonId)).studentNotes;
    const src = /<img src="([^"]+)"/.exec(shown)![1]!.replaceAll('&amp;', '&');
    const image = await fetch(`${t.url}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it("never signs a note picture for notes other than its writer's on its lesson", async () => {
    const [theirs, mine] = [await lessonInThreeDays(), await lessonInThreeDays()];
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const uploaded = await postForm(
      t.url,
      `/api/lessons/${theirs.lessonId}/notes/images`,
      theirs.student.client,
      fileForm(png, 'graph.png', 'image/png'),
    );
    const { url } = (await uploaded.json()) as { url: string };
    const [unsigned] = url.split('?');

    // Someone who learnt the path (or a signed link) pastes it into their own notes.
    const saved = await mine.student.client.call(saveNotes, {
      params: { id: mine.lessonId },
      body: { html: `<p>mine<img src="${unsigned}"><img src="${url}"></p>` },
    });
    expect(saved.lesson.studentNotes).toBe('<p>mine</p>');

    // Notes saved before pictures were checked keep such a path: it is shown unsigned.
    const pasted = `<p><img src="${unsigned}" /></p>`;
    await repository.saveNotes(t.database.db, mine.lessonId, 'student_notes', pasted);
    const shown = await lessonOf(mine.student.client, mine.lessonId);
    expect(shown.studentNotes).toBe(pasted);
  });
});
