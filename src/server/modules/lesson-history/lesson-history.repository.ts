import { sql, type Kysely } from 'kysely';
import { containsPattern } from '../../db/contains-pattern';
import { PLANNED_FOR_ITS_VALUES } from '../../db/named-statements';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';
import { lessonRows, UNBOOKED_STATUSES } from '../lessons/lessons.repository';
import { notReplaced, wasBooked } from '../lessons/lessons-people-see.repository';

// Every query of My Lessons (past and canceled lessons) and My Students: a page of rows
// (`limit` from `offset`) and the count of all of them.

export type Party = { studentId: string } | { tutorProfileId: string };
interface Page {
  limit: number;
  offset: number;
}

/**
 * A party's lessons whose time has passed by `now` ("past" means ended), canceled ones too:
 * checkouts never paid were never lessons, and a moved lesson shows once, as what it became.
 */
function pastLessonsQuery(db: Kysely<DB>, party: Party, now: Date) {
  const query = lessonRows(db).where(wasBooked).where(notReplaced).where('l.ends_at', '<=', now);
  return 'studentId' in party
    ? query.where('l.student_id', '=', party.studentId)
    : query.where('l.tutor_profile_id', '=', party.tutorProfileId);
}

/** One page of past lessons, newest first. */
export const pastLessonsPage = (db: Kysely<DB>, party: Party, now: Date, page: Page) =>
  pastLessonsQuery(db, party, now)
    .orderBy('l.starts_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export async function countPastLessons(db: Kysely<DB>, party: Party, now: Date) {
  const row = await pastLessonsQuery(db, party, now)
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * The tutor's booked lessons (past and coming; canceled ones and holds are not lessons had)
 * with their student, whose name contains `q` (any case; % and _ are plain characters).
 */
function bookedLessonsOf(db: Kysely<DB>, tutorProfileId: string, q: string) {
  const query = db
    .selectFrom('lessons as l')
    .innerJoin('users as su', 'su.id', 'l.student_id')
    .where('l.tutor_profile_id', '=', tutorProfileId)
    .where('l.status', 'not in', [...UNBOOKED_STATUSES, 'canceled']);
  if (!q) return query;
  return query
    .where(sql`lower(${fullName('su')})`, 'like', containsPattern(q))
    .modifyEnd(PLANNED_FOR_ITS_VALUES);
}

/**
 * One page of the students a tutor has booked lessons with: each with the count of those
 * lessons, the start of the next one not ended and of the last one ended. Students with a
 * coming lesson first (soonest first), then by their last lesson (latest first).
 */
export const studentsPage = (
  db: Kysely<DB>,
  tutorProfileId: string,
  q: string,
  now: Date,
  page: Page,
) =>
  bookedLessonsOf(db, tutorProfileId, q)
    .select((eb) => [
      'su.id',
      fullName('su').as('name'),
      'su.avatar_url',
      eb.fn.countAll<string>().as('lessons_count'),
      eb.fn.min('l.starts_at').filterWhere('l.ends_at', '>', now).as('next_lesson_at'),
      eb.fn.max('l.starts_at').filterWhere('l.ends_at', '<=', now).as('last_lesson_at'),
    ])
    .groupBy(['su.id', 'su.first_name', 'su.last_name', 'su.avatar_url'])
    .orderBy(sql`min(l.starts_at) filter (where l.ends_at > ${now})`, (order) =>
      order.asc().nullsLast(),
    )
    .orderBy(sql`max(l.starts_at) filter (where l.ends_at <= ${now})`, (order) =>
      order.desc().nullsLast(),
    )
    .orderBy('su.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export async function countStudents(db: Kysely<DB>, tutorProfileId: string, q: string) {
  const row = await bookedLessonsOf(db, tutorProfileId, q)
    .select(sql<string>`count(distinct l.student_id)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
