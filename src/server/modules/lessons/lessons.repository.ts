import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Transaction,
  type Updateable,
} from 'kysely';
import {
  holdsItsTime,
  TIME_HOLDING_STATUSES,
  type LessonStatus,
} from '../../../domain/booking/booking-rules';
import type { WeeklyWindow } from '../../../domain/availability/weekly-window';
import { translatingConstraints } from '../../db/constraint-errors';
import { fullName } from '../../db/full-name';
import type { DB, Lessons } from '../../db/types';
import { listedTutor } from '../../db/listed-tutor';
import { StudentOverlapError, TrialAlreadyUsedError, TutorOverlapError } from './lesson-errors';
import { newMeetingUrl } from './meeting-room';

// Every query of the lessons module. Functions take the database or the open transaction first.

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What booking needs of a tutor: their zone and rate; none for a tutor who is not listed
 * (closed, suspended or rejected: ADR 020). Lessons already booked with them stay.
 */
export function bookableTutor(db: Db, tutorProfileId: string) {
  return db
    .selectFrom('tutor_profiles as tp')
    .select(['tp.id', 'tp.timezone', 'tp.hourly_rate_cents', 'tp.currency'])
    .where('tp.id', '=', tutorProfileId)
    .where(listedTutor('tp.id'))
    .executeTakeFirst();
}

/** A tutor's weekly windows (their wall-clock times) as a JSON column: [] for none. */
const weeklyWindowsOf = (tutorProfileId: string | Expression<string>) =>
  sql<WeeklyWindow[]>`coalesce((
    select json_agg(json_build_object('dayOfWeek', a.local_day_of_week,
                                      'startTime', a.local_start_time,
                                      'endTime', a.local_end_time))
      from availability_slots a where a.tutor_profile_id = ${tutorProfileId}), '[]')`;

/**
 * What a listed tutor's slots are made of besides lessons: their zone and weekly windows (none
 * for a tutor who is not listed).
 */
export function tutorWeek(db: Db, tutorProfileId: string) {
  return db
    .selectFrom('tutor_profiles as tp')
    .select(['tp.id', 'tp.timezone', weeklyWindowsOf(sql.ref<string>('tp.id')).as('weekly')])
    .where('tp.id', '=', tutorProfileId)
    .where(listedTutor('tp.id'))
    .executeTakeFirst();
}

export type TutorWeek = NonNullable<Awaited<ReturnType<typeof tutorWeek>>>;

/** Whose lessons hold time: the tutor's and the student's, minus a lesson being moved. */
type Holders = { tutorProfileId: string; studentId?: string; exceptLessonId?: string };

/** The tutor's lessons and the student's (when there is one). */
const ofHolders = (holders: Holders) => (eb: ExpressionBuilder<DB, 'lessons'>) =>
  eb.or([
    eb('tutor_profile_id', '=', holders.tutorProfileId),
    ...(holders.studentId ? [eb('student_id', '=', holders.studentId)] : []),
  ]);

/** The holders' holds awaiting payment that lapsed by `now` and overlap [from, to). */
const lapsedHolds =
  (holders: Holders, interval: { from: Date; to: Date }, now: Date) =>
  (eb: ExpressionBuilder<DB, 'lessons'>) =>
    eb.and([
      eb('status', '=', 'awaiting_payment'),
      eb('hold_expires_at', '<=', now),
      ofHolders(holders)(eb),
      eb('starts_at', '<', interval.to),
      eb('ends_at', '>', interval.from),
    ]);

/** The lessons of the holders that hold time at `now` and overlap [from, to). */
function heldTimesQuery(db: Db, holders: Holders, from: Date, to: Date, now: Date) {
  const held = db
    .selectFrom('lessons')
    .select(['starts_at', 'ends_at'])
    .where(ofHolders(holders))
    .where('status', 'in', TIME_HOLDING_STATUSES)
    .where(holdsTimeAt(now))
    .where('starts_at', '<', to)
    .where('ends_at', '>', from);
  return holders.exceptLessonId ? held.where('id', '<>', holders.exceptLessonId) : held;
}

/** The time held by the holders' lessons within [from, to) (the slots' other input). */
export async function heldTimes(db: Db, holders: Holders, from: Date, to: Date, now: Date) {
  const rows = await heldTimesQuery(db, holders, from, to, now).execute();
  return rows.map((row) => ({ start: row.starts_at, end: row.ends_at }));
}

