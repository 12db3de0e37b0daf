import { TUTOR_PROFILE_MESSAGES as M } from '../../domain/messages';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../domain/tutors/tutor-options';

/** The spec's message for a picture the server would refuse by its type or size, else null. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return M.imageTypeInvalid;
  if (file.size > MAX_IMAGE_BYTES) return M.imageTooLarge;
  return null;
}

/**
 * As imageFileProblem, and whether the browser can decode the file as a picture at all: the type
 * comes from the file's name, so a text file named .jpg passes it (and a crop dialog would show
 * it as a black square).
 */
export async function photoFileProblem(file: File): Promise<string | null> {
  const problem = imageFileProblem(file);
  if (problem) return problem;
  try {
    (await createImageBitmap(file)).close();
    return null;
  } catch {
    return M.imageTypeInvalid;
  }
}
