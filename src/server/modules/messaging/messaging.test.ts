import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../../contracts/messaging.contract';
import { MASK_PLACEHOLDER } from '../../../domain/messaging/masking';
import {
  MESSAGE_RATE_LIMIT,
  MESSAGE_RATE_WINDOW_SECONDS,
  MESSAGING_MESSAGES as M,
} from '../../../domain/messaging/messaging-rules';
import { ACCOUNT_MESSAGES, REPORT_MESSAGES } from '../../../domain/messages';
import { createLesson, createSignedInTutor, createStudent } from '../../test/factories';
import { TEST_DRIVERS } from '../../test/test-database';
import { NOW } from '../../test/tokyo-mornings';
import { createAdmin } from '../../test/admin-fixtures';
import { localCheckoutSuite, paidSingleLesson } from '../../test/payment-harness';
import { EVENT_CHANNELS } from '../../db/database-events';
import { announcementsHeard } from '../../test/announced-changes';
import { loadMessage, type MessagingSignal } from './message-view';
import { conversationAs, conversationPair, send, unreadAs } from '../../test/messaging-fixtures';
import {
  blockConversation,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  openConversation,
  sendMessage,
  unblockConversation,
} from '../../../contracts/messaging.contract';
import { getAdminReports } from '../../../contracts/reports.contract';

// The messaging API (issue #16) on both drivers: only the pair reaches their conversation,
// contact details are masked until their first paid lesson, the rate limit and clientId hold,
// read receipts, paging, blocks, and reporting a message. The clock stands at NOW.

const DAY = 86_400_000;