/**
 * The lessons of one tutor or one student that hold time (or a hold, which lapses) and end
 * after `since`: what a process keeps of a holder for the slots it lists (ADR 047).
 */
export function heldLessons(
  db: Db,
  holder: { tutorProfileId: string } | { studentId: string },
  since: Date,
) {
  return db
    .selectFrom('lessons')
    .select(['id', 'status', 'starts_at', 'ends_at', 'hold_expires_at'])
    .where((eb) =>
      'tutorProfileId' in holder
        ? eb('tutor_profile_id', '=', holder.tutorProfileId)
        : eb('student_id', '=', holder.studentId),
    )
    .where('status', 'in', TIME_HOLDING_STATUSES)
    .where('ends_at', '>', since)
    .execute();
}

/** A holder's lessons as kept, and the instant they were read at. */
export type KeptHeldLessons = {
  readAt: Date;
  lessons: Awaited<ReturnType<typeof heldLessons>>;
};

/**
 * What a booking checks its slot against, in one query: both parties' accounts locked, and
 * whether both are open (`lockedOpenParties`); the tutor's weekly windows, and the time held by
 * the tutor's lessons and the student's own that overlaps [from, to) (a lesson being moved
 * does not block its own new time); and whether a lapsed hold of theirs overlaps it too (one
 * that `expireLapsedHolds` would turn expired: without one, a booking needs no such write).
 */
export async function slotInputs(
  db: Transaction<DB>,
  holders: Holders & { studentId: string },
  from: Date,
  to: Date,
  now: Date,
): Promise<{
  partiesOpen: boolean;
  weekly: WeeklyWindow[];
  busy: { start: Date; end: Date }[];
  lapsed: boolean;
}> {
  const row = await db
    .selectNoFrom((eb) => [
      // First in the list, so the locks are taken before the rest is read.
      eb
        .selectFrom(lockedOpenParties(db, holders.tutorProfileId, holders.studentId).as('parties'))
        .select((count) => count.fn.countAll<number>().as('n'))
        .as('open_parties'),
      weeklyWindowsOf(holders.tutorProfileId).as('weekly'),
      eb
        .exists(
          db
            .selectFrom('lessons')
            .select('id')
            .where(lapsedHolds(holders, { from, to }, now)),
        )
        .as('lapsed'),
      // Times as epoch milliseconds: exact, whatever the session's time zone.
      sql<{ start: number; end: number }[]>`coalesce((
        select json_agg(json_build_object('start', extract(epoch from b.starts_at) * 1000,
                                          'end', extract(epoch from b.ends_at) * 1000))
          from (${heldTimesQuery(db, holders, from, to, now)}) b), '[]')`.as('busy'),
    ])
    .executeTakeFirstOrThrow();
  return {
    partiesOpen: Number(row.open_parties) === 2,
    weekly: row.weekly,
    busy: row.busy.map((held) => ({ start: new Date(held.start), end: new Date(held.end) })),
    lapsed: row.lapsed === true,
  };
}

/** A lesson awaiting payment holds its time only until its hold lapses (at `now`). */
const holdsTimeAt = (now: Date) => (eb: ExpressionBuilder<DB, 'lessons'>) =>
  eb.or([eb('status', '<>', 'awaiting_payment'), eb('hold_expires_at', '>', now)]);

/**
 * Turns the lapsed holds that overlap [startsAt, endsAt) for this tutor or student into
 * *expired* (and their pending payments too), so the exclusion constraints stop counting them:
 * the booking transaction runs this before its insert, so a lapsed hold never blocks a booking
 * even if the expiry job has not run. A payment that arrives later is settled by fulfilment.
 */
export async function expireLapsedHolds(
  trx: Transaction<DB>,
  holders: { tutorProfileId: string; studentId: string },
  interval: { startsAt: Date; endsAt: Date },
  now: Date,
) {
  const expired = await trx
    .updateTable('lessons')
    .set({ status: 'expired', updated_at: now })
    .where(lapsedHolds(holders, { from: interval.startsAt, to: interval.endsAt }, now))
    .returning('payment_id')
    .execute();
  const paymentIds = expired.flatMap((row) => (row.payment_id ? [row.payment_id] : []));
  if (paymentIds.length === 0) return;
  await trx
    .updateTable('payments')
    .set({ status: 'expired', updated_at: now })
    .where('id', 'in', paymentIds)
    .where('status', '=', 'pending')
    .execute();
}

