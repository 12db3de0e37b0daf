import type { SessionUser } from '../../../contracts/auth.contract';
import type { Lesson, MoveRequest } from '../../../contracts/booking.contract';
import { statusAt } from '../../../domain/booking/booking-rules';
import { DEFAULT_RESCHEDULE_REASON } from '../../../domain/booking/booking-rules';
import { moveRequestState } from '../../../domain/booking/move-requests';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { avatarUrlOf } from '../../adapters/storage/signed-url';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';
import { signNotesImages } from './notes-html';

// A lesson as one of its two parties may see it. Nobody else sees it at all (not found), and the
// tutor's preparation notes go to the tutor only.

/** The stored lesson, if the user is its student or its tutor; anyone else gets not found. */
export async function lessonOfParty(ctx: LessonsContext, user: SessionUser, id: string) {
  const row = isUuid(id) ? await repository.findLesson(ctx.db, id) : undefined;
  if (!row || (row.student_id !== user.id && row.tutor_user_id !== user.id))
    throw new AppError('NOT_FOUND', M.lessonNotFound);
  return row;
}

/** The stored lesson of the given id as `viewerId` sees it (read after a write). */
export async function viewOfStored(ctx: LessonsContext, id: string, viewerId: string) {
  return toLesson(ctx, (await repository.findLesson(ctx.db, id))!, viewerId);
}

/** A lesson row on the wire: its status as of now, image and photo links signed for reading. */
export function toLesson(ctx: LessonsContext, row: repository.LessonRow, viewerId: string): Lesson {
  const now = ctx.clock.now();
  /** Each party's notes show only the pictures that party stored for this lesson. */
  const notes = (html: string, writerId: string) =>
    signNotesImages(html, { writerId, lessonId: row.id }, ctx.signingSecret, now);
  const avatar = (path: string | null) => avatarUrlOf(ctx.signingSecret, path, now);
  return {
    id: row.id,
    tutorProfileId: row.tutor_profile_id,
    tutor: { name: row.tutor_name, avatarUrl: avatar(row.tutor_avatar) },
    student: { name: row.student_name, avatarUrl: avatar(row.student_avatar) },
    subject: row.subject,
    isTrial: row.is_trial,
    status: statusAt(row.status, row.starts_at, row.ends_at, now),
    startTime: row.starts_at.toISOString(),
    endTime: row.ends_at.toISOString(),
    durationMinutes: row.duration_minutes,
    timezone: row.timezone,
    priceCents: row.price_cents,
    currency: row.currency.trim(),
    meetingUrl: row.meeting_url,
    studentNotes: notes(row.student_notes, row.student_id),
    tutorPrepNotes:
      row.tutor_user_id === viewerId ? notes(row.tutor_prep_notes, row.tutor_user_id) : null,
    movedFrom: row.moved_from?.toISOString() ?? null,
    moveRequest: moveRequestOf(row, now),
  };
}

/** The lesson's latest move request while it matters (waiting, declined, unanswered); else null. */
function moveRequestOf(row: repository.LessonRow, now: Date): MoveRequest | null {
  if (!row.mr_starts_at || !row.mr_ends_at || !row.mr_created_at) return null;
  // A lesson canceled (or moved by its student) meanwhile has nothing left to answer.
  if (row.status === 'canceled') return null;
  const state = moveRequestState({ answer: row.mr_answer }, row.starts_at, now);
  if (state === 'accepted' || state === 'withdrawn') return null;
  return {
    state,
    startTime: row.mr_starts_at.toISOString(),
    endTime: row.mr_ends_at.toISOString(),
    reason: row.mr_reason && row.mr_reason !== DEFAULT_RESCHEDULE_REASON ? row.mr_reason : null,
    requestedAt: row.mr_created_at.toISOString(),
  };
}
