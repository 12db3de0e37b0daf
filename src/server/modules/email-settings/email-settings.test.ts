import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../../contracts/booking.contract';
import { bookLesson } from '../../../contracts/booking.contract';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from '../../../contracts/notification-settings.contract';
import { DIGEST_DELAY_MINUTES } from '../../../domain/messaging/messaging-rules';
import { digestsSettled, makeDigestsDue } from '../../test/digest-jobs';
import { createSignedInTutor, createStudent } from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import { TestClient } from '../../test/http-client';
import { conversationPair, send } from '../../test/messaging-fixtures';
import { makeRemindersDue, remindersSettled } from '../../test/reminder-jobs';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { MORNING_TEACHING, NOW, trialBooking } from '../../test/tokyo-mornings';

// Settings → Notifications on each database (ADR 039): every optional email on by default,
// turned off and on again per category, anything else refused; and each job that sends an
// optional email sends nothing to a user who turned its category off.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ALL_ON = { email: { lesson_reminders: true, message_digest: true } };

describe.each(TEST_DRIVERS)('notification settings on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClockApp(driver, NOW, (app) => (t = app));

  it('has every optional email on for a new account, for the signed-in user only', async () => {
    expect((await new TestClient(t.url).callError(getNotificationSettings)).status).toBe(401);
    const student = await createStudent(t);
    expect(await student.client.call(getNotificationSettings)).toEqual(ALL_ON);
  });

  it('turns a category off and on again, and keeps it per user', async () => {
    const student = await createStudent(t);
    const other = await createStudent(t);
    const off = { email: { lesson_reminders: false, message_digest: true } };
    expect(await student.client.call(updateNotificationSettings, { body: off })).toEqual(off);
    expect(await student.client.call(getNotificationSettings)).toEqual(off);
    expect(await other.client.call(getNotificationSettings)).toEqual(ALL_ON);
    const bothOff = { email: { lesson_reminders: false, message_digest: false } };
    expect(await student.client.call(updateNotificationSettings, { body: bothOff })).toEqual(
      bothOff,
    );
    expect(await student.client.call(updateNotificationSettings, { body: ALL_ON })).toEqual(ALL_ON);
    expect(await student.client.call(getNotificationSettings)).toEqual(ALL_ON);
  });

  it('refuses an unknown category, a missing one or a value that is not true or false', async () => {
    const student = await createStudent(t);
    const refused = [
      { email: { ...ALL_ON.email, marketing: false } },
      { email: { lesson_reminders: true } },
      { email: { ...ALL_ON.email, message_digest: 'no' } },
      { email: ALL_ON.email, push: {} },
    ];
    for (const body of refused) {
      const error = await student.client.callError(updateNotificationSettings, {
        body: body as never,
      });
      expect({ status: error.status, code: error.code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await student.client.call(getNotificationSettings)).toEqual(ALL_ON);
  });

  it('sends no lesson reminder to a party who turned reminders off, and the other theirs', async () => {
    const tutor = await createSignedInTutor(t, { ...MORNING_TEACHING, rateCents: 4000 });
    const student = await createStudent(t);
    await student.client.call(updateNotificationSettings, {
      body: { email: { lesson_reminders: false, message_digest: true } },
    });
    const booked = await student.client.call(bookLesson, { body: trialBooking(tutor, 3, 0) });
    const lesson = booked.lesson as Lesson;
    // The booking's confirmation (always sent) to each, after the sign-up code.
    await t.inbox.waitFor(student.email, { afterCount: 1 });
    await t.inbox.waitFor(tutor.email, { afterCount: 1 });
    const before = { student: t.inbox.countTo(student.email), tutor: t.inbox.countTo(tutor.email) };

    clock.set(new Date(new Date(lesson.startTime).getTime() - HOUR));
    await makeRemindersDue(t.database.db, [lesson.id], 'hour');
    const toTutor = await t.inbox.waitFor(tutor.email, { afterCount: before.tutor });
    expect(toTutor.subject).toMatch(/^Reminder: /);
    expect(toTutor.text).toContain(
      `\nChoose which emails you get: ${t.url}/tutor/settings#notifications`,
    );
    await remindersSettled(t.database.db, [lesson.id], 'hour');
    expect(t.inbox.countTo(student.email)).toBe(before.student);
    expect(t.inbox.countTo(tutor.email)).toBe(before.tutor + 1);
  });

  it('sends no messages digest to a user who turned it off, nor their old messages later', async () => {
    const { tutor, student, id } = await conversationPair(t);
    await student.client.call(updateNotificationSettings, {
      body: { email: { lesson_reminders: true, message_digest: false } },
    });
    const before = t.inbox.countTo(student.email);
    await send(tutor.client, id, 'Can we start earlier?');
    clock.advance((DIGEST_DELAY_MINUTES + 1) * MINUTE);
    expect(await makeDigestsDue(t.database.db, [student.id])).toBe(1);
    await digestsSettled(t.database.db);
    expect(t.inbox.countTo(student.email)).toBe(before);

    // Back on: a new message is mailed, with the line to these settings; the old one is not.
    await student.client.call(updateNotificationSettings, { body: ALL_ON });
    await send(tutor.client, id, 'Or later, if you prefer.');
    clock.advance((DIGEST_DELAY_MINUTES + 1) * MINUTE);
    expect(await makeDigestsDue(t.database.db, [student.id])).toBe(1);
    await digestsSettled(t.database.db);
    const mail = await t.inbox.waitFor(student.email, { afterCount: before });
    expect(mail.subject).toBe('You have 1 unread message on Tutora');
    expect(mail.text).not.toContain('Can we start earlier?');
    expect(mail.text).toContain(
      `\nChoose which emails you get: ${t.url}/student/settings#notifications`,
    );
  });
});
