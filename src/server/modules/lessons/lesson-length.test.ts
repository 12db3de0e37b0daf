import { describe, expect, it } from 'vitest';
import { getLesson } from '../../../contracts/booking.contract';
import { createReview } from '../../../contracts/reviews.contract';
import { REVIEW_MESSAGES as R } from '../../../domain/messages';
import { createLesson, createSignedInTutor, createStudent } from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

// A lesson ends at its length (ADR 026): a 25-minute lesson at 12:00 is over at 12:25 for its
// status, its review and its end time. The slot's five minutes after it are the tutor's break:
// only the tutor's time stays held until 12:30.
const NOON = new Date('2030-05-06T12:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOON.getTime() + minutes * MINUTE);
const review = { rating: 5, text: 'Short and to the point, exactly what I needed today.' };

describe.each(TEST_DRIVERS)('lesson length on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClockApp(driver, NOON, (app) => (t = app));

  it('ends a 25-minute lesson at :25: its end time, its status and its review', async () => {
    const tutor = await createSignedInTutor(t, { firstName: 'Clara', lastName: 'Whitfield' });
    const student = await createStudent(t, { firstName: 'Maya', lastName: 'Lindgren' });
    const id = await createLesson(t.database.db, {
      tutor,
      studentId: student.id,
      start: NOON,
      durationMinutes: 25,
    });
    const view = async () => (await student.client.call(getLesson, { params: { id } })).lesson;

    clock.set(at(24));
    expect(await view()).toMatchObject({ status: 'in_progress', endTime: at(25).toISOString() });
    const early = await student.client.callError(createReview, { params: { id }, body: review });
    expect(early).toMatchObject({ status: 409, message: R.notReviewable });

    clock.set(at(25));
    expect(await view()).toMatchObject({ status: 'completed', endTime: at(25).toISOString() });
    await student.client.call(createReview, { params: { id }, body: review });
  });

  it("keeps the slot's break for the tutor only", async () => {
    const tutor = await createSignedInTutor(t);
    const otherTutor = await createSignedInTutor(t, { firstName: 'Noah', lastName: 'Berg' });
    const student = await createStudent(t);
    const otherStudent = await createStudent(t, { firstName: 'Lena', lastName: 'Vogel' });
    const { db } = t.database;
    await createLesson(db, { tutor, studentId: student.id, start: NOON, durationMinutes: 25 });

    // The tutor's break: no other student from 12:25 to 12:30.
    const intoBreak = createLesson(db, {
      tutor,
      studentId: otherStudent.id,
      start: at(25),
      durationMinutes: 25,
    });
    await expect(intoBreak).rejects.toMatchObject({ code: '23P01' });
    // The student is free at 12:25, with another tutor.
    await createLesson(db, {
      tutor: otherTutor,
      studentId: student.id,
      start: at(25),
      durationMinutes: 25,
    });
    const stored = await db
      .selectFrom('lessons')
      .select(['starts_at', 'ends_at', 'held_until'])
      .where('student_id', '=', student.id)
      .orderBy('starts_at')
      .execute();
    expect(stored).toEqual([
      { starts_at: NOON, ends_at: at(25), held_until: at(30) },
      { starts_at: at(25), ends_at: at(50), held_until: at(55) },
    ]);
  });
});
