import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { EndpointOutput } from '../../../contracts/endpoint';
import type {
  getMyReviews,
  getTutorReviews,
  LessonReview,
  replyInputSchema,
  reviewInputSchema,
} from '../../../contracts/reviews.contract';
import { REVIEW_MESSAGES as M } from '../../../domain/messages';
import { nextPageOf, rowsOfPage } from '../../../domain/paging';
import {
  canEditReview,
  editableUntil,
  isReviewable,
  REVIEW_EDIT_DAYS,
} from '../../../domain/reviews/review-rules';
import { REVIEWS_PAGE_SIZE } from '../../../domain/tutors/tutor-card';
import { translatingConstraints } from '../../db/constraint-errors';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { completeEndedLessons } from '../lessons/lesson-completion';
import type { LessonsContext } from '../lessons/lessons-context';
import { tutorProfileIdOf } from '../lessons/lessons.repository';
import * as repository from './reviews.repository';
import { notifyOtherParty } from '../notifications/notify';

// Reviews after a completed lesson (ADR 019). Only the lesson's student reviews it, once, and may
// edit the review for REVIEW_EDIT_DAYS; only the lesson's tutor replies, once. Anyone else is
// told the lesson does not exist. The tutor's average and count follow through the reviews
// table's trigger (migration 005), Lessons taught through the lessons table's (017).

type ReviewInput = z.output<typeof reviewInputSchema>;
type ReplyInput = z.output<typeof replyInputSchema>;
/** A write by the signed-in user about one lesson's review, answered with the review after it. */
type ReviewWrite<Input> = (
  ctx: LessonsContext,
  user: SessionUser,
  lessonId: string,
  input: Input,
) => Promise<LessonReview>;

const initialOf = (name: string) => (name ? `${name.charAt(0)}.` : '');
/** First name and last initial: personal without the whole name (as on the profile). */
const shortName = (first: string, last: string) => `${first} ${initialOf(last)}`.trim();

export function toReview(row: repository.ReviewRow): LessonReview {
  return {
    id: row.id,
    lessonId: row.lesson_id!,
    rating: row.rating,
    text: row.comment,
    studentName: shortName(row.student_first_name, row.student_last_name),
    tutorName: `${row.tutor_first_name} ${row.tutor_last_name}`,
    subject: row.subject,
    lessonStartTime: row.starts_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    editableUntil: editableUntil(row.created_at).toISOString(),
    reply:
      row.reply === null || row.replied_at === null
        ? null
        : { text: row.reply, createdAt: row.replied_at.toISOString() },
  };
}

/** Paid by card or with a package's credit (a booked lesson is that or a trial). */
const isPaidLesson = (lesson: {
  price_cents: number;
  payment_id: string | null;
  student_package_id: string | null;
}) => lesson.price_cents > 0 || lesson.payment_id !== null || lesson.student_package_id !== null;

const notFound = () => new AppError('NOT_FOUND', M.lessonNotFound);

/** Runs one write in a transaction at the clock's now, then reads the lesson's review back. */
async function writeReview(
  ctx: LessonsContext,
  lessonId: string,
  write: (trx: Transaction<DB>, now: Date) => Promise<void>,
): Promise<LessonReview> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute((trx) => write(trx, now));
  return toReview((await repository.reviewOfLesson(ctx.db, lessonId))!);
}

/**
 * The lesson's review, locked, when it belongs to the caller (`isMine`). Otherwise the caller
 * is told there is no review when the lesson is theirs, and that there is no lesson when not.
 */
async function lockOwnReview(
  trx: Transaction<DB>,
  lessonId: string,
  isMine: (row: { student_id: string; tutor_profile_id: string }) => boolean,
) {
  const review = await repository.lockReviewOfLesson(trx, lessonId);
  if (review && isMine(review)) return review;
  const lesson = await repository.lockLessonForReview(trx, lessonId);
  if (lesson && isMine(lesson)) throw new AppError('NOT_FOUND', M.noReview);
  throw notFound();
}

/**
 * The student reviews one of their completed lessons. This is where a review is created: the
 * caller (the route) may tell the tutor about it from the review returned.
 */
