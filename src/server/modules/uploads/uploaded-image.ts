import type { FastifyRequest } from 'fastify';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { MAX_IMAGE_BYTES } from '../../../domain/tutors/tutor-options';
import { AppError } from '../../errors';

/** The bytes of the one image in a multipart request (field "file"), at most 5 MB (else 413). */
export async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.imageTypeInvalid);
  const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
  if (!file) throw new AppError('BAD_REQUEST', M.imageTypeInvalid);
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', M.imageTooLarge);
    throw error;
  }
}
