import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { signUpAndVerify } from '../../test/accounts';
import type { TestClient } from '../../test/http-client';
import { fileForm, postForm } from '../../test/multipart';
import { startTestApp, type TestApp } from '../../test/test-app';

const form = fileForm;

describe('avatar uploads', () => {
  let t: TestApp;
  let tutor: TestClient;
  let other: TestClient;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    tutor = (await signUpAndVerify(t.url, t.inbox, 'tutor')).client;
    other = (await signUpAndVerify(t.url, t.inbox, 'tutor')).client;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (client: TestClient | null, body: FormData) =>
    postForm(t.url, '/api/uploads/avatar', client, body);

  const png = () =>
    sharp({
      create: {
        width: 64,
        height: 48,
        channels: 4,
        background: { r: 200, g: 40, b: 90, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();

  it('stores a PNG as a re-encoded JPEG under the owner and serves it through a signed URL', async () => {
    const response = await upload(tutor, form(await png(), 'me.png', 'image/png'));
    expect(response.status).toBe(201);
    const { path, url } = (await response.json()) as { path: string; url: string };
    const me = (await tutor.get('/api/auth/session')).json.user;
    expect(path).toMatch(new RegExp(`^${me.id}/avatars/[0-9a-f-]{36}\\.jpg$`));
    const served = await fetch(`${t.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });

    const tampered = url.replace(/signature=[^&]+/, 'signature=forged');
    expect((await fetch(`${t.url}${tampered}`)).status).toBe(403);
    const expired = url.replace(/expires=\d+/, 'expires=1000');
    expect((await fetch(`${t.url}${expired}`)).status).toBe(403);
  });

  it('refuses a text file renamed .png, an SVG and a 6 MB image', async () => {
    const text = await upload(
      tutor,
      form(Buffer.from('just some text, honestly'), 'photo.png', 'image/png'),
    );
    expect(text.status).toBe(415);
    expect((await text.json()).error.message).toBe(M.imageTypeInvalid);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const svgResponse = await upload(tutor, form(svg, 'photo.png', 'image/png'));
    expect(svgResponse.status).toBe(415);

    const large = await sharp(randomBytes(1500 * 1400 * 3), {
      raw: { width: 1500, height: 1400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(6 * 1024 * 1024);
    const tooLarge = await upload(tutor, form(large, 'big.png', 'image/png'));
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error.message).toBe(M.imageTooLarge);
  });

  it('refuses a small file that describes a huge picture without decoding it', async () => {
    const bomb = blackPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const response = await upload(tutor, form(bomb, 'bomb.png', 'image/png'));
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe(M.imageTooManyPixels);
  });

  it('refuses a picture whose header is fine but whose pixels are cut off', async () => {
    const whole = await png();
    const cut = whole.subarray(0, whole.length - 40);
    const response = await upload(tutor, form(cut, 'cut.png', 'image/png'));
    expect(response.status).toBe(415);
    expect((await response.json()).error.message).toBe(M.imageTypeInvalid);
  });

  it('answers 400 to a multipart body without a boundary or cut off mid-part', async () => {
    const post = (contentType: string, body: string) =>
      fetch(`${t.url}/api/uploads/avatar`, {
        method: 'POST',
        headers: { origin: t.url, cookie: tutor.cookieHeader(), 'content-type': contentType },
        body,
      });
    const part =
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\n' +
      'Content-Type: image/png\r\n\r\n';
    const broken = [
      await post('multipart/form-data', `${part}bytes\r\n--XYZ--\r\n`),
      await post('multipart/form-data; boundary=XYZ', `${part}bytes cut off here`),
      await post('multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-da'),
    ];
    for (const response of broken) {
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(M.imageTypeInvalid);
    }
  });

  it('requires a signed-in user to upload and to delete', async () => {
    const response = await upload(null, form(await png(), 'me.png', 'image/png'));
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe(M.uploadUnauthenticated);
    const anonymousDelete = await fetch(`${t.url}/api/uploads?path=x/y.jpg`, {
      method: 'DELETE',
      headers: { origin: t.url },
    });
    expect(anonymousDelete.status).toBe(401);
    expect((await anonymousDelete.json()).error.message).toBe(M.deleteUnauthenticated);
  });

  it("lets a user delete their own file but not another user's", async () => {
    const { path, url } = (await (
      await upload(tutor, form(await png(), 'me.png', 'image/png'))
    ).json()) as {
      path: string;
      url: string;
    };
    const stranger = await other.request('DELETE', `/api/uploads?path=${encodeURIComponent(path)}`);
    expect(stranger.status).toBe(403);
    expect(stranger.json.error.message).toBe(M.deleteUnauthorized);
    expect((await fetch(`${t.url}${url}`)).status).toBe(200);

    const own = await tutor.request('DELETE', `/api/uploads?path=${encodeURIComponent(path)}`);
    expect(own.status).toBe(204);
    expect((await fetch(`${t.url}${url}`)).status).toBe(404);
  });
});

/**
 * A valid black 1-bit PNG of the given size: every row compresses to almost nothing, so a
 * picture of hundreds of megapixels fits in a few kilobytes (a decompression bomb).
 */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), compression, filter and interlace 0
  // Each row: filter byte 0, then width bits of black.
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
