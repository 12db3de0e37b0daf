import type { Transaction } from 'kysely';
import type { SlotsResponse } from '../../../contracts/booking.contract';
import { holdsTimeAt, MIN_BOOKING_NOTICE_MINUTES } from '../../../domain/booking/booking-rules';
import type { WeeklyWindow } from '../../../domain/availability/weekly-window';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { checkSlot } from '../../../domain/scheduling/check-slot';
import { generateSlots } from '../../../domain/scheduling/generate-slots';
import { MS_PER_DAY, parseLocalDate } from '../../../domain/scheduling/local-date';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { PartyUnavailableError } from './lesson-errors';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';

// Which times a tutor offers. Listing slots and checking a chosen slot read the same inputs
// from one function, so a booking is accepted exactly when the list showed its slot.

type Tutor = { id: string; timezone: string };
/** Whose lessons hold time besides the tutor's: the student's, minus a lesson being moved. */
type Holders = { studentId?: string; exceptLessonId?: string };

/** A tutor who can be booked (their zone, rate and currency), or 404. */
export async function bookableTutor(ctx: LessonsContext, tutorProfileId: string) {
  const tutor = isUuid(tutorProfileId)
    ? await repository.bookableTutor(ctx.db, tutorProfileId)
    : undefined;
  if (!tutor) throw new AppError('NOT_FOUND', M.tutorNotFound);
  return tutor;
}

/**
 * A bookable tutor who teaches the subject, with their name and the subject's (one query): 404
 * for the tutor, else 400 for the subject.
 */
export async function tutorTeaching(
  ctx: LessonsContext,
  tutorProfileId: string,
  subjectId: number,
) {
  const row = isUuid(tutorProfileId)
    ? await repository.bookableTutorTeaching(ctx.db, tutorProfileId, subjectId)
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', M.tutorNotFound);
  const { subject_name: subjectName, ...tutor } = row;
  if (subjectName === null)
    throw new AppError('VALIDATION_FAILED', M.notATutorSubject, { subjectId: M.notATutorSubject });
  return { ...tutor, subject_name: subjectName };
}

/**
 * UTC bounds wide enough for any zone's view of the given local dates: a local date lies
 * within 14 hours of the same UTC date, so a day of margin each side is plenty.
 */
function utcBoundsOf(fromDate: string, days: number) {
  const first = parseLocalDate(fromDate) ?? 0;
  return {
    from: new Date((first - 1) * MS_PER_DAY),
    to: new Date((first + days + 1) * MS_PER_DAY),
  };
}

/**
 * Everything that decides a tutor's slots besides what the viewer asks: the tutor's zone and
 * weekly windows, the time held by lessons, now, and the booking notice.
 */
function rulesOf(
  tutor: { timezone: string; weekly: WeeklyWindow[] },
  busy: { start: Date; end: Date }[],
  now: Date,
) {
  return {
    weekly: tutor.weekly,
    tutorZone: tutor.timezone,
    busy,
    now,
    minNoticeMinutes: MIN_BOOKING_NOTICE_MINUTES,
  };
}

/**
 * The rules as they are in the booking's transaction, read afresh with its parties locked
 * (`slotInputs`); whether both parties can still book, and whether a lapsed hold needs expiring.
 */
async function slotRules(
  ctx: LessonsContext,
  trx: Transaction<DB>,
  tutor: Tutor,
  holders: Holders & { studentId: string },
  bounds: { from: Date; to: Date },
) {
  const now = ctx.clock.now();
  const { partiesOpen, weekly, busy, lapsed } = await repository.slotInputs(
    trx,
    { tutorProfileId: tutor.id, ...holders },
    bounds.from,
    bounds.to,
    now,
  );
  return { rules: rulesOf({ timezone: tutor.timezone, weekly }, busy, now), partiesOpen, lapsed };
}

/**
 * A listed tutor's zone and weekly windows, or 404: what many students read and tutors rarely
 * change, so kept in memory until the database announces a change (ADR 047).
 */
async function tutorWeek(ctx: LessonsContext, tutorProfileId: string) {
  if (!isUuid(tutorProfileId)) throw new AppError('NOT_FOUND', M.tutorNotFound);
  const read = () => repository.tutorWeek(ctx.db, tutorProfileId);
  const week = ctx.tutorWeeks ? await ctx.tutorWeeks.get(tutorProfileId, read) : await read();
  if (!week) throw new AppError('NOT_FOUND', M.tutorNotFound);
  return week;
}

