import { randomUUID } from 'node:crypto';
import { LIVE_RECONNECT_NOW } from '../../../contracts/messaging.contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE_CODES } from '../../../contracts/messaging.contract';
import { createSignedInTutor, createStudents, type TestStudent } from '../../test/factories';
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
import { MAX_TABS_PER_USER } from './live-cap';

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
    for (const tab of [studentOnA, tutorOnB])
      expect(await tab.next()).toMatchObject({ type: 'ready' });
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
    for (const tab of tabs) expect(await tab.next()).toMatchObject({ type: 'ready' });
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
    const tutorOnBClient = tutor.client.on(b.url);
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
    expect(await tutorOnB.next()).toMatchObject({ type: 'ready' });
    expect(await studentOnA.next()).toMatchObject({ type: 'ready' });

    const sent = await sendSignalledMessage(a.database.db, conversation, student.id, 'Again');
    expect(await tutorOnB.next()).toEqual({ type: 'message', message: sent });
  });

  it("closes a process's tabs with 'reconnect now' (1012) when it stops, and the other keeps serving", async () => {
    const second = await startSecondProcess(a);
    const leaving = await openLiveTab(second.url, { cookie: tutor.client.cookieHeader() });
    expect(await leaving.next()).toMatchObject({ type: 'ready' });
    await second.close();
    expect((await leaving.closed).code).toBe(LIVE_RECONNECT_NOW);

    const sent = await sendSignalledMessage(a.database.db, conversation, student.id, 'Still here');
    expect(await tutorOnB.next()).toEqual({ type: 'message', message: sent });
  });

  /** The user's sockets as the database records them reach `count` (each open records its own). */
  async function recorded(userId: string, count: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { n } = await a.database.db
        .selectFrom('live_sockets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(n) === count) return;
      if (Date.now() > deadline) throw new Error(`${n} sockets recorded, not ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** `promise`, or a failure once `ms` have passed: a bound, not a wait. */
  const within = <T>(ms: number, promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms).unref();
      }),
    ]);

  it(`keeps at most ${MAX_TABS_PER_USER} tabs of a user across both processes: the 11th closes the oldest, wherever it is, within 1 s`, async () => {
    const [busy] = (await createStudents(a, 1)) as [TestStudent];
    const cookie = busy.client.cookieHeader();
    const opened: LiveTab[] = [];
    for (let index = 0; index < MAX_TABS_PER_USER; index++) {
      // Alternately on A and B: the oldest is on A.
      const tab = await openLiveTab(index % 2 === 0 ? a.url : b.url, { cookie });
      expect(await tab.next()).toMatchObject({ type: 'ready' });
      await recorded(busy.id, index + 1);
      opened.push(tab);
    }
    const newest = await openLiveTab(b.url, { cookie });
    // Told why, then closed.
    expect(await within(1_000, opened[0]!.next())).toEqual({ type: 'too-many-tabs' });
    expect(await within(1_000, opened[0]!.closed)).toEqual({
      code: LIVE_CLOSE_CODES.tooManyTabs,
      reason: 'Too many open tabs',
    });
    expect(await newest.next()).toMatchObject({ type: 'ready' });
    await recorded(busy.id, MAX_TABS_PER_USER);
    // The other nine and the newest are open: each still gets what is pushed to it.
    const theirs = await createConversation(a.database.db, {
      studentId: busy.id,
      tutorId: tutor.userId,
    });
    const sent = await sendSignalledMessage(a.database.db, theirs, tutor.userId, 'To all ten');
    for (const tab of [...opened.slice(1), newest]) {
      expect(await tab.next()).toEqual({ type: 'message', message: sent });
      await tab.close();
    }
    await recorded(busy.id, 0);
  });

  it("does not count a killed process's sockets, and drops them at the next heartbeat", async () => {
    const [busy] = (await createStudents(a, 1)) as [TestStudent];
    // What a process killed long ago left behind: its record, unbeaten, and a full set of tabs.
    const gone = randomUUID();
    const { db } = a.database;
    await db
      .insertInto('live_instances')
      .values({ id: gone, seen_at: sql<Date>`now() - interval '1 hour'` })
      .execute();
    await db
      .insertInto('live_sockets')
      .values(
        Array.from({ length: MAX_TABS_PER_USER }, () => ({
          id: randomUUID(),
          instance_id: gone,
          user_id: busy.id,
          opened_at: new Date(Date.now() - 3_600_000),
        })),
      )
      .execute();
    const tab = await openLiveTab(a.url, { cookie: busy.client.cookieHeader() });
    expect(await tab.next()).toMatchObject({ type: 'ready' });
    await recorded(busy.id, MAX_TABS_PER_USER + 1);
    // Not closed for them: it gets what is pushed to it.
    const theirs = await createConversation(db, { studentId: busy.id, tutorId: tutor.userId });
    const sent = await sendSignalledMessage(db, theirs, tutor.userId, 'Still open');
    expect(await tab.next()).toEqual({ type: 'message', message: sent });
    await a.app.liveHub.sweep();
    await recorded(busy.id, 1);
    await tab.close();
  });

  it('records a live process again, with its sockets, after another took it for gone', async () => {
    const [busy] = (await createStudents(a, 1)) as [TestStudent];
    const cookie = busy.client.cookieHeader();
    const first = await openLiveTab(a.url, { cookie });
    expect(await first.next()).toMatchObject({ type: 'ready' });
    await recorded(busy.id, 1);
    // What B does when A has not beaten for three beats (a pause, PostgreSQL restarting): A's
    // record goes, and its sockets with it.
    await b.database.db.deleteFrom('live_instances').execute();
    await recorded(busy.id, 0);
    // A's next tab is recorded (its insert was refused before), and so is the first again.
    const second = await openLiveTab(a.url, { cookie });
    expect(await second.next()).toMatchObject({ type: 'ready' });
    await recorded(busy.id, 2);
    // So is a beat's revival: dropped again, the next heartbeat brings both back.
    await b.database.db.deleteFrom('live_instances').execute();
    await recorded(busy.id, 0);
    await a.app.liveHub.sweep();
    await recorded(busy.id, 2);
    await first.close();
    await second.close();
    await recorded(busy.id, 0);
  });
});
