import type { Area } from 'react-easy-crop';

/** The crop is saved as JPEG at 0.95 quality. */
const JPEG_QUALITY = 0.95;
/** Larger crops are scaled down: an avatar never shows bigger than this. */
const MAX_SIDE = 1024;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Failed to load image'));
    image.src = src;
  });
}

/** Draws the rotated image, cuts the chosen square out of it and encodes it as JPEG. */
export async function cropToJpeg(src: string, crop: Area, rotation: number): Promise<Blob> {
  const image = await loadImage(src);
  const radians = (rotation * Math.PI) / 180;
  const sin = Math.abs(Math.sin(radians));
  const cos = Math.abs(Math.cos(radians));
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(image.width * cos + image.height * sin);
  rotated.height = Math.round(image.width * sin + image.height * cos);
  const rotatedContext = rotated.getContext('2d')!;
  rotatedContext.translate(rotated.width / 2, rotated.height / 2);
  rotatedContext.rotate(radians);
  rotatedContext.drawImage(image, -image.width / 2, -image.height / 2);

  const side = Math.min(MAX_SIDE, Math.round(crop.width));
  const output = document.createElement('canvas');
  output.width = side;
  output.height = side;
  const context = output.getContext('2d')!;
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.drawImage(rotated, crop.x, crop.y, crop.width, crop.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    output.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Failed to load image'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}
