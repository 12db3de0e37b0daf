import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { createSignedInTutor, createStudent } from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { MORNING_TEACHING, NOW, trialBooking } from '../../test/tokyo-mornings';

// A booking and a suspension of its tutor at the same moment, on a PostgreSQL server (two
// connections: PGlite runs one transaction at a time, so the race cannot happen there). The
// booking passed its checks before the suspension committed; writing the lesson waits for the
// suspension's lock on the tutor's account and is then refused, so no lesson outlives the
// suspension that was meant to cancel it.

describe.runIf(TEST_DRIVERS.includes('postgres'))('a booking racing a suspension', () => {
  let t: TestApp;
  fixedClockApp('postgres', NOW, (app) => (t = app));

  /** How many of this database's connections wait on a row lock. */
  const waitingOnLocks = async () => {
    const { rows } = await sql<{ waiting: string }>`
      select count(*) as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db);
    return Number(rows[0]!.waiting);
  };

  it('refuses the lesson once the suspension commits, instead of booking a suspended tutor', async () => {
    const db = t.database.db;
    const tutor = await createSignedInTutor(t, MORNING_TEACHING);
    const student = await createStudent(t);
    let booking: ReturnType<typeof student.client.post> | undefined;
    let answered = false;
    await db.transaction().execute(async (trx) => {
      // What a suspension does first: lock and mark the account (the rest follows in its
      // transaction).
      await trx
        .updateTable('users')
        .set({ suspended_at: NOW, suspension_reason: 'Fake certificates' })
        .where('id', '=', tutor.userId)
        .execute();
      booking = student.client.post('/api/lessons', trialBooking(tutor));
      void booking.then(() => (answered = true));
      // The booking has passed its checks and waits for the account's lock (or, were nothing
      // locked, has already answered: then the assertions below say so).
      while (!answered && (await waitingOnLocks()) === 0)
        await new Promise((resolve) => setImmediate(resolve));
    });
    const answer = await booking!;
    expect(answer.status, answer.text).toBe(404);
    expect(answer.json.error.message).toBe(BOOKING_MESSAGES.tutorNotFound);
    const lessons = await db
      .selectFrom('lessons')
      .select('id')
      .where('tutor_profile_id', '=', tutor.id)
      .execute();
    expect(lessons).toEqual([]);
  });
});