/**
 * A bookable tutor (as `bookableTutor`) with what a booking of this subject needs in one
 * query: the tutor's name, and the subject's name when they teach it (null when they do not).
 */
export function bookableTutorTeaching(db: Db, tutorProfileId: string, subjectId: number) {
  return db
    .selectFrom('tutor_profiles as tp')
    .innerJoin('users as u', 'u.id', 'tp.user_id')
    .select((eb) => [
      'tp.id',
      'tp.timezone',
      'tp.hourly_rate_cents',
      'tp.currency',
      fullName('u').as('tutor_name'),
      eb
        .selectFrom('tutor_subjects as ts')
        .innerJoin('subjects as s', 's.id', 'ts.subject_id')
        .select('s.name')
        .whereRef('ts.tutor_profile_id', '=', 'tp.id')
        .where('ts.subject_id', '=', subjectId)
        .as('subject_name'),
    ])
    .where('tp.id', '=', tutorProfileId)
    .where(listedTutor('tp.id'))
    .executeTakeFirst();
}

const found = async (query: { executeTakeFirst(): Promise<unknown> }) =>
  (await query.executeTakeFirst()) !== undefined;

/** Whether the student has a trial with this tutor that was not canceled. */
export const hasHadTrial = (db: Db, studentId: string, tutorProfileId: string) =>
  found(
    db
      .selectFrom('lessons')
      .select('id')
      .where('student_id', '=', studentId)
      .where('tutor_profile_id', '=', tutorProfileId)
      .where('is_trial', '=', true)
      .where('status', '<>', 'canceled'),
  );

/**
 * The student's trial with this tutor while it is still ahead or running (booked, not ended):
 * the booking modal says when it is instead of "you've already had one".
 */
export const upcomingTrial = (db: Db, studentId: string, tutorProfileId: string, now: Date) =>
  db
    .selectFrom('lessons')
    .select(['starts_at', 'ends_at'])
    .where('student_id', '=', studentId)
    .where('tutor_profile_id', '=', tutorProfileId)
    .where('is_trial', '=', true)
    .where('status', 'in', ['pending', 'scheduled', 'in_progress'])
    .where('ends_at', '>', now)
    .executeTakeFirst();

export const teaches = (db: Db, tutorProfileId: string, subjectId: number) =>
  found(
    db
      .selectFrom('tutor_subjects')
      .select('subject_id')
      .where('tutor_profile_id', '=', tutorProfileId)
      .where('subject_id', '=', subjectId),
  );

/**
 * The constraints of migrations 007-lessons (no overlaps among lessons that hold time, one trial
 * per student and tutor): the database's last word when a check before the write raced another.
 */
const LESSON_CONSTRAINT_ERRORS = {
  lessons_tutor_no_overlap: () => new TutorOverlapError(),
  lessons_student_no_overlap: () => new StudentOverlapError(),
  lessons_one_trial_per_tutor: () => new TrialAlreadyUsedError(),
};

/**
 * Locks both people's accounts (share locks, in id order), answering those that are open and
 * unsuspended (the tutor's only while listed): a booking's parties when both come back. A
 * suspension or a closing locks the user row for update before it reads the future lessons it
 * cancels, so it either waits for the booking to commit and cancels its lesson too, or commits
 * first and the booking is refused.
 */
const lockedOpenParties = (db: Db, tutorProfileId: string, studentId: string) =>
  db
    .selectFrom('users as u')
    .select('u.id')
    .where((eb) =>
      eb.or([
        eb('u.id', '=', studentId),
        eb(
          'u.id',
          '=',
          eb
            .selectFrom('tutor_profiles as tp')
            .select('tp.user_id')
            .where('tp.id', '=', tutorProfileId)
            .where(listedTutor('tp.id')),
        ),
      ]),
    )
    .where('u.closed_at', 'is', null)
    .where('u.suspended_at', 'is', null)
    .orderBy('u.id')
    .forShare();

/**
 * Stores a lesson; an overlap or a second trial refused by the database throws its error. Its
 * parties were locked and found open by the slot's read (`slotInputs`) in the same transaction.
 * Every lesson gets its video room here, on every booking path: a new one from the template,
 * or the room it keeps (a rescheduled lesson stays in the room its people already know).
 */
