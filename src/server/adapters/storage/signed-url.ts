import { createHmac, timingSafeEqual } from 'node:crypto';

// Files are served only through signed URLs: /api/files/<path>?expires=<unix s>&signature=<hmac>.
// A stored file's link stays valid for a year, so a page left open keeps its pictures.
const SIGNED_URL_LIFETIME_SECONDS = 31_536_000;

function signature(secret: string, filePath: string, expires: number): string {
  return createHmac('sha256', secret).update(`${filePath}\n${expires}`).digest('base64url');
}

/** `now` comes from the app's clock: the link's expiry is counted from it. */
export function signFileUrl(secret: string, filePath: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_LIFETIME_SECONDS;
  return `/api/files/${filePath}?expires=${expires}&signature=${signature(secret, filePath, expires)}`;
}

export function verifyFileSignature(
  secret: string,
  filePath: string,
  expires: number,
  given: string,
  now: Date,
): boolean {
  if (!Number.isInteger(expires) || expires < Math.floor(now.getTime() / 1000)) return false;
  const expected = Buffer.from(signature(secret, filePath, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A stored avatar path becomes a signed URL; an external URL (e.g. Google's) passes through. */
export function avatarUrlOf(
  secret: string,
  value: string | null | undefined,
  now: Date,
): string | null {
  if (!value) return null;
  return /^https?:\/\//.test(value) ? value : signFileUrl(secret, value, now);
}
