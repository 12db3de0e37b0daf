import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { REVIEW_EDIT_DAYS } from '../../../domain/reviews/review-rules';
import {
  createLesson,
  createSignedInTutor,
  createStudent,
  type LessonOptions,
} from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { completeEndedLessons } from '../lessons/lesson-completion';

// Reviews after a completed lesson, on a fixed clock: lessons are stored around NOW and the
// clock moves past their end (or an edit window's) to the minute.
const NOW = new Date('2030-05-06T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(NOW.getTime() + offset);
const review = { rating: 5, text: 'Clear explanations and a good plan for the next weeks.' };

describe.each(TEST_DRIVERS)('reviews on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClockApp(driver, NOW, (app) => (t = app));

  async function world() {
    const tutor = await createSignedInTutor(t, { firstName: 'Clara', lastName: 'Whitfield' });
    const student = await createStudent(t, { firstName: 'Maya', lastName: 'Lindgren' });
    const otherStudent = await createStudent(t, { firstName: 'Noah', lastName: 'Berg' });
    const lesson = (start: Date, options: Partial<LessonOptions> = {}) =>
      createLesson(t.database.db, { tutor, studentId: student.id, start, ...options });
    const profile = async () => {
      const response = await student.client.get(`/api/tutors/${tutor.id}`);
      expect(response.status, response.text).toBe(200);
      return response.json as {
        rating: number | null;
        totalReviews: number;
        lessonsCompleted: number;
        reviews: { studentName: string; comment: string; reply: unknown }[];
      };
    };
    return { tutor, student, otherStudent, lesson, profile };
  }

  const storedReviews = (lessonId: string) =>
    t.database.db.selectFrom('reviews').selectAll().where('lesson_id', '=', lessonId).execute();

  it('lets the student review a lesson only once it has ended, to the minute', async () => {
    const { student, lesson } = await world();
    // 50 minutes in a 60-minute slot: the lesson ends at NOW + 50 min (ADR 026).
    const END = 50 * MINUTE;
    const id = await lesson(at(0));
    clock.set(at(END - MINUTE));
    const early = await student.client.post(`/api/lessons/${id}/review`, review);
    expect(early.status, early.text).toBe(409);
    expect(early.json.error.message).toBe(M.notReviewable);
    expect(await storedReviews(id)).toEqual([]);

    clock.set(at(END));
    const done = await student.client.post(`/api/lessons/${id}/review`, review);
    expect(done.status, done.text).toBe(201);
    expect(done.json.review).toMatchObject({
      lessonId: id,
      rating: 5,
      text: review.text,
      studentName: 'Maya L.',
      tutorName: 'Clara Whitfield',
      createdAt: at(END).toISOString(),
      editableUntil: at(END + REVIEW_EDIT_DAYS * DAY).toISOString(),
      reply: null,
    });
  });

  it('refuses canceled and no-show lessons, other students, and a second review', async () => {
    const { tutor, student, otherStudent, lesson } = await world();
    const canceled = await lesson(at(-2 * DAY), { status: 'canceled' });
    const noShow = await lesson(at(-3 * DAY), { status: 'no_show' });
    const done = await lesson(at(-DAY), { isTrial: true });

    for (const id of [canceled, noShow]) {
      const refused = await student.client.post(`/api/lessons/${id}/review`, review);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json.error.message).toBe(M.notReviewable);
    }
    // Someone else's lesson does not exist for them; a tutor does not write reviews.
    const stranger = await otherStudent.client.post(`/api/lessons/${done}/review`, review);
    expect(stranger.status).toBe(404);
    const byTutor = await tutor.client.post(`/api/lessons/${done}/review`, review);
    expect(byTutor.status).toBe(403);
    expect(await storedReviews(done)).toEqual([]);

    expect((await student.client.post(`/api/lessons/${done}/review`, review)).status).toBe(201);
    const again = await student.client.post(`/api/lessons/${done}/review`, {
      ...review,
      rating: 1,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(M.alreadyReviewed);
    expect((await storedReviews(done)).map((row) => row.rating)).toEqual([5]);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const { student, lesson } = await world();
    const id = await lesson(at(-DAY));
    const cases: [unknown, string][] = [
      [{ ...review, rating: 0 }, M.ratingRequired],
      [{ ...review, rating: 6 }, M.ratingRequired],
      [{ ...review, rating: 4.5 }, M.ratingRequired],
      [{ rating: 4 }, M.textTooShort(10)],
      [{ ...review, text: '   too short   ' }, M.textTooShort(10)],
      [{ ...review, text: 'x'.repeat(2001) }, M.textTooLong(2000)],
      [{ ...review, text: 'Great lesson\u0007 really' }, M.invalidCharacters],
      [{ ...review, text: 'Great <script>alert(1)</script> lesson' }, M.plainTextOnly],
    ];
    for (const [body, message] of cases) {
      const response = await student.client.post(`/api/lessons/${id}/review`, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json.error.message).toBe(message);
    }
    expect(await storedReviews(id)).toEqual([]);

    // Trimmed, Windows line ends made plain, line breaks kept.
    const saved = await student.client.post(`/api/lessons/${id}/review`, {
      rating: 4,
      text: '  Good pace.\r\nMore exercises next time.  ',
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.json.review.text).toBe('Good pace.\nMore exercises next time.');
  });

  it(`lets the student edit a review for ${REVIEW_EDIT_DAYS} days, to the minute`, async () => {
    const { student, otherStudent, lesson, profile } = await world();
    const id = await lesson(at(-DAY));
    expect((await student.client.post(`/api/lessons/${id}/review`, review)).status).toBe(201);

    const edit = { rating: 3, text: 'Good, though the homework came late.' };
    clock.set(at(REVIEW_EDIT_DAYS * DAY - MINUTE));
    const stranger = await otherStudent.client.request('PUT', `/api/lessons/${id}/review`, edit);
    expect(stranger.status).toBe(404);
    const inTime = await student.client.request('PUT', `/api/lessons/${id}/review`, edit);
    expect(inTime.status, inTime.text).toBe(200);
    expect(inTime.json.review).toMatchObject(edit);
    expect(await profile()).toMatchObject({ rating: 3, totalReviews: 1 });

    clock.set(at(REVIEW_EDIT_DAYS * DAY));
    const late = await student.client.request('PUT', `/api/lessons/${id}/review`, {
      ...edit,
      rating: 1,
    });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(M.editWindowClosed(REVIEW_EDIT_DAYS));
    expect((await storedReviews(id))[0]).toMatchObject({ rating: 3, comment: edit.text });

    // A lesson without a review has nothing to edit.
    const other = await lesson(at(-2 * DAY));
    const nothing = await student.client.request('PUT', `/api/lessons/${other}/review`, edit);
    expect(nothing.status).toBe(404);
    expect(nothing.json.error.message).toBe(M.noReview);
  });

  it('lets the lesson’s tutor reply once, shown with the review on the profile', async () => {
    const { tutor, student, lesson, profile } = await world();
    const otherTutor = await createSignedInTutor(t, { firstName: 'Omar', lastName: 'Haddad' });
    const id = await lesson(at(-DAY));
    const early = await tutor.client.post(`/api/lessons/${id}/review/reply`, { text: 'Thanks!' });
    expect(early.status).toBe(404);
    expect(early.json.error.message).toBe(M.noReview);
    expect((await student.client.post(`/api/lessons/${id}/review`, review)).status).toBe(201);

    const reply = { text: 'Thank you, Maya! See you next week.' };
    expect((await otherTutor.client.post(`/api/lessons/${id}/review/reply`, reply)).status).toBe(
      404,
    );
    expect((await student.client.post(`/api/lessons/${id}/review/reply`, reply)).status).toBe(403);
    const sent = await tutor.client.post(`/api/lessons/${id}/review/reply`, reply);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json.review.reply).toEqual({ text: reply.text, createdAt: NOW.toISOString() });
    const again = await tutor.client.post(`/api/lessons/${id}/review/reply`, { text: 'Also…' });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(M.alreadyReplied);

    const shown = await profile();
    expect(shown.totalReviews).toBe(1);
    expect(shown.reviews[0]).toMatchObject({
      studentName: 'Maya L.',
      comment: review.text,
      reply: { text: reply.text },
    });
    const listed = await tutor.client.get('/api/tutor/reviews');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json).toMatchObject({ total: 1, nextPage: null });
    expect(listed.json.reviews[0]).toMatchObject({ lessonId: id, reply: { text: reply.text } });
  });

  it("updates the tutor's average and count with each review", async () => {
    const { student, lesson, profile } = await world();
    expect(await profile()).toMatchObject({ rating: null, totalReviews: 0 });
    const first = await lesson(at(-2 * DAY));
    const second = await lesson(at(-DAY));
    await student.client.post(`/api/lessons/${first}/review`, { ...review, rating: 5 });
    expect(await profile()).toMatchObject({ rating: 5, totalReviews: 1 });
    await student.client.post(`/api/lessons/${second}/review`, { ...review, rating: 4 });
    expect(await profile()).toMatchObject({ rating: 4.5, totalReviews: 2 });
  });

  it('counts completed lessons only as lessons taught, also when one turns into a no-show', async () => {
    const { lesson, profile, tutor } = await world();
    const ended = await lesson(at(-3 * DAY));
    await lesson(at(-2 * DAY), { isTrial: true });
    await lesson(at(-DAY), { status: 'canceled' });
    await lesson(at(-4 * DAY), { status: 'no_show' });
    await lesson(at(DAY));
    // Pending: paid by a method that has not settled, so not yet a lesson that took place.
    await lesson(at(-5 * DAY), { status: 'pending' });
    expect((await profile()).lessonsCompleted).toBe(2);

    await t.database.db
      .updateTable('lessons')
      .set({ status: 'no_show', no_show_party: 'tutor', no_show_reported_at: clock.now() })
      .where('id', '=', ended)
      .execute();
    expect((await profile()).lessonsCompleted).toBe(1);

    // The coming lesson completes at its end, by the app's clock (here through the job's pass).
    clock.set(at(DAY + HOUR));
    expect(await completeEndedLessons(t.database.db, clock.now())).toBeGreaterThanOrEqual(1);
    const row = await t.database.db
      .selectFrom('tutor_profiles')
      .select('lessons_taught')
      .where('id', '=', tutor.id)
      .executeTakeFirstOrThrow();
    expect(row.lessons_taught).toBe(2);
  });

  it('prompts the student for completed lessons they have not reviewed, then offers the edit', async () => {
    const { student, lesson } = await world();
    const done = await lesson(at(-DAY));
    await lesson(at(DAY));
    const before = await student.client.get('/api/student/reviews');
    expect(before.status, before.text).toBe(200);
    expect(before.json).toEqual({
      prompts: [
        {
          lessonId: done,
          tutorName: 'Clara Whitfield',
          subject: 'Mathematics',
          startTime: at(-DAY).toISOString(),
        },
      ],
      editable: [],
    });
    await student.client.post(`/api/lessons/${done}/review`, review);
    const after = await student.client.get('/api/student/reviews');
    expect(after.json.prompts).toEqual([]);
    expect(after.json.editable.map((r: { lessonId: string }) => r.lessonId)).toEqual([done]);
    clock.set(at(REVIEW_EDIT_DAYS * DAY));
    expect((await student.client.get('/api/student/reviews')).json.editable).toEqual([]);
  });
});