export const createReview: ReviewWrite<ReviewInput> = async (ctx, user, lessonId, input) => {
  if (!isUuid(lessonId)) throw notFound();
  return writeReview(ctx, lessonId, async (trx, now) => {
    // A lesson that has just ended is completed here, not only by the periodic job.
    await completeEndedLessons(trx, now, { lessonId });
    const lesson = await repository.lockLessonForReview(trx, lessonId);
    // A closed tutor's lessons are gone from the student's prompts, and cannot be reviewed.
    if (!lesson || lesson.student_id !== user.id || lesson.tutor_closed_at) throw notFound();
    const isPaid = isPaidLesson(lesson);
    if (!isReviewable({ status: lesson.status, isTrial: lesson.is_trial, isPaid }))
      throw new AppError('CONFLICT', M.notReviewable);
    if (await repository.lockReviewOfLesson(trx, lessonId))
      throw new AppError('CONFLICT', M.alreadyReviewed);
    // The lesson's lock makes a second review wait; the unique index is the last word anyway.
    await translatingConstraints(
      () =>
        repository.insertReview(trx, {
          lessonId,
          tutorProfileId: lesson.tutor_profile_id,
          studentId: user.id,
          rating: input.rating,
          text: input.text,
          now,
        }),
      { reviews_lesson_id_key: () => new AppError('CONFLICT', M.alreadyReviewed) },
    );
    // The tutor's bell, with the review.
    await notifyOtherParty(trx, { kind: 'review_received', lessonId, actorId: user.id, at: now });
  });
};

/** The student changes their review, until REVIEW_EDIT_DAYS after writing it. */
export const updateReview: ReviewWrite<ReviewInput> = async (ctx, user, lessonId, input) => {
  if (!isUuid(lessonId)) throw notFound();
  return writeReview(ctx, lessonId, async (trx, now) => {
    const review = await lockOwnReview(trx, lessonId, (row) => row.student_id === user.id);
    if (!canEditReview(review.created_at, now))
      throw new AppError('CONFLICT', M.editWindowClosed(REVIEW_EDIT_DAYS));
    await repository.updateReview(trx, review.id, { ...input, now });
  });
};

/** The lesson's tutor answers its review, once. */
export const replyToReview: ReviewWrite<ReplyInput> = async (ctx, user, lessonId, input) => {
  if (!isUuid(lessonId)) throw notFound();
  const tutorProfileId = await tutorProfileIdOf(ctx.db, user.id);
  if (!tutorProfileId) throw notFound();
  return writeReview(ctx, lessonId, async (trx, now) => {
    const review = await lockOwnReview(
      trx,
      lessonId,
      (row) => row.tutor_profile_id === tutorProfileId,
    );
    if (review.reply !== null) throw new AppError('CONFLICT', M.alreadyReplied);
    await repository.saveReply(trx, review.id, input.text, now);
  });
};

/** What the student overview asks about: lessons to review, and reviews still editable. */
export async function myReviews(
  ctx: LessonsContext,
  studentId: string,
): Promise<EndpointOutput<typeof getMyReviews>> {
  const now = ctx.clock.now();
  await completeEndedLessons(ctx.db, now, { studentId });
  const [lessons, recent] = await Promise.all([
    repository.unreviewedLessons(ctx.db, studentId),
    repository.reviewsWrittenSince(
      ctx.db,
      studentId,
      new Date(now.getTime() - REVIEW_EDIT_DAYS * 24 * 3_600_000),
    ),
  ]);
  return {
    prompts: lessons
      .filter((lesson) =>
        isReviewable({
          status: lesson.status,
          isTrial: lesson.is_trial,
          isPaid: isPaidLesson(lesson),
        }),
      )
      .map((lesson) => ({
        lessonId: lesson.id,
        tutorName: `${lesson.first_name} ${lesson.last_name}`,
        subject: lesson.subject,
        startTime: lesson.starts_at.toISOString(),
      })),
    editable: recent
      .map(toReview)
      .filter((review) => canEditReview(new Date(review.createdAt), now)),
  };
}

/** The signed-in tutor's reviews, a page at a time. */
export async function tutorReviews(
  ctx: LessonsContext,
  userId: string,
  page: number,
): Promise<EndpointOutput<typeof getTutorReviews>> {
  const tutorProfileId = await tutorProfileIdOf(ctx.db, userId);
  if (!tutorProfileId) return { reviews: [], total: 0, nextPage: null };
  const { rows, total } = await repository.tutorReviewsPage(
    ctx.db,
    tutorProfileId,
    rowsOfPage(page, REVIEWS_PAGE_SIZE),
  );
  return {
    reviews: rows.map(toReview),
    total,
    nextPage: nextPageOf(page, REVIEWS_PAGE_SIZE, total),
  };
}
