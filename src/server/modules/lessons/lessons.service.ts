import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Lesson, SlotsResponse } from '../../../contracts/booking.contract';
import type { SessionUser } from '../../../contracts/auth.contract';
import {
  MIN_BOOKING_NOTICE_MINUTES,
  statusAt,
  TRIAL_PRICE_CENTS,
} from '../../../domain/booking/booking-rules';
import type { bookLessonSchema, slotsQuerySchema } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { checkSlot } from '../../../domain/scheduling/check-slot';
import { generateSlots } from '../../../domain/scheduling/generate-slots';
import { MS_PER_DAY, parseLocalDate } from '../../../domain/scheduling/local-date';
import { avatarUrlOf } from '../../adapters/storage/signed-url';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import * as repository from './lessons.repository';
import { plainTextToNotesHtml, signNotesImages } from './notes-html';

export interface LessonsContext {
  db: Kysely<DB>;
  signingSecret: string;
  now?: () => Date;
}

export const nowOf = (ctx: LessonsContext) => ctx.now?.() ?? new Date();

async function requireTutor(ctx: LessonsContext, tutorProfileId: string) {
  const tutor = isUuid(tutorProfileId)
    ? await repository.bookableTutor(ctx.db, tutorProfileId)
    : undefined;
  if (!tutor) throw new AppError('NOT_FOUND', M.tutorNotFound);
  return tutor;
}

/**
 * UTC bounds wide enough for any zone's view of the given local dates: a local date lies
 * within 14 hours of the same UTC date, so a day of margin each side is plenty.
 */
export function utcBoundsOf(fromDate: string, days: number) {
  const first = parseLocalDate(fromDate) ?? 0;
  return {
    from: new Date((first - 1) * MS_PER_DAY),
    to: new Date((first + days + 1) * MS_PER_DAY),
  };
}

/** The tutor's bookable slots; a student's own lessons block their time too. */
export async function availableSlots(
  ctx: LessonsContext,
  tutorProfileId: string,
  query: z.output<typeof slotsQuerySchema>,
  viewer: SessionUser,
): Promise<SlotsResponse> {
  const tutor = await requireTutor(ctx, tutorProfileId);
  return slotsOf(
    ctx,
    tutor,
    { studentId: viewer.role === 'student' ? viewer.id : undefined },
    query,
  );
}

/**
 * Everything that decides a tutor's slots besides what the viewer asks: the tutor's weekly
 * windows, the time held by the tutor's and the given student's lessons in [from, to) (a lesson
 * being moved aside), now, and the booking notice. Listing and checking use the same inputs, so
 * a check can never disagree with the list.
 */
async function slotRules(
  ctx: LessonsContext,
  db: Kysely<DB> | Transaction<DB>,
  tutor: { id: string; timezone: string },
  holders: { studentId?: string; exceptLessonId?: string },
  bounds: { from: Date; to: Date },
) {
  const [weekly, busy] = await Promise.all([
    repository.weeklyWindowsOf(db, tutor.id),
    repository.busyIntervals(db, { tutorProfileId: tutor.id, ...holders }, bounds.from, bounds.to),
  ]);
  return {
    weekly,
    tutorZone: tutor.timezone,
    busy,
    now: nowOf(ctx),
    minNoticeMinutes: MIN_BOOKING_NOTICE_MINUTES,
  };
}

/** A tutor's free slots for some of the viewer's dates, minus the given parties' lessons. */
export async function slotsOf(
  ctx: LessonsContext,
  tutor: { id: string; timezone: string },
  holders: { studentId?: string; exceptLessonId?: string },
  query: { fromDate: string; days: number; viewerZone: string; lessonMinutes: number },
): Promise<SlotsResponse> {
  const rules = await slotRules(
    ctx,
    ctx.db,
    tutor,
    holders,
    utcBoundsOf(query.fromDate, query.days),
  );
  const { days } = generateSlots({ ...rules, ...query });
  return { tutorTimezone: tutor.timezone, days };
}

export async function trialEligibility(
  ctx: LessonsContext,
  tutorProfileId: string,
  studentId: string,
) {
  const tutor = await requireTutor(ctx, tutorProfileId);
  return { eligible: !(await repository.hasHadTrial(ctx.db, studentId, tutor.id)) };
}

/**
 * The UTC instants of a slot the viewer chose ('HH:MM-HH:MM' on their date, in their zone) if
 * it is offered right now: inside the tutor's windows, clear of both parties' other lessons
 * (the one being moved aside), far enough ahead. Otherwise 409 with the reason.
 */
export async function offeredSlot(
  ctx: LessonsContext,
  db: Transaction<DB>,
  params: {
    tutor: { id: string; timezone: string };
    studentId: string;
    lessonMinutes: number;
    choice: { bookingDate: string; slotTime: string; viewerZone: string };
    exceptLessonId?: string;
  },
): Promise<{ startsAt: Date; endsAt: Date }> {
  const { tutor, studentId, choice } = params;
  const rules = await slotRules(
    ctx,
    db,
    tutor,
    { studentId, exceptLessonId: params.exceptLessonId },
    utcBoundsOf(choice.bookingDate, 1),
  );
  const slot = checkSlot({
    ...rules,
    viewerZone: choice.viewerZone,
    bookingDate: choice.bookingDate,
    slotTime: choice.slotTime,
    lessonMinutes: params.lessonMinutes,
  });
  if (!slot.ok) throw new AppError('CONFLICT', slot.message);
  return { startsAt: new Date(slot.startUtc), endsAt: new Date(slot.endUtc) };
}

