import type { FastifyRequest } from 'fastify';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { MAX_IMAGE_BYTES } from '../../../domain/tutors/tutor-options';
import { AppError } from '../../errors';

/** The bytes of the one image in a multipart request (field "file"), at most 5 MB (else 413). */
export async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.imageTypeInvalid);
  const file = await parsed(() =>
    request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }),
  );
  if (!file) throw new AppError('BAD_REQUEST', M.imageTypeInvalid);
  const bytes = await parsed(() => file.toBuffer());
  // toBuffer only notices the cut when a chunk arrives after it: when the chunks already read
  // add up to exactly the limit, the parser marks the stream truncated without another chunk,
  // and toBuffer hands back the first 5 MB as if that were the whole file.
  if (file.file.truncated) throw tooLarge();
  return bytes;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', M.imageTooLarge);

/**
 * Runs a step of reading the multipart body. A file over the limit is a 413; the parser's own
 * errors (no boundary, a body cut off mid-part) are plain errors without a status, and they
 * always mean the client sent a broken body: a 400, not a 500.
 */
async function parsed<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (statusCode === undefined) throw new AppError('BAD_REQUEST', M.imageTypeInvalid);
    throw error;
  }
}
