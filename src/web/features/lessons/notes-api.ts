import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  saveNotes,
  uploadNoteImage as uploadImage,
  type Lesson,
} from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { KEEPS_UNSAVED_INPUT } from '../../app/query-client';
import { ApiError, call, messageOf } from '../../lib/api-client';
import { imageFileProblem } from '../../lib/image-file';
import { queryKeys } from '../../lib/query-keys';

/**
 * Saves the viewer's own notes (the server knows whose). The saved lesson goes straight into the
 * cached lists, so the dialog and the rows show it at once, then the lists reload.
 */
export function useSaveNotes() {
  const client = useQueryClient();
  return useMutation({
    // Signed out meanwhile: say the save failed and keep the text, rather than leave the page.
    meta: { [KEEPS_UNSAVED_INPUT]: true },
    mutationFn: async ({ lessonId, html }: { lessonId: string; html: string }) =>
      (await call(saveNotes, { params: { id: lessonId }, body: { html } })).lesson,
    onSuccess: (saved) => {
      client.setQueriesData<Lesson[]>({ queryKey: queryKeys.lessons.upcoming() }, (lessons) =>
        lessons?.map((lesson) => (lesson.id === saved.id ? saved : lesson)),
      );
      // And the lesson opened on its own (a notification's link).
      client.setQueryData(queryKeys.lessons.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: queryKeys.lessons.upcoming() });
    },
  });
}

/** 'Image upload failed', and why when that is known. */
const uploadFailed = (reason: string) =>
  reason ? `${M.imageUploadFailed}: ${reason}` : M.imageUploadFailed;

/**
 * Stores a picture for a lesson's notes and answers its URL, or throws the message to show,
 * which says what was wrong (type, size, dimensions, too many uploads) whenever it is known.
 */
export async function uploadNoteImage(lessonId: string, file: File): Promise<string> {
  // The server's own rules (JPEG, PNG or WebP up to 5 MB), checked before sending.
  const problem = imageFileProblem(file);
  if (problem) throw new Error(uploadFailed(problem));
  const form = new FormData();
  form.append('file', file);
  try {
    return (await call(uploadImage, { params: { id: lessonId }, body: form })).url;
  } catch (error) {
    const signedOut = error instanceof ApiError && error.code === 'UNAUTHENTICATED';
    const message = signedOut ? M.imageUploadSignedOut : uploadFailed(messageOf(error, ''));
    throw new Error(message, { cause: error });
  }
}
