import type { z } from 'zod';
import type { Lesson } from '../../../contracts/booking.contract';
import type { schedulePackageLessonSchema } from '../../../contracts/packages.contract';
import type { StudentPackageView } from '../../../contracts/payments.contract';
import { perLessonCents } from '../../../domain/booking/packages';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import type { StudentPackageStatus } from '../../../domain/payments/payment-rules';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { viewOfStored } from '../lessons/lesson-view';
import { noteLessonBooked, type NoticeContext } from '../lessons/lesson-booked-notice';
import type { LessonsContext } from '../lessons/lessons-context';
import * as lessons from '../lessons/lessons.repository';
import { placeLesson } from '../lessons/lesson-lifecycle';
import { bookableTutor } from '../lessons/slot-rules';
import * as repository from './student-packages.repository';

// A student's bought packages (spec 3: schedule_package_lesson): N lessons of one length with
// one tutor, valid until expires_at (set when the payment completes). Credits left = N minus
// the package's lessons that are not canceled or expired, so a canceled lesson returns its
// credit by itself. Scheduling one is booking a slot as any other, paid from the package.

/** A package's status as of `now`: an active one past its expiry has expired, job or no job. */
export function packageStatusAt(
  stored: StudentPackageStatus,
  expiresAt: Date | null,
  now: Date,
): StudentPackageStatus {
  return stored === 'active' && expiresAt !== null && expiresAt <= now ? 'expired' : stored;
}

export function toStudentPackageView(
  row: repository.StudentPackageRow,
  now: Date,
): StudentPackageView {
  return {
    id: row.id,
    name: row.name,
    tutorProfileId: row.tutor_profile_id,
    tutorName: row.tutor_name,
    subjectId: row.subject_id,
    subject: row.subject,
    lessonMinutes: row.lesson_minutes,
    numberOfLessons: row.number_of_lessons,
    lessonsLeft: Math.max(0, row.number_of_lessons - (row.lessons_used ?? 0)),
    status: packageStatusAt(row.status, row.expires_at, now),
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}

/** Every package the student paid for, newest first (Billing). */
export async function paidPackagesOf(ctx: Pick<LessonsContext, 'db' | 'clock'>, studentId: string) {
  const now = ctx.clock.now();
  const rows = await repository.paidPackagesOf(ctx.db, studentId);
  return rows.map((row) => toStudentPackageView(row, now));
}

/** The student's packages with this tutor that still have lessons to schedule, soonest expiry first. */
export async function usablePackagesWithTutor(
  ctx: LessonsContext,
  studentId: string,
  tutorProfileId: string,
): Promise<StudentPackageView[]> {
  const tutor = await bookableTutor(ctx, tutorProfileId);
  const now = ctx.clock.now();
  const rows = await repository.paidPackagesOf(ctx.db, studentId, tutor.id);
  return rows
    .map((row) => toStudentPackageView(row, now))
    .filter((view) => view.status === 'active' && view.lessonsLeft > 0);
}

const notFound = () => new AppError('NOT_FOUND', P.packageNotFound);

/** Why a package's credits cannot be used now, if they cannot. */
function refusalOf(status: StudentPackageStatus, lessonsLeft: number): AppError | undefined {
  if (status === 'expired') return new AppError('PACKAGE_EXPIRED', P.packageExpired);
  if (status === 'awaiting_payment') return new AppError('PACKAGE_NOT_ACTIVE', P.packageNotActive);
  // A refunded package's credits went back as money.
  if (status === 'refunded' || lessonsLeft <= 0)
    return new AppError('NO_CREDITS_LEFT', P.noCreditsLeft);
  return undefined;
}

/**
 * Schedules a lesson from one of the student's packages: in one transaction that holds the
 * package's row, so concurrent schedules take credits one after another and never more than
 * there are. The slot must be offered, exactly as for any booking, for the package's lesson
 * length; the lesson is confirmed at once (it is paid for) at its share of the package price.
 */
export async function schedulePackageLesson(
  ctx: NoticeContext,
  studentId: string,
  studentPackageId: string,
  input: z.output<typeof schedulePackageLessonSchema>,
): Promise<{ lesson: Lesson; package: StudentPackageView }> {
  if (!isUuid(studentPackageId)) throw notFound();
  const lessonId = await ctx.db.transaction().execute(async (trx) => {
    const owned = await repository.lockStudentPackage(trx, studentPackageId);
    if (!owned || owned.student_id !== studentId) throw notFound();
    const now = ctx.clock.now();
    const status = packageStatusAt(owned.status, owned.expires_at, now);
    const refusal = refusalOf(status, owned.number_of_lessons - owned.lessonsUsed);
    if (refusal) throw refusal;
    const tutor = await lessons.bookableTutor(trx, owned.tutor_profile_id);
    if (!tutor) throw notFound();
    const lesson = await placeLesson(trx, ctx, {
      way: 'credit',
      tutor,
      studentId,
      subjectId: owned.subject_id,
      lessonMinutes: owned.lesson_minutes,
      choice: input,
      notes: input.notes,
      priceCents: perLessonCents(owned.paidCents, owned.number_of_lessons),
      currency: owned.currency,
      paymentId: owned.payment_id,
      studentPackageId: owned.id,
    });
    await noteLessonBooked(ctx, trx, lesson, now);
    return lesson.id;
  });
  const [lesson, bought] = await Promise.all([
    viewOfStored(ctx, lessonId, studentId),
    repository.findStudentPackage(ctx.db, studentPackageId),
  ]);
  return { lesson, package: toStudentPackageView(bought!, ctx.clock.now()) };
}
