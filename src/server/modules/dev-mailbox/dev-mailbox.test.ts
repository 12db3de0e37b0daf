import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';

describe('the dev mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { SMTP_URL: '' });
  });
  afterAll(() => t.close());

  it('keeps the mail the app sends and shows it, escaped, at /dev/mailbox', async () => {
    const email = `mailbox.${Date.now()}@example.com`;
    const signUp = await new TestClient(t.url).post('/api/auth/sign-up', {
      role: 'student',
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      password: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
      acceptTerms: true,
    });
    expect(signUp.status).toBe(201);
    const page = await fetch(`${t.url}/dev/mailbox`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`To ${email}`);
    expect(html).toMatch(/Your verification code is: \d{6}/);
    expect(t.inbox.countTo(email)).toBe(0);
  });

  it('is not there in production', async () => {
    const production = await startTestApp('pglite', { SMTP_URL: '', NODE_ENV: 'production' });
    try {
      expect(
        (await fetch(`${production.url}/dev/mailbox`, { headers: { accept: 'text/html' } })).status,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});
