import type { SessionUser } from '../../../contracts/auth.contract';
import type { Lesson } from '../../../contracts/booking.contract';
import { MAX_NOTES_HTML_LENGTH } from '../../../domain/booking/lesson-notes';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { AppError } from '../../errors';
import { storeImage, type UploadContext } from '../uploads/uploads.service';
import { lessonOfParty, viewOfStored } from './lesson-view';
import type { LessonsContext } from './lessons-context';
import * as repository from './lessons.repository';
import { notesEditable } from '../../../domain/booking/booking-rules';
import { cleanNotesHtml, noteImagesFolder } from './notes-html';

// Lesson notes: the student edits their own notes, the tutor their preparation notes; each
// reads what lesson-view lets them.

/**
 * Saves the viewer's own notes on a lesson, cleaned to the allowlist. Cleaning can make notes
 * longer (every link gains its target and rel), so the bound applies to what is stored.
 */
export async function saveNotes(
  ctx: LessonsContext,
  user: SessionUser,
  lessonId: string,
  html: string,
): Promise<Lesson> {
  const lesson = await lessonOfParty(ctx, user, lessonId);
  if (!notesEditable(lesson.status)) throw new AppError('CONFLICT', M.notesClosed);
  const clean = await cleanNotesHtml(html, { writerId: user.id, lessonId: lesson.id });
  if (clean.length > MAX_NOTES_HTML_LENGTH)
    throw new AppError('VALIDATION_FAILED', M.notesHtmlTooLong, { html: M.notesHtmlTooLong });
  const field = lesson.student_id === user.id ? 'student_notes' : 'tutor_prep_notes';
  await repository.saveNotes(ctx.db, lesson.id, field, clean);
  return viewOfStored(ctx, lesson.id, user.id);
}

/**
 * Stores an image for a lesson's notes under the writer's folder for that lesson. The lesson is
 * checked before `readBytes` runs, so a stranger's upload is refused before it is read.
 */
export async function storeNoteImage(
  ctx: LessonsContext & UploadContext,
  user: SessionUser,
  lessonId: string,
  readBytes: () => Promise<Buffer>,
): Promise<{ url: string }> {
  const lesson = await lessonOfParty(ctx, user, lessonId);
  const bytes = await readBytes();
  const { url } = await storeImage(ctx, user.id, noteImagesFolder(lesson.id), bytes);
  return { url };
}
