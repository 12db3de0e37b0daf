import type { SessionUser } from '../../../contracts/auth.contract';
import type { Lesson } from '../../../contracts/booking.contract';
import { storeImage, type UploadContext } from '../uploads/uploads.service';
import * as repository from './lessons.repository';
import { partyLesson, toLesson, type LessonsContext } from './lessons.service';
import { cleanNotesHtml } from './notes-html';

// Lesson notes (spec 3 §6): the student edits their own notes, the tutor their preparation
// notes; each reads what the spec lets them (see toLesson).

/** Saves the viewer's own notes on a lesson, cleaned to the allowlist. */
export async function saveNotes(
  ctx: LessonsContext,
  user: SessionUser,
  lessonId: string,
  html: string,
): Promise<Lesson> {
  const lesson = await partyLesson(ctx, user, lessonId);
  const field = lesson.student_id === user.id ? 'student_notes' : 'tutor_prep_notes';
  await repository.saveNotes(ctx.db, lesson.id, field, cleanNotesHtml(html));
  return toLesson(ctx, (await repository.findLesson(ctx.db, lesson.id))!, user.id);
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
  const lesson = await partyLesson(ctx, user, lessonId);
  const { url } = await storeImage(ctx, user.id, `lessons/${lesson.id}`, await readBytes());
  return { url };
}