export async function insertLesson(
  db: Db,
  lesson: {
    tutorProfileId: string;
    studentId: string;
    subjectId: number;
    startsAt: Date;
    endsAt: Date;
    durationMinutes: number;
    isTrial: boolean;
    status: 'awaiting_payment' | 'pending' | 'scheduled';
    priceCents: number;
    currency: string;
    timezone: string;
    studentNotes: string;
    rescheduledFrom?: string;
    /** A paid lesson's payment; with status 'awaiting_payment', the hold's end. */
    paymentId?: string;
    holdExpiresAt?: Date;
    studentPackageId?: string;
    /** MEETING_URL_TEMPLATE, for a new external room; unset: the built-in classroom. */
    meetingUrlTemplate: string | undefined;
    /** The room to keep instead of a new one (a move); none (an older lesson) gets a new one. */
    meetingUrl?: string | null;
    /** A move by the student inside the free-cancellation window (cancellation-policy). */
    movedLate?: boolean;
  },
): Promise<string> {
  const insert = db
    .insertInto('lessons')
    .values({
      tutor_profile_id: lesson.tutorProfileId,
      student_id: lesson.studentId,
      subject_id: lesson.subjectId,
      starts_at: lesson.startsAt,
      ends_at: lesson.endsAt,
      duration_minutes: lesson.durationMinutes,
      is_trial: lesson.isTrial,
      status: lesson.status,
      price_cents: lesson.priceCents,
      currency: lesson.currency,
      timezone: lesson.timezone,
      meeting_url:
        lesson.meetingUrl ??
        (lesson.meetingUrlTemplate ? newMeetingUrl(lesson.meetingUrlTemplate) : null),
      student_notes: lesson.studentNotes,
      rescheduled_from: lesson.rescheduledFrom ?? null,
      payment_id: lesson.paymentId ?? null,
      hold_expires_at: lesson.holdExpiresAt ?? null,
      student_package_id: lesson.studentPackageId ?? null,
      moved_late: lesson.movedLate ?? false,
    })
    .returning('id');
  const row = await translatingConstraints(
    () => insert.executeTakeFirstOrThrow(),
    LESSON_CONSTRAINT_ERRORS,
  );
  return row.id;
}

/** Lessons that were never booked: holds awaiting payment, and holds that lapsed. */
export const UNBOOKED_STATUSES = ['awaiting_payment', 'expired'] as const;

/**
 * Lessons joined to their parties and subject, under the aliases every lesson query uses:
 * `tp` the tutor's profile, `tu` the tutor's user, `su` the student's user, `s` the subject.
 */
export const lessonsWithParties = (db: Db) =>
  db
    .selectFrom('lessons as l')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
    .innerJoin('users as tu', 'tu.id', 'tp.user_id')
    .innerJoin('users as su', 'su.id', 'l.student_id')
    .innerJoin('subjects as s', 's.id', 'l.subject_id');

/**
 * Lessons with both parties' names and photos and the subject's name; the time of the lesson it
 * replaced (a move: `moved_from`), and its latest move request (`mr_*`, null without one).
 */
export function lessonRows(db: Db) {
  // A lateral join and a scalar read, not two more joins: PostgreSQL plans this statement anew
  // on every run (its custom plans look cheaper than a generic one), and fewer joins to order
  // nearly halve that planning (0.65 → 0.35 ms, for 0.1 ms of execution).
  return lessonsWithParties(db)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('lesson_move_requests as latest')
          .select(['starts_at', 'ends_at', 'reason', 'created_at', 'answer'])
          .whereRef('latest.lesson_id', '=', 'l.id')
          .orderBy('latest.seq', 'desc')
          .limit(1)
          .as('mr'),
      (join) => join.onTrue(),
    )
    .select((eb) =>
      eb
        .selectFrom('lessons as before_move')
        .select('before_move.starts_at')
        .whereRef('before_move.id', '=', 'l.rescheduled_from')
        .as('moved_from'),
    )
    .select([
      'mr.starts_at as mr_starts_at',
      'mr.ends_at as mr_ends_at',
      'mr.reason as mr_reason',
      'mr.created_at as mr_created_at',
      'mr.answer as mr_answer',
    ])
    .select([
      'l.id',
      'l.tutor_profile_id',
      'l.student_id',
      'tp.user_id as tutor_user_id',
      fullName('tu').as('tutor_name'),
      'tu.avatar_url as tutor_avatar',
      fullName('su').as('student_name'),
      'su.avatar_url as student_avatar',
      's.name as subject',
      'l.is_trial',
      'l.status',
      'l.starts_at',
      'l.ends_at',
      'l.duration_minutes',
      'l.timezone',
      'l.price_cents',
      'l.currency',
      'l.meeting_url',
      'l.student_notes',
      'l.tutor_prep_notes',
    ]);
}
export type LessonRow = Awaited<ReturnType<ReturnType<typeof lessonRows>['execute']>>[number];