/**
 * The time held within the bounds by the tutor's lessons and the holders' (ADR 047): from what
 * this process keeps of each holder, dropped when the database announces a change to their
 * lessons. Kept are the lessons that held time when read and ended later; one that ended
 * before then cannot meet a slot (slots start after now), so the answer is the SQL's. A clock
 * set back before the read (tests) reads afresh.
 */
async function busyTimes(
  ctx: LessonsContext,
  holders: Holders & { tutorProfileId: string },
  bounds: { from: Date; to: Date },
  now: Date,
) {
  const fresh = () => repository.heldTimes(ctx.db, holders, bounds.from, bounds.to, now);
  const cache = ctx.heldLessons;
  if (!cache) return fresh();
  const keptOf = (key: string, holder: { tutorProfileId: string } | { studentId: string }) =>
    cache.get(key, async () => ({
      readAt: now,
      lessons: await repository.heldLessons(ctx.db, holder, now),
    }));
  const kept = await Promise.all([
    keptOf(holders.tutorProfileId, { tutorProfileId: holders.tutorProfileId }),
    ...(holders.studentId ? [keptOf(holders.studentId, { studentId: holders.studentId })] : []),
  ]);
  if (kept.some((holder) => holder.readAt > now)) return fresh();
  return kept
    .flatMap((holder) => holder.lessons)
    .filter(
      (lesson) =>
        lesson.id !== holders.exceptLessonId &&
        lesson.starts_at < bounds.to &&
        lesson.ends_at > bounds.from &&
        holdsTimeAt(lesson.status, lesson.hold_expires_at, now),
    )
    .map((lesson) => ({ start: lesson.starts_at, end: lesson.ends_at }));
}

/** A tutor's free slots for some of the viewer's dates, minus the holders' lessons. */
export async function slotsOf(
  ctx: LessonsContext,
  tutorProfileId: string,
  holders: Holders,
  query: { fromDate: string; days: number; viewerZone: string; lessonMinutes: number },
): Promise<SlotsResponse> {
  const tutor = await tutorWeek(ctx, tutorProfileId);
  const bounds = utcBoundsOf(query.fromDate, query.days);
  const now = ctx.clock.now();
  const busy = await busyTimes(ctx, { tutorProfileId: tutor.id, ...holders }, bounds, now);
  const { days } = generateSlots({ ...rulesOf(tutor, busy, now), ...query });
  return { tutorTimezone: tutor.timezone, days };
}

/**
 * The UTC instants of a slot the viewer chose ('HH:MM-HH:MM' on their date, in their zone) if
 * it is offered right now: inside the tutor's windows, clear of both parties' other lessons
 * (the one being moved aside), far enough ahead. Otherwise 409 with the reason. Both parties'
 * accounts stay locked until the transaction ends (404 when either can no longer book).
 */
export async function offeredSlot(
  ctx: LessonsContext,
  trx: Transaction<DB>,
  params: {
    tutor: Tutor;
    studentId: string;
    lessonMinutes: number;
    choice: { bookingDate: string; slotLabel: string; viewerZone: string };
    exceptLessonId?: string;
  },
): Promise<{ startsAt: Date; endsAt: Date }> {
  const { tutor, studentId, choice } = params;
  const holders = { studentId, exceptLessonId: params.exceptLessonId };
  const { rules, partiesOpen, lapsed } = await slotRules(
    ctx,
    trx,
    tutor,
    holders,
    utcBoundsOf(choice.bookingDate, 1),
  );
  const slot = checkSlot({
    ...rules,
    viewerZone: choice.viewerZone,
    bookingDate: choice.bookingDate,
    slotLabel: choice.slotLabel,
    lessonMinutes: params.lessonMinutes,
  });
  if (!slot.ok) throw new AppError('SLOT_TAKEN', slot.message);
  if (!partiesOpen) throw new PartyUnavailableError();
  const interval = { startsAt: new Date(slot.startUtc), endsAt: new Date(slot.endUtc) };
  // The slot was free of live holds; lapsed ones still count for the exclusion constraints
  // until they are marked expired, which happens here, in the booking's own transaction (when
  // the day's read found any).
  if (!lapsed) return interval;
  await repository.expireLapsedHolds(
    trx,
    { tutorProfileId: tutor.id, studentId },
    interval,
    rules.now,
  );
  return interval;
}
