import { LIVE_RECONNECT_NOW } from '../../../contracts/messaging.contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_CODES } from '../../../contracts/messaging.contract';
import { createSignedInTutor, createStudents, type TestStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { startSecondProcess, startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { send } from '../../test/messaging-fixtures';
import {
  createConversation,
  openLiveTab,
  sendSignalledMessage,
  type LiveTab,
  type TestConversation,
} from '../../test/live-fixtures';

// Two API processes on one PostgreSQL database, as production runs them behind a balancer:
// a message written through one reaches the tabs connected to the other, through the
// database's LISTEN/NOTIFY; when a process loses its listening connection, its tabs refetch.

describe.skipIf(!TEST_DRIVERS.includes('postgres'))('live delivery across processes', () => {
  let a: TestApp;
  let b: TestApp;
  let student: TestStudent;
  let tutor: Awaited<ReturnType<typeof createSignedInTutor>>;
  let conversation: TestConversation;
  let studentOnA: LiveTab;
  let tutorOnB: LiveTab;

  beforeAll(async () => {
    a = await startTestApp('postgres');
    b = await startSecondProcess(a);
    [student] = (await createStudents(a, 1)) as [TestStudent];
    tutor = await createSignedInTutor(a);
    conversation = await createConversation(a.database.db, {
      studentId: student.id,
      tutorId: tutor.userId,
    });
    // The session cookie works on either process: sessions live in the shared database.
    studentOnA = await openLiveTab(a.url, { cookie: student.client.cookieHeader() });
    tutorOnB = await openLiveTab(b.url, { cookie: tutor.client.cookieHeader() });
    for (const tab of [studentOnA, tutorOnB]) expect(await tab.next()).toEqual({ type: 'ready' });
  });
  afterAll(async () => {
    await studentOnA?.close();
    await tutorOnB?.close();
    await b?.close();
    await a?.close();
  });

  it('delivers a message sent through one process to a tab on the other', async () => {
    const sent = await sendSignalledMessage(a.database.db, conversation, student.id, 'From A');
    expect(await tutorOnB.next()).toEqual({ type: 'message', message: sent });
    expect(await studentOnA.next()).toEqual({ type: 'message', message: sent });

    const reply = await sendSignalledMessage(b.database.db, conversation, tutor.userId, 'From B');
    expect(await studentOnA.next()).toEqual({ type: 'message', message: reply });
    expect(await tutorOnB.next()).toEqual({ type: 'message', message: reply });
  });

  it('closes the tabs on both processes at once when their user signs out on A', async () => {
    const [leaving] = (await createStudents(a, 1)) as [TestStudent];
    const tabs = [
      await openLiveTab(a.url, { cookie: leaving.client.cookieHeader() }),
      await openLiveTab(b.url, { cookie: leaving.client.cookieHeader() }),
    ];
    for (const tab of tabs) expect(await tab.next()).toEqual({ type: 'ready' });
    expect((await leaving.client.post('/api/auth/sign-out')).status).toBe(204);
    // No heartbeat runs (30 s away): the database's announcement closes both.
    for (const tab of tabs) {
      expect(await tab.next()).toEqual({ type: 'session-ended' });
      expect((await tab.closed).code).toBe(LIVE_CLOSE_CODES.unauthenticated);
    }
  });

  it('pushes what the messaging API writes: a message sent on A, read on B', async () => {
    const opened = await student.client.post('/api/conversations', { tutorId: tutor.id });
    expect(opened.status, opened.text).toBe(200); // the pair's conversation exists already
    const sent = await send(student.client, conversation.id, 'Over HTTP');
    expect(await tutorOnB.next()).toEqual({ type: 'message', message: sent });
    expect(await studentOnA.next()).toEqual({ type: 'message', message: sent });

    // The tutor's browser, served by B this time.
    const tutorOnBClient = new TestClient(b.url);
    for (const [name, value] of tutor.client.cookieEntries()) tutorOnBClient.setCookie(name, value);
    const read = await tutorOnBClient.post(`/api/conversations/${conversation.id}/read`, {
      upToSeq: sent.seq,
    });
    expect(read.status, read.text).toBe(200);
    const receipt = {
      type: 'read',
      conversationId: conversation.id,
      readerId: tutor.userId,
      upToSeq: sent.seq,
    };
    expect(await studentOnA.next()).toMatchObject(receipt);
    // The reader's own tabs hear of it too (their unread count changed).
    expect(await tutorOnB.next()).toMatchObject(receipt);
  });

  it('tells tabs to refetch when the listening connection was lost, then delivers again', async () => {
    // The listening connections (both processes') are those that last ran LISTEN: end them
    // from the server side, as a database restart or a network cut would.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query ilike 'listen%'`.execute(a.database.db);
    expect(await tutorOnB.next()).toEqual({ type: 'ready' });
    expect(await studentOnA.next()).toEqual({ type: 'ready' });

    const sent = await sendSignalledMessage(a.database.db, conversation, student.id, 'Again');
    expect(await tutorOnB.next()).toEqual({ type: 'message', message: sent });
  });

  it("closes a process's tabs with 'reconnect now' (1012) when it stops, and the other keeps serving", async () => {
    const second = await startSecondProcess(a);
    const leaving = await openLiveTab(second.url, { cookie: tutor.client.cookieHeader() });
    expect(await leaving.next()).toEqual({ type: 'ready' });
    await second.close();
    expect((await leaving.closed).code).toBe(LIVE_RECONNECT_NOW);

    const sent = await sendSignalledMessage(a.database.db, conversation, student.id, 'Still here');
    expect(await tutorOnB.next()).toEqual({ type: 'message', message: sent });
  });
});
