import sharp from 'sharp';

// Demo avatars made on the machine, no network and no fonts needed: a symmetric 5x5
// identicon in one hue on a pale background of the same hue, as a 256 px JPEG.

const GRID = 5;
const CELL = 40;
const MARGIN = 28;
const SIZE = GRID * CELL + 2 * MARGIN;

export async function demoAvatarJpeg(random: () => number): Promise<Buffer> {
  const hue = Math.floor(random() * 360);
  const cells: string[] = [];
  for (let row = 0; row < GRID; row += 1) {
    for (let column = 0; column < Math.ceil(GRID / 2); column += 1) {
      if (random() < 0.5) continue;
      // Mirror the left half onto the right, as identicons do.
      for (const x of new Set([column, GRID - 1 - column])) {
        cells.push(
          `<rect x="${MARGIN + x * CELL}" y="${MARGIN + row * CELL}" width="${CELL}" height="${CELL}"/>`,
        );
      }
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,92%)"/>
    <g fill="hsl(${hue},55%,45%)">${cells.join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
