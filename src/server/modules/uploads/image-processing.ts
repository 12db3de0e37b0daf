import sharp from 'sharp';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_EDGE = 1024;

/**
 * Decides the type from the bytes themselves (never the name or the declared type) and
 * re-encodes the picture as a fresh JPEG: whatever else the file carried (metadata, scripts,
 * trailing data) is dropped. Returns null when the bytes are not a JPEG, PNG or WebP image.
 */
export async function reencodeImage(bytes: Buffer): Promise<Buffer | null> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    return null;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return null;
  return sharp(bytes)
    .rotate()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}
