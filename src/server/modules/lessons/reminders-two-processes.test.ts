import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lesson } from '../../../contracts/booking.contract';
import { fixedClock } from '../../adapters/clock';
import { createStudents, createTutor, type TestStudent } from '../../test/factories';
import { makeRemindersDue, reminderJobs, remindersSettled } from '../../test/reminder-jobs';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { MORNING_TEACHING, NOW, trialBooking } from '../../test/tokyo-mornings';

// Two API processes on one PostgreSQL database work one job queue: every reminder that comes
// due is sent exactly once, by one of them, though both poll for it at the same time.

const LESSONS = 6;
const HOUR = 3_600_000;
const postgres = TEST_DRIVERS.filter((driver) => driver === 'postgres');

describe.skipIf(postgres.length === 0)('reminders with two API processes on PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  let students: TestStudent[];
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    first = await startTestApp('postgres', {}, { clock });
    second = await startTestApp('postgres', {}, { clock, sharedDatabase: first.database });
    students = await createStudents(first, LESSONS);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const remindersTo = (email: string) =>
    [...first.inbox.messages, ...second.inbox.messages].filter(
      (mail) => mail.to === email && mail.subject.startsWith('Reminder:'),
    );

  it('sends each reminder exactly once', async () => {
    // Each student books a trial with a tutor of their own, all on the same morning three
    // days ahead (through the first process: which one booked does not matter to the queue).
    const booked = await Promise.all(
      students.map(async (student) => {
        const tutor = await createTutor(first.database.db, MORNING_TEACHING);
        const response = await student.client.post('/api/lessons', trialBooking(tutor));
        expect(response.status, response.text).toBe(201);
        const { lesson } = response.json as { lesson: Lesson };
        const { email } = await first.database.db
          .selectFrom('users as u')
          .innerJoin('tutor_profiles as tp', 'tp.user_id', 'u.id')
          .select('u.email')
          .where('tp.id', '=', tutor.id)
          .executeTakeFirstOrThrow();
        return { lesson, studentEmail: student.email, tutorEmail: email };
      }),
    );
    const ids = booked.map(({ lesson }) => lesson.id);
    for (const id of ids) expect(await reminderJobs(first.database.db, id)).toHaveLength(4);

    // The 24-hour moment by the app's clock; the jobs made due by the database's, for both.
    clock.set(new Date(new Date(booked[0]!.lesson.startTime).getTime() - 24 * HOUR));
    await makeRemindersDue(first.database.db, ids, 'day');
    await remindersSettled(first.database.db, ids, 'day');

    for (const { studentEmail, tutorEmail } of booked) {
      expect(remindersTo(studentEmail)).toHaveLength(1);
      expect(remindersTo(tutorEmail)).toHaveLength(1);
    }
    // Nothing was sent twice overall, by either process (which one wins a job is the race's).
    const all = [...first.inbox.messages, ...second.inbox.messages].filter((mail) =>
      mail.subject.startsWith('Reminder:'),
    );
    expect(all).toHaveLength(2 * LESSONS);
    for (const id of ids) {
      const states = (await reminderJobs(first.database.db, id))
        .filter((job) => job.kind === 'day')
        .map((job) => job.state);
      expect(states).toEqual(['completed', 'completed']);
    }
  });
});