/**
 * The lesson booked with a purchase (a package's first lesson): the first one made for the
 * payment; lessons scheduled later from the package's credits carry the payment too.
 */
export function purchaseLessonOf(db: Db, paymentId: string) {
  return purchaseLessonQuery(db, paymentId)
    .select(['id', 'status', 'starts_at', 'student_package_id'])
    .executeTakeFirst();
}

const purchaseLessonQuery = (db: Db, paymentId: string | Expression<string | null>) =>
  db
    .selectFrom('lessons')
    .where('payment_id', '=', paymentId)
    .where('rescheduled_from', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1);

export function findLesson(db: Db, id: string) {
  return lessonRows(db).where('l.id', '=', id).executeTakeFirst();
}

/**
 * A party's booked lessons that have not ended by `now` and start before `until`, soonest
 * first.
 */
export function upcomingLessons(
  db: Db,
  /** The student's lessons, or the lessons of the tutor whose user this is (none without a profile). */
  party: { studentId: string } | { tutorUserId: string },
  now: Date,
  until: Date,
) {
  let query = lessonRows(db)
    .where('l.ends_at', '>', now)
    .where('l.starts_at', '<', until)
    // Lists show booked lessons: not canceled ones, nor holds awaiting payment or lapsed.
    .where('l.status', 'not in', [...UNBOOKED_STATUSES, 'canceled']);
  query =
    'studentId' in party
      ? query.where('l.student_id', '=', party.studentId)
      : query.where('tp.user_id', '=', party.tutorUserId);
  return query.orderBy('l.starts_at').orderBy('l.id').execute();
}

