import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { LESSON_JOBS } from '../modules/lessons/lessons.jobs';

const LESSON_REMINDER_JOB = LESSON_JOBS.reminder.name;

// The reminder jobs of a lesson as pg-boss keeps them, for tests: what is queued, for when, and
// a way to make some due now (the queue decides by the database's clock, which a test's fixed
// clock does not move).

export interface ReminderJobRow {
  id: string;
  kind: string;
  recipient: string;
  state: string;
  startAfter: Date;
}

export async function reminderJobs(db: Kysely<DB>, lessonId: string): Promise<ReminderJobRow[]> {
  const { rows } = await sql<{
    id: string;
    kind: string;
    recipient: string;
    state: string;
    start_after: Date;
  }>`select id, data->>'kind' as kind, data->>'recipient' as recipient, state, start_after
       from pgboss.job
      where name = ${LESSON_REMINDER_JOB} and data->>'lessonId' = ${lessonId}
      order by start_after, data->>'recipient'`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    state: row.state,
    startAfter: new Date(row.start_after),
  }));
}

/** Makes the lessons' reminders of `kind` due by the database's clock: the next poll runs them. */
export async function makeRemindersDue(db: Kysely<DB>, lessonIds: string[], kind: string) {
  await sql`update pgboss.job set start_after = now() - interval '1 second'
             where name = ${LESSON_REMINDER_JOB} and state = 'created'
               and data->>'kind' = ${kind}
               and data->>'lessonId' in (${sql.join(lessonIds)})`.execute(db);
}

/** Waits until none of the lessons' reminders is queued or running (no fixed sleep). */
export async function remindersSettled(db: Kysely<DB>, lessonIds: string[], kind: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
       where name = ${LESSON_REMINDER_JOB} and data->>'kind' = ${kind}
         and data->>'lessonId' in (${sql.join(lessonIds)})
         and state in ('created', 'retry', 'active')`.execute(db);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('reminder jobs still pending after 15 s');
}
