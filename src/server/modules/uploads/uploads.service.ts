import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { API_MESSAGES, TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import type { FileStorage } from '../../adapters/storage/file-storage';
import { signFileUrl } from '../../adapters/storage/signed-url';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';
import { AppError } from '../../errors';
import { hit } from '../auth/rate-limit';
import { reencodeImage } from './image-processing';
import * as repository from './uploads.repository';

export interface UploadContext {
  db: Kysely<DB>;
  storage: FileStorage;
  signingSecret: string;
  clock: Clock;
}

/**
 * Pictures one user may store in a window. Decoding them is the costliest thing a user can ask
 * of the server; the count is kept in the database, so every API process shares it.
 */
const UPLOADS_PER_USER = { name: 'upload:user', max: 30, windowSeconds: 15 * 60 };

interface StoredImage {
  path: string;
  url: string;
}

/** Stores an uploaded profile photo under the owner's folder with a server-made name. */
export const storeAvatar = (ctx: UploadContext, ownerId: string, bytes: Buffer) =>
  storeImage(ctx, ownerId, 'avatars', bytes);

/**
 * Counts the upload against the user's limit, re-encodes the image and stores it under
 * `<owner>/<folder>/` with a server-made name; the owner is recorded, so only they may delete it.
 */
export async function storeImage(
  ctx: UploadContext,
  ownerId: string,
  folder: string,
  bytes: Buffer,
): Promise<StoredImage> {
  await hit(ctx, UPLOADS_PER_USER, ownerId);
  const image = await reencodeImage(bytes);
  if (!image.ok && image.problem === 'too-many-pixels')
    throw new AppError('PAYLOAD_TOO_LARGE', M.imageTooManyPixels);
  if (!image.ok) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.imageTypeInvalid);
  const path = `${ownerId}/${folder}/${randomUUID()}.jpg`;
  await ctx.storage.put(path, image.jpeg);
  try {
    await repository.insertStoredFile(ctx.db, {
      path,
      owner_id: ownerId,
      content_type: 'image/jpeg',
      size_bytes: image.jpeg.length,
    });
  } catch (error) {
    await ctx.storage.delete(path);
    throw error;
  }
  return { path, url: signFileUrl(ctx.signingSecret, path, ctx.clock.now()) };
}

/** Deletes a file the user owns; anyone else's file is refused. */
export async function deleteOwnFile(
  ctx: UploadContext,
  userId: string,
  path: string,
): Promise<void> {
  if (!path.startsWith(`${userId}/`)) throw new AppError('FORBIDDEN', M.deleteUnauthorized);
  const deleted = await repository.deleteOwnedFile(ctx.db, path, userId);
  if (!deleted) throw new AppError('NOT_FOUND', API_MESSAGES.fileNotFound);
  await ctx.storage.delete(path);
}

/** The bytes of a stored file, for the signed-URL route. */
export async function readStoredFile(ctx: UploadContext, path: string) {
  const row = await repository.findStoredFile(ctx.db, path);
  const bytes = row ? await ctx.storage.get(path) : null;
  if (!row || !bytes) throw new AppError('NOT_FOUND', API_MESSAGES.fileNotFound);
  return { bytes, contentType: row.content_type };
}