export async function tutorProfileIdOf(db: Db, userId: string) {
  const row = await db
    .selectFrom('tutor_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/** What a move's notice says of the lesson it replaced: its old time and why it moved. */
export function movedLesson(db: Db, id: string) {
  return db
    .selectFrom('lessons')
    .select(['starts_at', 'cancel_reason'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A lesson as stored, locked until the transaction ends (so that two moves of it queue). */
export function lockLesson(db: Transaction<DB>, id: string) {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Moves lessons to `to` from one of `from` (statuses the transition table allows: the trigger
 * of migration 023 refuses any other), with the columns that stamp the change; a lesson in
 * any other status is left as it is. Answers the ids that moved.
 */
export async function changeStatus(
  db: Db,
  ids: readonly string[],
  change: {
    to: LessonStatus;
    from: readonly LessonStatus[];
    now: Date;
    columns?: Omit<Updateable<Lessons>, 'status' | 'updated_at'>;
  },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('lessons')
    .set({ ...change.columns, status: change.to, updated_at: change.now })
    .where('id', 'in', ids)
    .where('status', 'in', change.from)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Confirms a held lesson (`changeStatus` to scheduled or pending), answering false instead of
 * throwing when the exclusion constraints refuse it: someone else booked the time after the
 * hold lapsed. A lesson that still holds its time (the constraints count it: no other lesson
 * can overlap it) moves from one holding status to another and cannot be refused, so it moves
 * in one statement. Only one that let go of it (expired) moves inside a savepoint, which keeps
 * the caller's transaction usable for what follows a refusal (a refund).
 */
export async function confirmHeldLesson(
  trx: Transaction<DB>,
  id: string,
  change: { to: 'scheduled' | 'pending'; from: readonly LessonStatus[]; now: Date },
): Promise<boolean> {
  const holding = change.from.filter(holdsItsTime);
  const moved = await changeStatus(trx, [id], {
    ...change,
    from: holding,
    columns: { hold_expires_at: null },
  });
  if (moved.length > 0) return true;
  if (holding.length === change.from.length) return false;
  await sql`savepoint confirm_lesson`.execute(trx);
  try {
    const revived = await translatingConstraints(
      () => changeStatus(trx, [id], { ...change, columns: { hold_expires_at: null } }),
      LESSON_CONSTRAINT_ERRORS,
    );
    await sql`release savepoint confirm_lesson`.execute(trx);
    return revived.length > 0;
  } catch (error) {
    if (!(error instanceof TutorOverlapError || error instanceof StudentOverlapError)) throw error;
    await sql`rollback to savepoint confirm_lesson`.execute(trx);
    return false;
  }
}

/**
 * Confirms the lesson a purchase booked (purchaseLessonOf's) in one statement when it still
 * holds its time and starts after `now`, as a payment's lesson usually does: its id and start.
 * Undefined otherwise (no such lesson, started, or its hold expired): `confirmHeldLesson` and
 * the caller's reading of the lesson decide then.
 */
export function confirmHeldPurchase(
  trx: Transaction<DB>,
  paymentId: string,
  change: { to: 'scheduled' | 'pending'; from: readonly LessonStatus[]; now: Date },
) {
  return trx
    .updateTable('lessons')
    .set({ status: change.to, hold_expires_at: null, updated_at: change.now })
    .where('id', '=', purchaseLessonQuery(trx, paymentId).select('id'))
    .where('status', 'in', change.from.filter(holdsItsTime))
    .where('starts_at', '>', change.now)
    .returning(['id', 'starts_at'])
    .executeTakeFirst();
}

export type CompletionScope =
  { lessonId: string } | { studentId: string } | { tutorProfileId: string } | 'all';

/** Marks the lessons in `scope` that are in one of `from` and ended by `now` as completed. */
export async function completeEnded(
  db: Db,
  from: readonly LessonStatus[],
  now: Date,
  scope: CompletionScope,
) {
  let ended = db
    .selectFrom('lessons')
    .select('id')
    .where('status', 'in', from)
    .where('ends_at', '<=', now);
  if (scope !== 'all') {
    if ('lessonId' in scope) ended = ended.where('id', '=', scope.lessonId);
    else if ('studentId' in scope) ended = ended.where('student_id', '=', scope.studentId);
    else ended = ended.where('tutor_profile_id', '=', scope.tutorProfileId);
  }
  // Rows locked in one order, so that a sweep, a profile read and a review completing side by
  // side never deadlock; the sweeps pass over a row another transaction holds (a later run or
  // read completes it), while one lesson's own completion (a review) waits for it.
  ended = ended.orderBy('id').forUpdate();
  if (scope === 'all' || !('lessonId' in scope)) ended = ended.skipLocked();
  const result = await db
    .updateTable('lessons')
    .set({ status: 'completed', updated_at: now })
    .where('id', 'in', ended)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Writes one party's notes (already cleaned): the student's or the tutor's preparation notes. */
export async function saveNotes(
  db: Db,
  id: string,
  field: 'student_notes' | 'tutor_prep_notes',
  html: string,
) {
  await db
    .updateTable('lessons')
    .set({ [field]: html, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * The lesson as its lists read it, plus whom to mail, in which zone, and what was paid; and the
 * lesson its payment booked (purchaseLessonOf's), in the same query.
 */
export function lessonMailFactsRow(db: Kysely<DB>, lessonId: string) {
  return lessonRows(db)
    .leftJoin('payments as p', 'p.id', 'l.payment_id')
    .select([
      'tu.email as tutor_email',
      sql<string>`coalesce(tu.timezone, tp.timezone)`.as('tutor_timezone'),
      'su.email as student_email',
      'su.timezone as student_timezone',
      'l.payment_id',
      'l.student_package_id',
      'p.amount_cents',
      'p.currency as payment_currency',
    ])
    .select((eb) =>
      purchaseLessonQuery(db, eb.ref('l.payment_id')).select('id').as('purchase_lesson_id'),
    )
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
}

/** What a reminder or a moved-lesson email needs: the parties' emails and zones. */
export function lessonReminderFacts(db: Kysely<DB>, lessonId: string) {
  return lessonRows(db)
    .select([
      'tu.email as tutor_email',
      sql<string>`coalesce(tu.timezone, tp.timezone)`.as('tutor_timezone'),
      'su.email as student_email',
      'su.timezone as student_timezone',
      'l.rescheduled_from',
    ])
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
}
