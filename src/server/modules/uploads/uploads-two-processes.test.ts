import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../domain/messages';
import { signUpAndVerify } from '../../test/accounts';
import type { TestClient } from '../../test/http-client';
import { fileForm, postForm } from '../../test/multipart';
import { startS3Server, type S3Server } from '../../test/s3-server';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';

// Two API processes behind one address share the database; uploads must be shared too.

const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** Two apps on one database, each with its own disk folder, as two processes would be. */
async function startTwoApps(driver: (typeof TEST_DRIVERS)[number], env: Record<string, string>) {
  const first = await startTestApp(driver, env);
  const second = await startTestApp(driver, env, { sharedDatabase: first.database });
  return {
    first,
    second,
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

const uploadThrough = async (app: TestApp, client: TestClient) =>
  postForm(
    app.url,
    '/api/uploads/avatar',
    client,
    fileForm(await tinyPng(), 'me.png', 'image/png'),
  );

describe.each(TEST_DRIVERS)('uploads across two API processes (%s)', (driver) => {
  let s3: S3Server;
  let apps: Awaited<ReturnType<typeof startTwoApps>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    apps = await startTwoApps(driver, s3.env);
  });
  afterAll(async () => {
    await apps?.close();
    await s3?.close();
  });

  it('serves through one process a photo uploaded through the other, and deletes it for both', async () => {
    const { first, second } = apps;
    const { client } = await signUpAndVerify(first.url, first.inbox, 'tutor');
    const uploaded = await uploadThrough(first, client);
    expect(uploaded.status).toBe(201);
    const { path, url } = (await uploaded.json()) as { path: string; url: string };

    const served = await fetch(`${second.url}${url}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(8);

    const removed = await fetch(`${second.url}/api/uploads?path=${encodeURIComponent(path)}`, {
      method: 'DELETE',
      headers: { origin: second.url, cookie: client.cookieHeader() },
    });
    expect(removed.status).toBe(204);
    expect((await fetch(`${first.url}${url}`)).status).toBe(404);
  });

  it('counts one upload limit for a user over both processes', async () => {
    const { first, second } = apps;
    const { client } = await signUpAndVerify(first.url, first.inbox, 'student');
    for (let index = 0; index < 30; index += 1) {
      const response = await uploadThrough(index % 2 === 0 ? first : second, client);
      expect(response.status).toBe(201);
    }
    for (const app of [first, second]) {
      const refused = await uploadThrough(app, client);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error.message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
    }
    // Another user still uploads.
    const { client: other } = await signUpAndVerify(second.url, second.inbox, 'tutor');
    expect((await uploadThrough(second, other)).status).toBe(201);
  });
});
