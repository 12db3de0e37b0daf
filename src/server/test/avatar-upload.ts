import sharp from 'sharp';
import type { TestClient } from './http-client';
import { fileForm, postForm } from './multipart';

/** Uploads a small generated PNG as `client`'s avatar and returns the path the server stored. */
export async function uploadAvatar(baseUrl: string, client: TestClient): Promise<string> {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const response = await postForm(
    baseUrl,
    '/api/uploads/avatar',
    client,
    fileForm(png, 'me.png', 'image/png'),
  );
  // Fail here, where the cause is, rather than on an undefined path later.
  if (response.status !== 201) throw new Error(`avatar upload answered ${response.status}`);
  return ((await response.json()) as { path: string }).path;
}
