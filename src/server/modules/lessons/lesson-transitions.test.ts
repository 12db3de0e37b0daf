import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_STATUSES, type LessonStatus } from '../../../domain/booking/booking-rules';
import { canTransition } from '../../../domain/booking/lesson-transitions';
import type { Database } from '../../db/database';
import { violatedConstraint } from '../../db/constraint-errors';
import { createLesson, createTutors, type TestTutor } from '../../test/factories';
import { openTestDatabase, TEST_DRIVERS } from '../../test/test-database';

// The database refuses a lesson's status change that the domain's transition table does not
// allow (migration 023), whoever writes it: here, SQL written straight at the table.

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2031, 0, 6, 10);

describe.each(TEST_DRIVERS)('lesson status transitions on %s', (driver) => {
  let database: Database;
  let tutor: TestTutor;
  let studentId: string;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    [tutor] = (await createTutors(database.db, 1)) as [TestTutor];
    ({ id: studentId } = await database.db
      .insertInto('users')
      .values({
        email: 'transitions@example.com',
        full_name: 'Maya Lindgren',
        first_name: 'Maya',
        last_name: 'Lindgren',
        role: 'student',
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(() => database.close());

  let day = 0;
  /** A lesson in `from`, on a day of its own, changed to `to` in raw SQL; the change is kept. */
  async function change(from: LessonStatus, to: LessonStatus) {
    const id = await createLesson(database.db, {
      tutor,
      studentId,
      start: new Date(FIRST_DAY + day++ * DAY_MS),
      status: from,
      ...(from === 'awaiting_payment' && { holdExpiresAt: new Date(FIRST_DAY) }),
    });
    const recorded =
      to === 'no_show' ? sql`, no_show_party = 'tutor', no_show_reported_at = now()` : sql``;
    await sql`update lessons set status = ${to} ${recorded} where id = ${id}`.execute(database.db);
    return database.db
      .selectFrom('lessons')
      .select(['status', 'canceled_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('refuses a completed lesson being scheduled again', async () => {
    const refused = await change('completed', 'scheduled').catch((error: unknown) => error);
    expect(violatedConstraint(refused)).toBe('lessons_status_transition');
  });

  it('allows exactly the arrows of the domain table, pair by pair', async () => {
    const disagreements: string[] = [];
    for (const from of LESSON_STATUSES)
      for (const to of LESSON_STATUSES) {
        const outcome = await change(from, to).then(
          () => 'allowed',
          (error: unknown) => {
            if (violatedConstraint(error) !== 'lessons_status_transition') throw error;
            return 'refused';
          },
        );
        const expected = canTransition(from, to) ? 'allowed' : 'refused';
        if (outcome !== expected) disagreements.push(`${from} → ${to}: ${outcome}`);
      }
    expect(disagreements).toEqual([]);
  });

  it('stamps a cancel that its writer did not stamp', async () => {
    const canceled = await change('scheduled', 'canceled');
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).toBeInstanceOf(Date);
  });
});
