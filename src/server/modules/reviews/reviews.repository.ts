import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { lessonsWithParties } from '../lessons/lessons.repository';

// Every query of reviews: the lesson a review is about, the review rows with the names and
// subject they are shown with, and the writes. Functions take the database or the open
// transaction first.

type Db = Kysely<DB> | Transaction<DB>;

/** The lesson as review rules see it, locked until the transaction ends (one review at a time). */
export function lockLessonForReview(trx: Transaction<DB>, lessonId: string) {
  return trx
    .selectFrom('lessons as l')
    .innerJoin('tutor_profiles as tp', 'tp.id', 'l.tutor_profile_id')
    .innerJoin('users as tu', 'tu.id', 'tp.user_id')
    .select([
      'tu.closed_at as tutor_closed_at',
      'l.id',
      'l.student_id',
      'l.tutor_profile_id',
      'tp.user_id as tutor_user_id',
      'l.status',
      'l.is_trial',
      'l.price_cents',
      'l.payment_id',
      'l.student_package_id',
    ])
    .where('l.id', '=', lessonId)
    .forUpdate('l')
    .executeTakeFirst();
}

/** Reviews with the names, subject and lesson time they are shown with. */
export function reviewRows(db: Db) {
  return (
    lessonsWithParties(db)
      // The review's own student and tutor are the lesson's (the names shown are the review's).
      .innerJoin('reviews as r', (join) =>
        join
          .onRef('r.lesson_id', '=', 'l.id')
          .onRef('r.student_id', '=', 'l.student_id')
          .onRef('r.tutor_profile_id', '=', 'l.tutor_profile_id'),
      )
      .select([
        'r.id',
        'r.lesson_id',
        'r.rating',
        'r.comment',
        'r.created_at',
        'r.reply',
        'r.replied_at',
        'su.first_name as student_first_name',
        'su.last_name as student_last_name',
        'tu.first_name as tutor_first_name',
        'tu.last_name as tutor_last_name',
        's.name as subject',
        'l.starts_at',
      ])
  );
}
export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewRows>['execute']>>[number];

export const reviewOfLesson = (db: Db, lessonId: string) =>
  reviewRows(db).where('r.lesson_id', '=', lessonId).executeTakeFirst();

export async function insertReview(
  db: Db,
  review: {
    lessonId: string;
    tutorProfileId: string;
    studentId: string;
    rating: number;
    text: string;
    now: Date;
  },
) {
  await db
    .insertInto('reviews')
    .values({
      lesson_id: review.lessonId,
      tutor_profile_id: review.tutorProfileId,
      student_id: review.studentId,
      rating: review.rating,
      comment: review.text,
      created_at: review.now,
      updated_at: review.now,
    })
    .execute();
}

/** The review of a lesson, locked: its writing time decides whether it may still change. */
export const lockReviewOfLesson = (trx: Transaction<DB>, lessonId: string) =>
  trx
    .selectFrom('reviews')
    .select(['id', 'student_id', 'tutor_profile_id', 'created_at', 'reply'])
    .where('lesson_id', '=', lessonId)
    .forUpdate()
    .executeTakeFirst();

export async function updateReview(
  db: Db,
  id: string,
  change: { rating: number; text: string; now: Date },
) {
  await db
    .updateTable('reviews')
    .set({ rating: change.rating, comment: change.text, updated_at: change.now })
    .where('id', '=', id)
    .execute();
}

export async function saveReply(db: Db, id: string, text: string, now: Date) {
  await db
    .updateTable('reviews')
    .set({ reply: text, replied_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** How many prompts the student overview shows at most. */
const PROMPTS_SHOWN = 3;

/** The student's completed lessons without a review, newest first. */
export function unreviewedLessons(db: Db, studentId: string) {
  return (
    lessonsWithParties(db)
      .leftJoin('reviews as r', 'r.lesson_id', 'l.id')
      .select([
        'l.id',
        'l.starts_at',
        'l.is_trial',
        'l.price_cents',
        'l.payment_id',
        'l.student_package_id',
        'l.status',
        'tu.first_name',
        'tu.last_name',
        's.name as subject',
      ])
      .where('l.student_id', '=', studentId)
      .where('l.status', '=', 'completed')
      .where('r.id', 'is', null)
      // A closed tutor account cannot be reviewed any more.
      .where('tu.closed_at', 'is', null)
      .orderBy('l.ends_at', 'desc')
      .orderBy('l.id')
      .limit(PROMPTS_SHOWN)
      .execute()
  );
}

/** The student's reviews written after `since`, newest first. */
export const reviewsWrittenSince = (db: Db, studentId: string, since: Date) =>
  reviewRows(db)
    .where('r.student_id', '=', studentId)
    .where('r.created_at', '>', since)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .execute();

/** One page of a tutor's reviews (of lessons), newest first, and how many there are. */
export async function tutorReviewsPage(
  db: Db,
  tutorProfileId: string,
  page: { limit: number; offset: number },
) {
  // A hidden review leaves the tutor's list as it leaves their count and average (issue #15).
  const rows = await reviewRows(db)
    .where('r.tutor_profile_id', '=', tutorProfileId)
    .where('r.hidden_at', 'is', null)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const { total } = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('tutor_profile_id', '=', tutorProfileId)
    .where('lesson_id', 'is not', null)
    .where('hidden_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}