describe.each(TEST_DRIVERS)('messaging on %s', (driver) => {
  const suite = localCheckoutSuite(driver);
  const db = () => suite.app.database.db;
  const storedCount = async (conversationId: string) =>
    (
      await db()
        .selectFrom('messages')
        .select('id')
        .where('conversation_id', '=', conversationId)
        .execute()
    ).length;

  it('lets only the pair read, post, mark or block their conversation (404 for anyone else)', async () => {
    const t = suite.app;
    const { tutor, student, id } = await conversationPair(t);
    await send(student.client, id, 'Hello, do you teach calculus?');
    // Opening again answers the same conversation.
    const again = await student.client.post('/api/conversations', { tutorId: tutor.id });
    expect(again.status).toBe(200);
    expect(again.json.conversation.id).toBe(id);

    const stranger = await createStudent(t, { firstName: 'Eve', lastName: 'Stranger' });
    const otherTutor = await createSignedInTutor(t, { firstName: 'Omar', lastName: 'Haddad' });
    for (const intruder of [stranger, otherTutor]) {
      const attempts = [
        intruder.client.get(`/api/conversations/${id}`),
        intruder.client.get(`/api/conversations/${id}/messages`),
        intruder.client.post(`/api/conversations/${id}/messages`, { body: 'let me in' }),
        intruder.client.post(`/api/conversations/${id}/read`, { upToSeq: 999 }),
        intruder.client.post(`/api/conversations/${id}/block`),
        intruder.client.request('DELETE', `/api/conversations/${id}/block`),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status, response.text).toBe(404);
        expect(response.json.error.message).toBe(M.conversationNotFound);
      }
      const inbox = await intruder.client.call(listConversations, { query: {} });
      expect(inbox.conversations).toEqual([]);
    }
    expect(await storedCount(id)).toBe(1);
    const view = await conversationAs(student.client, id);
    expect([view.blockedByMe, view.blockedByThem]).toEqual([false, false]);
    expect(
      (await student.client.callError(getConversation, { params: { id: 'not-a-uuid' } })).status,
    ).toBe(404);

    // A tutor opens one only with their own students; the other tutor's student is not theirs.
    const refused = await otherTutor.client.callError(openConversation, {
      body: { studentId: student.id },
    });
    expect(refused.status).toBe(404);
    expect(refused.message).toBe(M.studentNotYours);
    await createLesson(db(), {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() + DAY),
    });
    const byTutor = await tutor.client.post('/api/conversations', { studentId: student.id });
    expect(byTutor.status, byTutor.text).toBe(200);
    expect(byTutor.json.conversation.id).toBe(id);
    expect(byTutor.json.conversation.counterpart).toMatchObject({
      userId: student.id,
      name: 'Maya Lindgren',
      role: 'student',
      tutorProfileId: null,
    });

    // A student opens one only with a listed tutor; an admin has no messaging.
    await db()
      .updateTable('users')
      .set({ closed_at: NOW })
      .where('id', '=', otherTutor.userId)
      .execute();
    const unlisted = await stranger.client.callError(openConversation, {
      body: { tutorId: otherTutor.id },
    });
    expect(unlisted.status).toBe(404);
    expect(unlisted.message).toBe(M.tutorNotListed);
    const admin = await createAdmin(t);
    for (const response of [
      await admin.client.get('/api/conversations'),
      await admin.client.post('/api/conversations', { tutorId: tutor.id }),
      await admin.client.get(`/api/conversations/${id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.json.error.message).toBe(ACCOUNT_MESSAGES.wrongRole);
    }
  });

  it('masks contact details until the pair has a paid lesson, then no longer', async () => {
    const t = suite.app;
    const { tutor, student, id } = await conversationPair(t);
    const contact = 'Call me on +1 555 123 4567 or write to maya@example.com at 10:30';
    expect((await conversationAs(student.client, id)).masking).toBe(true);
    const before = await send(student.client, id, contact);
    expect(before).toMatchObject({
      body: `Call me on ${MASK_PLACEHOLDER} or write to ${MASK_PLACEHOLDER} at 10:30`,
      masked: true,
    });
    // The stored text is the masked one: no unmasked copy exists.
    const stored = await db()
      .selectFrom('messages')
      .select('body')
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe(before.body);

    // A free trial is not a paid lesson.
    await createLesson(db(), {
      tutor,
      studentId: student.id,
      isTrial: true,
      start: new Date(NOW.getTime() + 10 * DAY),
    });
    expect((await conversationAs(tutor.client, id)).masking).toBe(true);

    const paid = await paidSingleLesson(t, suite.harness.pay, student, tutor);
    expect((await conversationAs(student.client, id)).masking).toBe(false);
    expect((await conversationAs(tutor.client, id)).masking).toBe(false);
    const after = await send(tutor.client, id, contact);
    expect(after).toMatchObject({ body: contact, masked: false });

    // Canceled with the money back, it no longer counts.
    await db()
      .updateTable('lessons')
      .set({ status: 'canceled', canceled_at: NOW, refund_cents: 3000 })
      .where('id', '=', paid.lessonId)
      .execute();
    expect((await conversationAs(student.client, id)).masking).toBe(true);
  });

  it(`refuses message ${MESSAGE_RATE_LIMIT + 1} in ${MESSAGE_RATE_WINDOW_SECONDS} s with 429, storing nothing`, async () => {
    const { student, id } = await conversationPair(suite.app);
    // All at once: the sender's lock lets exactly the budget through.
    const burst = await Promise.all(
      Array.from({ length: MESSAGE_RATE_LIMIT + 3 }, (_, n) =>
        student.client.post(`/api/conversations/${id}/messages`, { body: `Message ${n}` }),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MESSAGE_RATE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = await student.client.post(`/api/conversations/${id}/messages`, {
      body: 'One more',
    });
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toBe(M.rateLimited);
    expect(Number(refused.headers.get('retry-after'))).toBe(MESSAGE_RATE_WINDOW_SECONDS);
    expect(await storedCount(id)).toBe(MESSAGE_RATE_LIMIT);
    // The window passes by the clock: sending works again.
    suite.clock.advance(MESSAGE_RATE_WINDOW_SECONDS * 1000 + 1);
    await send(student.client, id, 'One more');
  });

  it('answers a retried send (same clientId) with the first message, stored once', async () => {
    const { student, id } = await conversationPair(suite.app);
    const clientId = crypto.randomUUID();
    const path = `/api/conversations/${id}/messages`;
    const first = await student.client.post(path, { body: 'Hello there', clientId });
    expect(first.status, first.text).toBe(201);
    const retried = await student.client.post(path, { body: 'Hello there', clientId });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.message).toEqual(first.json.message);
    expect(first.json.message.clientId).toBe(clientId);
    expect(await storedCount(id)).toBe(1);
    // Retries racing each other: still one message.
    const racing = crypto.randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => student.client.post(path, { body: 'Are you free?', clientId: racing })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json.message.id)).size).toBe(1);
    expect(await storedCount(id)).toBe(2);
    // The same key in the sender's conversation with another tutor is not a retry: refused,
    // and the other conversation's message is not handed out.
    const otherTutor = await createSignedInTutor(suite.app, {
      firstName: 'Ines',
      lastName: 'Vogt',
    });
    const other = await student.client.call(openConversation, { body: { tutorId: otherTutor.id } });
    const otherId = other.conversation.id as string;
    const reused = await student.client.callError(sendMessage, {
      params: { id: otherId },
      body: {
        body: 'Hello there',
        clientId,
      },
    });
    expect(reused.status).toBe(409);
    expect(reused.message).toBe(M.clientIdReused);
    expect(await storedCount(otherId)).toBe(0);
  });

  it('pages backwards and forwards, counts unread and keeps read receipts', async () => {
    const t = suite.app;
    const { tutor, student, id } = await conversationPair(t);
    const sent: MessageView[] = [];
    for (let n = 1; n <= 5; n++) {
      suite.clock.advance(1000);
      sent.push(await send(tutor.client, id, `Note ${n}`));
    }
    const bodies = (messages: MessageView[]) => messages.map((m) => m.body);
    const page = async (query: string) => {
      const response = await student.client.get(`/api/conversations/${id}/messages?${query}`);
      expect(response.status, response.text).toBe(200);
      return response.json as { messages: MessageView[]; hasOlder: boolean };
    };
    const newest = await page('limit=2');
    expect(bodies(newest.messages)).toEqual(['Note 4', 'Note 5']);
    expect(newest.hasOlder).toBe(true);
    const older = await page(`limit=2&before=${sent[3]!.seq}`);
    expect(bodies(older.messages)).toEqual(['Note 2', 'Note 3']);
    const oldest = await page(`limit=2&before=${sent[1]!.seq}`);
    expect(bodies(oldest.messages)).toEqual(['Note 1']);
    expect(oldest.hasOlder).toBe(false);
    const missed = await page(`after=${sent[2]!.seq}`);
    expect(bodies(missed.messages)).toEqual(['Note 4', 'Note 5']);
    expect((await student.client.get(`/api/conversations/${id}/messages?before=-1`)).status).toBe(
      400,
    );

    expect(await unreadAs(student.client)).toBe(5);
    expect(await unreadAs(tutor.client)).toBe(0);
    const inbox = await student.client.call(listConversations, { query: {} });
    expect(inbox).toMatchObject({ unread: 5, page: 1, totalPages: 1 });
    expect(inbox.conversations[0]).toMatchObject({
      id,
      unread: 5,
      lastMessage: { body: 'Note 5' },
    });

    const read = await student.client.call(markConversationRead, {
      params: { id },
      body: {
        upToSeq: sent[2]!.seq,
      },
    });
    expect(read).toEqual({ unread: 2 });
    // The tutor sees the receipts on the first three; marking their own does nothing.
    expect(
      await tutor.client.call(markConversationRead, {
        params: { id },
        body: { upToSeq: sent[4]!.seq },
      }),
    ).toEqual({ unread: 0 });
    const seen = (await tutor.client.call(listMessages, { params: { id }, query: {} }))
      .messages as MessageView[];
    expect(seen.map((m) => m.readAt)).toEqual([
      ...Array(3)
        .fill(NOW.getTime() + 5000)
        .map((ms) => new Date(ms).toISOString()),
      null,
      null,
    ]);
    // Never backwards.
    await student.client.call(markConversationRead, {
      params: { id },
      body: { upToSeq: sent[0]!.seq },
    });
    const row = await db()
      .selectFrom('conversations')
      .select(['student_read_seq', 'tutor_read_seq'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.student_read_seq)).toBe(sent[2]!.seq);
    expect(await unreadAs(student.client)).toBe(2);

    // A reply moves the conversation's time.
    suite.clock.advance(60_000);
    await send(student.client, id, 'Thanks!');
    expect((await conversationAs(tutor.client, id)).updatedAt).toBe(
      new Date(NOW.getTime() + 65_000).toISOString(),
    );
  });

  it('blocks from either side: nobody sends until both unblock', async () => {
    const { tutor, student, id } = await conversationPair(suite.app);
    const refusedWith = async (client: typeof student.client, message: string) => {
      const response = await client.callError(sendMessage, {
        params: { id },
        body: { body: 'Hi' },
      });
      expect(response.status).toBe(409);
      expect(response.message).toBe(message);
    };
    const blocked = await student.client.call(blockConversation, { params: { id } });
    expect(blocked.conversation).toMatchObject({ blockedByMe: true, blockedByThem: false });
    expect((await conversationAs(tutor.client, id)).blockedByThem).toBe(true);
    await refusedWith(student.client, M.blockedByMe);
    await refusedWith(tutor.client, M.blockedByThem);

    await tutor.client.call(blockConversation, { params: { id } });
    const unblocked = await student.client.call(unblockConversation, { params: { id } });
    expect(unblocked.conversation).toMatchObject({ blockedByMe: false, blockedByThem: true });
    await refusedWith(student.client, M.blockedByThem);
    await tutor.client.call(unblockConversation, { params: { id } });
    await send(student.client, id, 'Sorry about that');
    expect(await storedCount(id)).toBe(1);

    // A closed account receives nothing.
    await suite.app.database.db
      .updateTable('users')
      .set({ closed_at: NOW })
      .where('id', '=', tutor.userId)
      .execute();
    await refusedWith(student.client, M.accountClosed);
    expect((await conversationAs(student.client, id)).counterpart.accountClosed).toBe(true);
  });

  it('tells the live socket of every write on the messages channel, once committed', async () => {
    const t = suite.app;
    const signals: MessagingSignal[] = [];
    const unlisten = await t.database.events!.listen(EVENT_CHANNELS.messages, {
      onPayload: (payload) => signals.push(JSON.parse(payload) as MessagingSignal),
    });
    // What the tests before this one wrote may still be on its way.
    await announcementsHeard(t.database);
    signals.length = 0;
    try {
      const { tutor, student, id } = await conversationPair(t);
      const pair = [student.id, tutor.userId];
      const message = await send(student.client, id, 'Hello');
      await tutor.client.call(markConversationRead, {
        params: { id },
        body: { upToSeq: message.seq },
      });
      await tutor.client.call(blockConversation, { params: { id } });
      await tutor.client.call(unblockConversation, { params: { id } });
      // Refused writes tell nothing: reading again, an outsider's attempt.
      await tutor.client.call(markConversationRead, {
        params: { id },
        body: { upToSeq: message.seq },
      });
      await announcementsHeard(t.database);
      expect(signals).toEqual([
        { kind: 'message', messageId: message.id, conversationId: id, userIds: pair },
        {
          kind: 'read',
          conversationId: id,
          readerId: tutor.userId,
          upToSeq: message.seq,
          readAt: NOW.toISOString(),
          userIds: pair,
        },
        { kind: 'conversation', conversationId: id, userIds: pair },
        { kind: 'conversation', conversationId: id, userIds: pair },
      ]);
      // What the socket reads once per signal: the message with its receipt.
      expect(await loadMessage(db(), message.id)).toEqual({
        ...message,
        readAt: NOW.toISOString(),
      });
    } finally {
      await unlisten();
    }
  });

  it('lets the recipient (only) report a message; the admin reads its text', async () => {
    const t = suite.app;
    const { tutor, student, id } = await conversationPair(t);
    const message = await send(tutor.client, id, 'Pay me by bank transfer instead');
    const report = (client: typeof student.client) =>
      client.post('/api/reports', { kind: 'message', messageId: message.id, reason: 'fraud' });
    const stranger = await createStudent(t, { firstName: 'Eve', lastName: 'Stranger' });
    for (const response of [await report(stranger.client), await report(tutor.client)]) {
      expect(response.status).toBe(404);
      expect(response.json.error.message).toBe(REPORT_MESSAGES.messageNotFound);
    }
    const filed = await report(student.client);
    expect(filed.status, filed.text).toBe(201);
    expect((await report(student.client)).status).toBe(200);
    const stored = await db()
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', filed.json.report.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: 'message',
      message_id: message.id,
      reported_user_id: tutor.userId,
      reporter_id: student.id,
    });

    const admin = await createAdmin(t);
    const list = await admin.client.call(getAdminReports, { query: { status: 'open' } });
    const listed = list.reports.find((r: { id: string }) => r.id === filed.json.report.id);
    expect(listed).toMatchObject({
      kind: 'message',
      reportedUser: { id: tutor.userId },
      message: { id: message.id, text: 'Pay me by bank transfer instead', conversationId: id },
    });
  });
});