export const pgCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Books a lesson for a student: the slot must be one offered right now (checked against the
 * same rules that listed it), the subject one the tutor teaches, a trial the student's first
 * with this tutor. The database has the last word on overlaps and repeated trials, so two
 * students racing for one slot get one lesson and one clear 409.
 */
export async function bookLesson(
  ctx: LessonsContext,
  studentId: string,
  input: z.output<typeof bookLessonSchema>,
): Promise<Lesson> {
  const tutor = await requireTutor(ctx, input.tutorProfileId);
  if (!(await repository.teaches(ctx.db, tutor.id, input.subjectId)))
    throw new AppError('VALIDATION_FAILED', M.notATutorSubject, { subjectId: M.notATutorSubject });
  try {
    const lessonId = await ctx.db.transaction().execute(async (trx) => {
      if (await repository.hasHadTrial(trx, studentId, tutor.id))
        throw new AppError('CONFLICT', M.trialUsed);
      const slot = await offeredSlot(ctx, trx, {
        tutor,
        studentId,
        lessonMinutes: input.lessonMinutes,
        choice: input,
      });
      return repository.insertLesson(trx, {
        tutorProfileId: tutor.id,
        studentId,
        subjectId: input.subjectId,
        ...slot,
        durationMinutes: input.lessonMinutes,
        isTrial: true,
        // Free, so nothing to wait for: the trial is confirmed at once.
        status: 'scheduled',
        priceCents: TRIAL_PRICE_CENTS,
        currency: tutor.currency,
        timezone: input.viewerZone,
        studentNotes: plainTextToNotesHtml(input.notes),
      });
    });
    return toLesson(ctx, (await repository.findLesson(ctx.db, lessonId))!, studentId);
  } catch (error) {
    // Another booking took the time between the check and the insert (exclusion constraint),
    // or another trial with this tutor went in first (unique index).
    if (pgCode(error) === '23P01') throw new AppError('CONFLICT', M.slotUnavailable);
    if (pgCode(error) === '23505') throw new AppError('CONFLICT', M.trialUsed);
    throw error;
  }
}

/** A lesson as `viewerId` may see it: the tutor's preparation notes go to the tutor only. */
export function toLesson(ctx: LessonsContext, row: repository.LessonRow, viewerId: string): Lesson {
  const notes = (html: string) => signNotesImages(html, ctx.signingSecret);
  return {
    id: row.id,
    tutorProfileId: row.tutor_profile_id,
    tutor: { name: row.tutor_name, avatarUrl: avatarUrlOf(ctx.signingSecret, row.tutor_avatar) },
    student: {
      name: row.student_name,
      avatarUrl: avatarUrlOf(ctx.signingSecret, row.student_avatar),
    },
    subject: row.subject,
    isTrial: row.is_trial,
    status: statusAt(row.status, row.starts_at, row.ends_at, nowOf(ctx)),
    startTime: row.starts_at.toISOString(),
    endTime: row.ends_at.toISOString(),
    durationMinutes: row.duration_minutes,
    timezone: row.timezone,
    priceCents: row.price_cents,
    currency: row.currency.trim(),
    meetingUrl: row.meeting_url,
    studentNotes: notes(row.student_notes),
    tutorPrepNotes: row.tutor_user_id === viewerId ? notes(row.tutor_prep_notes) : null,
  };
}

/** The signed-in user's lessons that have not ended, starting within `days`. */
export async function upcomingLessons(
  ctx: LessonsContext,
  user: SessionUser,
  days: number,
): Promise<Lesson[]> {
  const now = nowOf(ctx);
  const until = new Date(now.getTime() + days * MS_PER_DAY);
  let party: { studentId: string } | { tutorProfileId: string } = { studentId: user.id };
  if (user.role === 'tutor') {
    const tutorProfileId = await repository.tutorProfileIdOf(ctx.db, user.id);
    // A tutor still completing the profile has no lessons yet.
    if (!tutorProfileId) return [];
    party = { tutorProfileId };
  }
  const rows = await repository.upcomingLessons(ctx.db, party, now, until);
  return rows.map((row) => toLesson(ctx, row, user.id));
}

/** One lesson, for its student or its tutor only (anyone else: not found). */
export async function lessonFor(ctx: LessonsContext, user: SessionUser, id: string) {
  return toLesson(ctx, await partyLesson(ctx, user, id), user.id);
}

/** A lesson of which the user is the student or the tutor; anyone else gets not found. */
export async function partyLesson(ctx: LessonsContext, user: SessionUser, id: string) {
  const row = isUuid(id) ? await repository.findLesson(ctx.db, id) : undefined;
  if (!row || (row.student_id !== user.id && row.tutor_user_id !== user.id))
    throw new AppError('NOT_FOUND', M.lessonNotFound);
  return row;
}
