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

  it('keeps attachments and serves each from a link, with its own content type', async () => {
    const email = `attachment.${Date.now()}@example.com`;
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY:Zoë <b>\r\nEND:VCALENDAR\r\n';
    await t.app.deps.mailer.send({
      to: email,
      subject: 'With a file',
      text: 'See the attachment.',
      attachments: [
        { filename: 'lesson.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
      ],
    });
    const html = await (await fetch(`${t.url}/dev/mailbox`)).text();
    const article = html.split('<article>').find((a) => a.includes(`To ${email}`)) ?? '';
    const href = /<a href="([^"]+)" download="lesson\.ics">lesson\.ics<\/a>/.exec(article)?.[1];
    expect(href).toMatch(/^\/dev\/mailbox\/attachments\/\d+$/);
    const file = await fetch(`${t.url}${href}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="lesson.ics"');
    expect(await file.text()).toBe(ics);
  });

  it('answers 404 for an attachment that is not there', async () => {
    for (const id of ['999999999', 'abc', '1e3']) {
      const response = await fetch(`${t.url}/dev/mailbox/attachments/${id}`);
      expect(response.status).toBe(404);
    }
  });

  it('is not there in production', async () => {
    const production = await startTestApp('pglite', {
      // Production needs a mail server (nothing is sent here: the app only starts).
      SMTP_URL: 'smtp://127.0.0.1:2525',
      NODE_ENV: 'production',
      LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
    });
    try {
      expect(
        (await fetch(`${production.url}/dev/mailbox`, { headers: { accept: 'text/html' } })).status,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the dev mailbox on a server reachable from other machines', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Listening on every interface, as a server whose NODE_ENV was forgotten would.
    t = await startTestApp('pglite', { SMTP_URL: '', HOST: '0.0.0.0' });
  });
  afterAll(() => t.close());

  it('serves neither the mailbox nor the API docs', async () => {
    expect((await fetch(`${t.url}/dev/mailbox`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/docs`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/docs/json`)).status).toBe(404);
  });
});
