import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { REVIEW_EDIT_DAYS } from '../../../domain/reviews/review-rules';
import {
  createReview,
  getMyReviews,
  getTutorReviews,
  replyToReview,
  updateReview,
} from '../../../contracts/reviews.contract';
import { getTutorProfile } from '../../../contracts/tutors.contract';
import {
  createLesson,
  createSignedInTutor,
  createStudent,
  type LessonOptions,
} from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import { announcementsHeard } from '../../test/announced-changes';
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
    /** The profile as a student sees it once the changes before are announced (ADR 047). */
    const profile = async () => {
      await announcementsHeard(t.database);
      return student.client.call(getTutorProfile, { params: { id: tutor.id } });
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
    const early = await student.client.callError(createReview, { params: { id }, body: review });
    expect(early).toMatchObject({ status: 409, message: M.notReviewable });
    expect(await storedReviews(id)).toEqual([]);

    clock.set(at(END));
    const done = await student.client.call(createReview, { params: { id }, body: review });
    expect(done.review).toMatchObject({
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
      const refused = await student.client.callError(createReview, {
        params: { id },
        body: review,
      });
      expect(refused).toMatchObject({ status: 409, message: M.notReviewable });
    }
    // Someone else's lesson does not exist for them; a tutor does not write reviews.
    const input = { params: { id: done }, body: review };
    expect((await otherStudent.client.callError(createReview, input)).status).toBe(404);
    expect((await tutor.client.callError(createReview, input)).status).toBe(403);
    expect(await storedReviews(done)).toEqual([]);

    await student.client.call(createReview, input);
    const again = await student.client.callError(createReview, {
      params: { id: done },
      body: { ...review, rating: 1 },
    });
    expect(again).toMatchObject({ status: 409, message: M.alreadyReviewed });
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
      const response = await student.client.callError(createReview, { params: { id }, body });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.message).toBe(message);
    }
    expect(await storedReviews(id)).toEqual([]);

    // Trimmed, Windows line ends made plain, line breaks kept.
    const saved = await student.client.call(createReview, {
      params: { id },
      body: { rating: 4, text: '  Good pace.\r\nMore exercises next time.  ' },
    });
    expect(saved.review.text).toBe('Good pace.\nMore exercises next time.');
  });

  it(`lets the student edit a review for ${REVIEW_EDIT_DAYS} days, to the minute`, async () => {
    const { student, otherStudent, lesson, profile } = await world();
    const id = await lesson(at(-DAY));
    await student.client.call(createReview, { params: { id }, body: review });

    const edit = { rating: 3, text: 'Good, though the homework came late.' };
    clock.set(at(REVIEW_EDIT_DAYS * DAY - MINUTE));
    const input = { params: { id }, body: edit };
    expect((await otherStudent.client.callError(updateReview, input)).status).toBe(404);
    const inTime = await student.client.call(updateReview, input);
    expect(inTime.review).toMatchObject(edit);
    expect(await profile()).toMatchObject({ rating: 3, totalReviews: 1 });

    clock.set(at(REVIEW_EDIT_DAYS * DAY));
    const late = await student.client.callError(updateReview, {
      params: { id },
      body: { ...edit, rating: 1 },
    });
    expect(late).toMatchObject({ status: 409, message: M.editWindowClosed(REVIEW_EDIT_DAYS) });
    expect((await storedReviews(id))[0]).toMatchObject({ rating: 3, comment: edit.text });

    // A lesson without a review has nothing to edit.
    const other = await lesson(at(-2 * DAY));
    const nothing = await student.client.callError(updateReview, {
      params: { id: other },
      body: edit,
    });
    expect(nothing).toMatchObject({ status: 404, message: M.noReview });
  });

  it('lets the lesson’s tutor reply once, shown with the review on the profile', async () => {
    const { tutor, student, lesson, profile } = await world();
    const otherTutor = await createSignedInTutor(t, { firstName: 'Omar', lastName: 'Haddad' });
    const id = await lesson(at(-DAY));
    const early = await tutor.client.callError(replyToReview, {
      params: { id },
      body: { text: 'Thanks!' },
    });
    expect(early).toMatchObject({ status: 404, message: M.noReview });
    await student.client.call(createReview, { params: { id }, body: review });

    const reply = { text: 'Thank you, Maya! See you next week.' };
    const input = { params: { id }, body: reply };
    expect((await otherTutor.client.callError(replyToReview, input)).status).toBe(404);
    expect((await student.client.callError(replyToReview, input)).status).toBe(403);
    const sent = await tutor.client.call(replyToReview, input);
    expect(sent.review.reply).toEqual({ text: reply.text, createdAt: NOW.toISOString() });
    const again = await tutor.client.callError(replyToReview, {
      params: { id },
      body: { text: 'Also…' },
    });
    expect(again).toMatchObject({ status: 409, message: M.alreadyReplied });

    const shown = await profile();
    expect(shown.totalReviews).toBe(1);
    expect(shown.reviews[0]).toMatchObject({
      studentName: 'Maya L.',
      comment: review.text,
      reply: { text: reply.text },
    });
    const listed = await tutor.client.call(getTutorReviews, { query: {} });
    expect(listed).toMatchObject({ total: 1, nextPage: null });
    expect(listed.reviews[0]).toMatchObject({ lessonId: id, reply: { text: reply.text } });
  });

  it("updates the tutor's average and count with each review", async () => {
    const { student, lesson, profile } = await world();
    expect(await profile()).toMatchObject({ rating: null, totalReviews: 0 });
    const first = await lesson(at(-2 * DAY));
    const second = await lesson(at(-DAY));
    await student.client.call(createReview, {
      params: { id: first },
      body: { ...review, rating: 5 },
    });
    expect(await profile()).toMatchObject({ rating: 5, totalReviews: 1 });
    await student.client.call(createReview, {
      params: { id: second },
      body: { ...review, rating: 4 },
    });
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
    expect(await student.client.call(getMyReviews)).toEqual({
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
    await student.client.call(createReview, { params: { id: done }, body: review });
    const after = await student.client.call(getMyReviews);
    expect(after.prompts).toEqual([]);
    expect(after.editable.map((r) => r.lessonId)).toEqual([done]);
    clock.set(at(REVIEW_EDIT_DAYS * DAY));
    expect((await student.client.call(getMyReviews)).editable).toEqual([]);
  });
});
