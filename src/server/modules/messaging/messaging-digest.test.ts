import { describe, expect, it } from 'vitest';
import { DIGEST_DELAY_MINUTES } from '../../../domain/messaging/messaging-rules';
import { createStudent } from '../../test/factories';
import { fixedClockApp } from '../../test/fixed-clock-app';
import type { TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { NOW } from '../../test/tokyo-mornings';
import { digestsSettled, laterDigests, makeDigestsDue } from '../../test/digest-jobs';
import { conversationPair, send } from '../../test/messaging-fixtures';

// The email digest: unread messages older than DIGEST_DELAY_MINUTES by the app's clock make ONE
// email to their recipient, read ones none. The queue decides by the database's clock, which
// the test's fixed clock does not move: a test makes its recipients' digest jobs due, then
// awaits the queue (never sleeps 15 minutes).

const MINUTE = 60_000;

describe.each(TEST_DRIVERS)('the messages email digest on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClockApp(driver, NOW, (app) => (t = app));

  it('sends one email for several unread messages, none for read ones, later ones next time', async () => {
    const { tutor, student, id } = await conversationPair(t);
    const reader = await conversationPair(t);
    const mailsBefore = t.inbox.countTo(student.email);
    const readerMailsBefore = t.inbox.countTo(reader.student.email);
    await send(tutor.client, id, 'First <b>note</b> & more');
    await send(tutor.client, id, 'Second note');
    await send(tutor.client, id, 'Third note');
    const read = await send(reader.tutor.client, reader.id, 'Seen soon');
    await reader.student.client.post(`/api/conversations/${reader.id}/read`, { upToSeq: read.seq });
    // Ten minutes on: one more, not yet old enough when the first digest runs.
    clock.advance(10 * MINUTE);
    await send(tutor.client, id, 'A later note');

    clock.set(new Date(NOW.getTime() + (DIGEST_DELAY_MINUTES + 1) * MINUTE));
    const db = t.database.db;
    // A burst of messages is one job per recipient (and none for the tutor who sent them).
    expect(await makeDigestsDue(db, [student.id, reader.student.id, tutor.userId])).toBe(2);
    await digestsSettled(db);
    const mail = await t.inbox.waitFor(student.email, { afterCount: mailsBefore });
    expect(t.inbox.countTo(student.email)).toBe(mailsBefore + 1);
    expect(mail.subject).toBe('You have 3 unread messages on Tutora');
    expect(mail.text).toContain('From Clara Whitfield:');
    expect(mail.text).toContain('"First <b>note</b> & more"');
    expect(mail.text).toContain('"Third note"');
    expect(mail.text).not.toContain('A later note');
    expect(mail.text).toContain(`${t.url}/student/messages/${id}`);
    expect(t.inbox.countTo(reader.student.email)).toBe(readerMailsBefore);

    // The later message has its own job, due fifteen minutes after it was sent.
    const laterDue = new Date(NOW.getTime() + (10 + DIGEST_DELAY_MINUTES) * MINUTE).toISOString();
    expect(await laterDigests(db, student.id)).toEqual([laterDue]);
    clock.set(new Date(laterDue));
    expect(await makeDigestsDue(db, [student.id])).toBe(1);
    await digestsSettled(db);
    const next = await t.inbox.waitFor(student.email, { afterCount: mailsBefore + 1 });
    expect(next.subject).toBe('You have 1 unread message on Tutora');
    expect(next.text).toContain('"A later note"');
    expect(next.text).not.toContain('Second note');
    expect(t.inbox.countTo(student.email)).toBe(mailsBefore + 2);
  });

  it('mails a tutor a link to their own messages page, and nothing once they read it', async () => {
    const { tutor, student, id } = await conversationPair(t);
    const tutorMailsBefore = t.inbox.countTo(tutor.email);
    await send(student.client, id, 'Do you teach on Sundays?');
    clock.advance((DIGEST_DELAY_MINUTES + 1) * MINUTE);
    expect(await makeDigestsDue(t.database.db, [tutor.userId])).toBe(1);
    await digestsSettled(t.database.db);
    const mail = await t.inbox.waitFor(tutor.email, { afterCount: tutorMailsBefore });
    expect(mail.text).toContain(`${t.url}/tutor/messages/${id}`);

    const other = await createStudent(t, { firstName: 'Noah', lastName: 'Berg' });
    const opened = await other.client.post('/api/conversations', { tutorId: tutor.id });
    const message = await send(other.client, opened.json.conversation.id, 'Hello!');
    await tutor.client.post(`/api/conversations/${opened.json.conversation.id}/read`, {
      upToSeq: message.seq,
    });
    clock.advance((DIGEST_DELAY_MINUTES + 1) * MINUTE);
    expect(await makeDigestsDue(t.database.db, [tutor.userId])).toBe(1);
    await digestsSettled(t.database.db);
    expect(t.inbox.countTo(tutor.email)).toBe(tutorMailsBefore + 1);
  });
});
