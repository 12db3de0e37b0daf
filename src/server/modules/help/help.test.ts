import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_SUBJECT_MAX,
} from '../../../contracts/help.contract';
import { ACCOUNT_MESSAGES, API_MESSAGES, HELP_MESSAGES as M } from '../../../domain/messages';
import { createSignedInTutor, createStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { SUPPORT_MESSAGES_PER_USER } from './contact-support';

const SUPPORT = 'help-desk@tutora.test';
const QUESTION = 'How do I move my lesson on Friday to next week?';

describe.each(TEST_DRIVERS)('the Help Center contact form on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => {
    await t.close();
  });

  it("mails support the message with the sender's account email, then limits the sender", async () => {
    const student = await createStudent(t, { firstName: 'Maya', lastName: 'Lindgren' });
    const before = t.inbox.countTo(SUPPORT);
    const sent = await student.client.post('/api/support/messages', {
      subject: '  Moving a lesson ',
      message: QUESTION,
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json).toEqual({ replyTo: student.email });
    const mail = await t.inbox.waitFor(SUPPORT, { afterCount: before });
    expect(mail.subject).toBe('[Help Center] Moving a lesson');
    expect(mail.text).toContain(
      `From: Maya Lindgren <${student.email}> (student, account ${student.id})`,
    );
    expect(mail.text).toContain(`Reply to: ${student.email}`);
    expect(mail.text).toContain(QUESTION);

    // The rest of the hour's budget goes through; one more is refused with the wait.
    for (let sentCount = 1; sentCount < SUPPORT_MESSAGES_PER_USER.max; sentCount++)
      expect(
        (
          await student.client.post('/api/support/messages', {
            subject: 'Again',
            message: QUESTION,
          })
        ).status,
      ).toBe(201);
    const limited = await student.client.post('/api/support/messages', {
      subject: 'Again',
      message: QUESTION,
    });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({
      code: 'RATE_LIMITED',
      message: ACCOUNT_MESSAGES.tooManyRequests,
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // The limit is the sender's own: a tutor still writes.
    const tutor = await createSignedInTutor(t);
    const fromTutor = await tutor.client.post('/api/support/messages', {
      subject: 'Payouts',
      message: 'When do I receive what my students paid?',
    });
    expect(fromTutor.status).toBe(201);
    const tutorMail = await t.inbox.waitFor(SUPPORT, {
      afterCount: before + SUPPORT_MESSAGES_PER_USER.max,
    });
    expect(tutorMail.text).toContain(`<${tutor.email}> (tutor,`);
  });

  it('refuses bad input with a message per field, and counts none of it', async () => {
    const student = await createStudent(t);
    const refused = async (body: unknown) => {
      const response = await student.client.post('/api/support/messages', body);
      expect(response.status, response.text).toBe(400);
      return response.json.error.fields as Record<string, string>;
    };
    expect(await refused({ subject: '   ', message: 'short' })).toEqual({
      subject: M.subjectRequired,
      message: M.messageTooShort(SUPPORT_MESSAGE_MIN),
    });
    expect(await refused({})).toEqual({
      subject: M.subjectRequired,
      message: M.messageTooShort(SUPPORT_MESSAGE_MIN),
    });
    expect(
      await refused({
        subject: 'x'.repeat(SUPPORT_SUBJECT_MAX + 1),
        message: 'y'.repeat(SUPPORT_MESSAGE_MAX + 1),
      }),
    ).toEqual({
      subject: M.subjectTooLong(SUPPORT_SUBJECT_MAX),
      message: M.messageTooLong(SUPPORT_MESSAGE_MAX),
    });
    // A line break only in the body, no other control character anywhere; a NUL or a lone
    // surrogate never gets past the route (the database could not store it).
    expect(
      await refused({ subject: 'Two\nlines', message: `Hello\u0007 there, support team` }),
    ).toEqual({ subject: M.invalidCharacters, message: M.invalidCharacters });
    expect(await refused({ subject: 'Fine', message: `Hello\u0000 there, support team` })).toEqual({
      message: API_MESSAGES.textNotStorable,
    });
    expect(await refused({ subject: 'Fine', message: `Lone \uD800 surrogate here` })).toEqual({
      message: API_MESSAGES.textNotStorable,
    });

    // None of the refusals used the budget: a whole hour's worth still goes through.
    for (let sentCount = 0; sentCount < SUPPORT_MESSAGES_PER_USER.max; sentCount++)
      expect(
        (
          await student.client.post('/api/support/messages', {
            subject: 'Multi-line is fine in the body',
            message: 'First line\nSecond line\tand a tab',
          })
        ).status,
      ).toBe(201);
  });

  it('answers only signed-in users', async () => {
    const anonymous = new TestClient(t.url);
    const response = await anonymous.post('/api/support/messages', {
      subject: 'Hi',
      message: QUESTION,
    });
    expect(response.status).toBe(401);
  });
});
