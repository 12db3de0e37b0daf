import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lesson } from '../../../contracts/booking.contract';
import type { TutorStudent } from '../../../contracts/lesson-history.contract';
import { DISCOVERY_MESSAGES } from '../../../domain/messages';
import { fixedClock } from '../../adapters/clock';
import {
  createLesson,
  createSignedInTutor,
  createStudent,
  createTutor,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { lessonEventUid } from '../../adapters/mail/calendar-event';
import { createPayment } from '../../test/purchase-fixtures';
import { HISTORY_PAGE_SIZE } from './lesson-history';
import { createCalendarFeed } from '../../../contracts/calendar-feed.contract';
import { getMyStudents, getPastLessons } from '../../../contracts/lesson-history.contract';

// My Lessons (past and canceled lessons, newest first) and My Students read what booking
// stored; the tests store lessons directly around a fixed NOW.
const NOW = new Date('2030-03-10T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(NOW.getTime() + offset);

describe.each(TEST_DRIVERS)('past lessons and students on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock: fixedClock(NOW) });
  });
  afterAll(async () => {
    await t.close();
  });

  async function world() {
    const db = t.database.db;
    const tutor = await createSignedInTutor(t, { firstName: 'Clara', lastName: 'Whitfield' });
    const otherTutor = await createTutor(db, { firstName: 'Omar', lastName: 'Haddad' });
    const student = await createStudent(t, { firstName: 'Maya', lastName: 'Lindgren' });
    const otherStudent = await createStudent(t, { firstName: 'Noah', lastName: 'Berg' });
    const lesson = (
      who: { tutor: typeof tutor | typeof otherTutor; studentId: string },
      start: Date,
      options: Partial<Parameters<typeof createLesson>[1]> = {},
    ) => createLesson(db, { tutor: who.tutor, studentId: who.studentId, start, ...options });
    const mine = { tutor, studentId: student.id };
    const lessons = {
      threeDaysAgo: await lesson(mine, at(-3 * DAY), { isTrial: true }),
      yesterday: await lesson(mine, at(-DAY)),
      canceledTomorrow: await lesson(mine, at(2 * DAY), { status: 'canceled' }),
      upcoming: await lesson(mine, at(DAY)),
      inProgress: await lesson(mine, at(-10 * 60_000)),
      lapsedHold: await lesson(mine, at(-2 * DAY), {
        status: 'expired',
        holdExpiresAt: at(-3 * DAY),
      }),
      withOtherTutor: await lesson({ tutor: otherTutor, studentId: student.id }, at(-5 * DAY)),
      otherStudent: await lesson({ tutor, studentId: otherStudent.id }, at(-4 * DAY)),
    };
    return { tutor, student, otherStudent, lessons };
  }

  it("lists a party's ended lessons newest first, each as that party sees it", async () => {
    const { tutor, student, lessons } = await world();

    const mine = await student.client.call(getPastLessons, { query: {} });
    const studentLessons = mine.lessons as Lesson[];
    // "Past" means ended: a lesson canceled for tomorrow is not past yet (issue #29).
    expect(studentLessons.map((lesson) => [lesson.id, lesson.status])).toEqual([
      [lessons.yesterday, 'completed'],
      [lessons.threeDaysAgo, 'completed'],
      [lessons.withOtherTutor, 'completed'],
    ]);
    expect(mine).toMatchObject({ page: 1, totalPages: 1, total: 3 });
    // The student never sees the tutor's preparation notes; the tutor does.
    expect(studentLessons[0]).toMatchObject({
      tutor: { name: 'Clara Whitfield' },
      student: { name: 'Maya Lindgren' },
      tutorPrepNotes: null,
    });

    const taught = await tutor.client.call(getPastLessons, { query: {} });
    const tutorLessons = taught.lessons as Lesson[];
    expect(tutorLessons.map((lesson) => lesson.id)).toEqual([
      lessons.yesterday,
      lessons.threeDaysAgo,
      lessons.otherStudent,
    ]);
    expect(tutorLessons[0]!.tutorPrepNotes).toBe('');
  });

  it('leaves out checkouts never paid and the lesson a move replaced: one row per lesson had', async () => {
    const db = t.database.db;
    const tutor = await createTutor(db, { firstName: 'Omar', lastName: 'Haddad' });
    const student = await createStudent(t);
    const payment = (status: 'completed' | 'canceled') =>
      createPayment(db, {
        studentId: student.id,
        tutorProfileId: tutor.id,
        amountCents: 3000,
        status,
        createdAt: at(-10 * DAY),
      });
    const lesson = (start: Date, options: Partial<Parameters<typeof createLesson>[1]> = {}) =>
      createLesson(db, { tutor, studentId: student.id, start, ...options });
    // Canceled on the hosted page, then paid on Try Again: one lesson.
    const abandoned = await lesson(at(-2 * DAY), {
      status: 'canceled',
      paymentId: await payment('canceled'),
    });
    const paid = await lesson(at(-2 * DAY), { paymentId: await payment('completed') });
    const lapsed = await lesson(at(-3 * DAY), { status: 'expired', holdExpiresAt: at(-4 * DAY) });
    // Moved once: the old row stays, canceled, linked from the new one.
    const movedFrom = await lesson(at(-5 * DAY), { status: 'canceled' });
    const movedTo = await lesson(at(-4 * DAY));
    await db
      .updateTable('lessons')
      .set({ rescheduled_from: movedFrom })
      .where('id', '=', movedTo)
      .execute();
    const canceled = await lesson(at(-6 * DAY), { status: 'canceled' });

    const past = await student.client.call(getPastLessons, { query: {} });
    expect((past.lessons as Lesson[]).map((row) => [row.id, row.status])).toEqual([
      [paid, 'completed'],
      [movedTo, 'completed'],
      [canceled, 'canceled'],
    ]);
    expect(past.total).toBe(3);

    // The calendar feed has no event for the checkout that was never paid.
    const { url } = (await student.client.call(createCalendarFeed)) as { url: string };
    const feed = await (await fetch(url.replace(/^https?:\/\/[^/]+/, t.url))).text();
    expect(feed).toContain(lessonEventUid(paid));
    expect(feed).not.toContain(lessonEventUid(abandoned));
    expect(feed).not.toContain(lessonEventUid(lapsed));
  });

  it('pages on the server, moves a page past the last back to it, and refuses a bad page', async () => {
    const db = t.database.db;
    const tutor = await createTutor(db);
    const student = await createStudent(t);
    const count = HISTORY_PAGE_SIZE + 2;
    const ids: string[] = [];
    for (let index = 0; index < count; index++)
      ids.push(
        await createLesson(db, {
          tutor,
          studentId: student.id,
          start: at(-(index + 1) * 2 * HOUR),
        }),
      );

    const first = await student.client.call(getPastLessons, { query: { page: '1' } });
    expect((first.lessons as Lesson[]).map((lesson) => lesson.id)).toEqual(
      ids.slice(0, HISTORY_PAGE_SIZE),
    );
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: count });
    const second = await student.client.call(getPastLessons, { query: { page: '2' } });
    expect((second.lessons as Lesson[]).map((lesson) => lesson.id)).toEqual(
      ids.slice(HISTORY_PAGE_SIZE),
    );
    const beyond = await student.client.call(getPastLessons, { query: { page: '9' } });
    expect(beyond).toMatchObject({ page: 2, totalPages: 2, total: count });
    expect(beyond.lessons).toHaveLength(2);

    for (const page of ['0', 'two', '1.5']) {
      const refused = await student.client.callError(getPastLessons, { query: { page } });
      expect(refused.status).toBe(400);
      expect(refused.message).toBe(DISCOVERY_MESSAGES.searchPage);
    }
  });

  it("lists the tutor's own students with their lesson count, next and last lesson", async () => {
    const { tutor, student, otherStudent } = await world();
    const response = await tutor.client.call(getMyStudents, { query: {} });
    expect(response.students as TutorStudent[]).toEqual([
      {
        id: student.id,
        name: 'Maya Lindgren',
        avatarUrl: null,
        // Three days ago, yesterday, the one in progress and tomorrow's; not the canceled
        // one, the lapsed hold, nor the lesson with another tutor.
        lessonsCount: 4,
        nextLessonAt: at(-10 * 60_000).toISOString(),
        lastLessonAt: at(-DAY).toISOString(),
      },
      {
        id: otherStudent.id,
        name: 'Noah Berg',
        avatarUrl: null,
        lessonsCount: 1,
        nextLessonAt: null,
        lastLessonAt: at(-4 * DAY).toISOString(),
      },
    ]);
    expect(response).toMatchObject({ page: 1, totalPages: 1, total: 2 });

    // Students see no such list; a tutor with no lessons sees an empty one.
    expect((await student.client.callError(getMyStudents)).status).toBe(403);
    const newcomer = await createSignedInTutor(t);
    const empty = await newcomer.client.call(getMyStudents, { query: {} });
    expect(empty).toEqual({ students: [], page: 1, totalPages: 1, total: 0 });
  });
});
