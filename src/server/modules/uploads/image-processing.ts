import type { Metadata } from 'sharp';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_EDGE = 1024;
/**
 * The most pixels a picture may have. A small file can describe a huge picture (a 30 KB PNG of
 * 256 megapixels), and decoding it costs seconds and gigabytes; 25 megapixels is more than a
 * phone or camera photo has (12-24), and avatars and notes are shown at 1024 pixels at most.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

export type ReencodedImage =
  { ok: true; jpeg: Buffer } | { ok: false; problem: 'not-an-image' | 'too-many-pixels' };

/**
 * Decides the type from the bytes themselves (never the name or the declared type) and
 * re-encodes the picture as a fresh JPEG: whatever else the file carried (metadata, scripts,
 * trailing data) is dropped. Only the header is read before the size is checked, so a picture
 * over MAX_IMAGE_PIXELS is refused without being decoded.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  // Loaded at the first upload rather than at start-up (~0.15 s and ~25 MB).
  const { default: sharp } = await import('sharp');
  let header: Metadata;
  try {
    header = await sharp(bytes).metadata();
  } catch {
    return { ok: false, problem: 'not-an-image' };
  }
  if (!header.format || !ACCEPTED_FORMATS.has(header.format)) {
    return { ok: false, problem: 'not-an-image' };
  }
  if (header.width * header.height > MAX_IMAGE_PIXELS) {
    return { ok: false, problem: 'too-many-pixels' };
  }
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer();
    return { ok: true, jpeg };
  } catch {
    // A valid header over broken or cut-off pixel data: not a picture we can read.
    return { ok: false, problem: 'not-an-image' };
  }
}
