import { sql, type Transaction } from 'kysely';
import { fullName } from '../../db/full-name';
import type { DB } from '../../db/types';

// Every query of the classroom (issue #26): the lesson with its two parties, signals, the
// whiteboard's updates and snapshot, and attendance.

import type { Db } from './classroom-db';
import { isUuid } from '../../http/is-uuid';

/** A lesson with what the classroom needs of its parties, or undefined when there is none. */
export async function classroomLesson(db: Db, lessonId: string) {
  // An id that cannot name a lesson finds none, before the database would refuse to cast it.
  if (!isUuid(lessonId)) return undefined;
  return db
    .selectFrom('lessons as l')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
    .innerJoin('users as tu', 'tu.id', 'tp.user_id')
    .innerJoin('users as su', 'su.id', 'l.student_id')
    .innerJoin('subjects as s', 's.id', 'l.subject_id')
    .select([
      'l.id',
      'l.status',
      'l.starts_at',
      'l.ends_at',
      'l.meeting_url',
      'l.student_id',
      'l.tutor_profile_id',
      'tp.user_id as tutor_user_id',
      fullName('tu').as('tutor_name'),
      fullName('su').as('student_name'),
      's.name as subject',
    ])
    .where('l.id', '=', lessonId)
    .executeTakeFirst();
}
export type ClassroomLessonRow = NonNullable<Awaited<ReturnType<typeof classroomLesson>>>;

/** The pair's conversation (messaging), if they have one. */
export async function pairConversationId(db: Db, studentId: string, tutorUserId: string) {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('student_id', '=', studentId)
    .where('tutor_id', '=', tutorUserId)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function insertSignal(
  db: Db,
  signal: { lessonId: string; senderId: string; recipientId: string; body: unknown; at: Date },
) {
  const row = await db
    .insertInto('classroom_signals')
    .values({
      lesson_id: signal.lessonId,
      sender_id: signal.senderId,
      recipient_id: signal.recipientId,
      body: JSON.stringify(signal.body),
      created_at: signal.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Signals older than `before` were delivered (or missed) long ago. */
export async function pruneSignals(db: Db, before: Date) {
  await db.deleteFrom('classroom_signals').where('created_at', '<', before).execute();
}

export function signalById(db: Db, id: number) {
  return db
    .selectFrom('classroom_signals')
    .select(['id', 'lesson_id', 'sender_id', 'recipient_id', 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function appendWhiteboardUpdate(
  db: Db,
  update: { lessonId: string; authorId: string; body: Uint8Array; at: Date },
) {
  const row = await db
    .insertInto('whiteboard_updates')
    .values({
      lesson_id: update.lessonId,
      author_id: update.authorId,
      body: Buffer.from(update.body),
      created_at: update.at,
    })
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

export function whiteboardUpdateBySeq(db: Db, seq: number) {
  return db
    .selectFrom('whiteboard_updates')
    .select(['seq', 'lesson_id', 'author_id', 'body'])
    .where('seq', '=', seq)
    .executeTakeFirst();
}

/** The snapshot (if any) and every update not yet merged into it, oldest first. */
export async function whiteboardParts(db: Db, lessonId: string) {
  const [snapshot, updates] = await Promise.all([
    db
      .selectFrom('whiteboard_snapshots')
      .select('body')
      .where('lesson_id', '=', lessonId)
      .executeTakeFirst(),
    db
      .selectFrom('whiteboard_updates')
      .select(['seq', 'body'])
      .where('lesson_id', '=', lessonId)
      .orderBy('seq')
      .execute(),
  ]);
  return { snapshot: snapshot?.body, updates };
}

/** One compaction of a lesson's board at a time, across processes (held to the transaction's end). */
export async function lockWhiteboard(trx: Transaction<DB>, lessonId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`whiteboard:${lessonId}`}, 0))`.execute(
    trx,
  );
}

export async function saveSnapshot(
  trx: Transaction<DB>,
  lessonId: string,
  body: Uint8Array,
  at: Date,
) {
  await trx
    .insertInto('whiteboard_snapshots')
    .values({ lesson_id: lessonId, body: Buffer.from(body), updated_at: at })
    .onConflict((oc) =>
      oc.column('lesson_id').doUpdateSet({ body: Buffer.from(body), updated_at: at }),
    )
    .execute();
}

/** Deletes exactly the updates merged (one written meanwhile stays for the next compaction). */
export async function deleteUpdates(trx: Transaction<DB>, seqs: number[]) {
  if (seqs.length === 0) return;
  await trx.deleteFrom('whiteboard_updates').where('seq', 'in', seqs).execute();
}

export async function countUpdates(db: Db, lessonId: string) {
  const row = await db
    .selectFrom('whiteboard_updates')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('lesson_id', '=', lessonId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Opens a stay of `userId` in the classroom, unless one is open (another tab). */
export async function openStay(db: Db, lessonId: string, userId: string, at: Date) {
  await db
    .insertInto('classroom_attendance')
    .values({ lesson_id: lessonId, user_id: userId, joined_at: at })
    .onConflict((oc) =>
      oc.columns(['lesson_id', 'user_id']).where('left_at', 'is', null).doNothing(),
    )
    .execute();
}

export async function closeStay(db: Db, lessonId: string, userId: string, at: Date) {
  await db
    .updateTable('classroom_attendance')
    .set({ left_at: sql`greatest(joined_at, ${at})` })
    .where('lesson_id', '=', lessonId)
    .where('user_id', '=', userId)
    .where('left_at', 'is', null)
    .execute();
}

/** Who was in the classroom and when, first stay first. */
export function attendanceOf(db: Db, lessonId: string) {
  return db
    .selectFrom('classroom_attendance as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('lessons as l', 'l.id', 'a.lesson_id')
    .select([
      'a.user_id',
      fullName('u').as('name'),
      sql<
        'student' | 'tutor'
      >`case when a.user_id = l.student_id then 'student' else 'tutor' end`.as('role'),
      'a.joined_at',
      'a.left_at',
    ])
    .where('a.lesson_id', '=', lessonId)
    .orderBy('a.joined_at')
    .execute();
}
