import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUNTS_CHANGED } from '../../../contracts/admin.contract';
import { LIVE_CLOSE_CODES } from '../../../contracts/messaging.contract';
import { createReport, dismissReport } from '../../../contracts/reports.contract';
import {
  createLesson,
  createSignedInTutor,
  createStudents,
  newSession,
  type TestStudent,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from '../../test/admin-fixtures';
import { rescheduleNotification } from '../../test/notification-fixtures';
import { announcementsHeard } from '../../test/announced-changes';
import {
  createConversation,
  notifyMessaging,
  openLiveTab,
  sendSignalledMessage,
  signalRead,
  type LiveTab,
  type TestConversation,
} from '../../test/live-fixtures';
import { MAX_TABS_PER_USER } from './live-cap';

// The live socket of one process: who may open it, and what each tab is told. Messages are
// written as the messaging module writes them (row + signal in one transaction).

describe.each(TEST_DRIVERS)('live delivery on %s', (driver) => {
  let t: TestApp;
  let student: TestStudent;
  let stranger: TestStudent;
  let tutor: Awaited<ReturnType<typeof createSignedInTutor>>;
  let conversation: TestConversation;
  const tabs: LiveTab[] = [];

  /** A signed-in tab of `who`, past its `ready`. */
  const tabOf = async (who: { client: { cookieHeader(): string } }) => {
    const tab = await openLiveTab(t.url, { cookie: who.client.cookieHeader() });
    tabs.push(tab);
    expect(await tab.next()).toMatchObject({ type: 'ready' });
    return tab;
  };

  beforeAll(async () => {
    t = await startTestApp(driver);
    [student, stranger] = (await createStudents(t, 2)) as [TestStudent, TestStudent];
    tutor = await createSignedInTutor(t);
    conversation = await createConversation(t.database.db, {
      studentId: student.id,
      tutorId: tutor.userId,
    });
  });
  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await t?.close();
  });

  it('closes a signed-out tab with 4401', async () => {
    const tab = await openLiveTab(t.url);
    expect((await tab.closed).code).toBe(LIVE_CLOSE_CODES.unauthenticated);
  });

  it('closes the tab of an unverified account with 4401', async () => {
    const [unverified] = await createStudents(t, 1);
    await t.database.db
      .updateTable('users')
      .set({ is_email_verified: false })
      .where('id', '=', unverified!.id)
      .execute();
    const tab = await openLiveTab(t.url, { cookie: unverified!.client.cookieHeader() });
    expect((await tab.closed).code).toBe(LIVE_CLOSE_CODES.unauthenticated);
  });

  it("refuses another site's page with 403 before the socket opens, cookies or not", async () => {
    const opening = openLiveTab(t.url, {
      cookie: student.client.cookieHeader(),
      origin: 'https://evil.example',
    });
    await expect(opening).rejects.toMatchObject({ status: 403 });
  });

  it('brings the unread messages and notifications with ready, read once the tab joined', async () => {
    const [reader] = (await createStudents(t, 1)) as [TestStudent];
    const theirs = await createConversation(t.database.db, {
      studentId: reader.id,
      tutorId: tutor.userId,
    });
    const brought = async (who: { client: { cookieHeader(): string } }) => {
      const tab = await openLiveTab(t.url, { cookie: who.client.cookieHeader() });
      tabs.push(tab);
      return tab.next();
    };
    expect(await brought(reader)).toEqual({
      type: 'ready',
      unread: { messages: 0, notifications: 0 },
    });
    await sendSignalledMessage(t.database.db, theirs, tutor.userId, 'Hello');
    const last = await sendSignalledMessage(t.database.db, theirs, tutor.userId, 'Are you there?');
    const lesson = await createLesson(t.database.db, {
      tutor,
      studentId: reader.id,
      start: new Date(Date.now() + 3 * 86_400_000),
    });
    await rescheduleNotification(t.database.db, reader.id, lesson);
    expect(await brought(reader)).toEqual({
      type: 'ready',
      unread: { messages: 2, notifications: 1 },
    });
    // Their own messages are not unread to the sender; an admin has none of either.
    await signalRead(t.database.db, theirs, reader.id, last.seq);
    await sendSignalledMessage(t.database.db, theirs, reader.id, 'Yes!');
    expect(await brought(reader)).toEqual({
      type: 'ready',
      unread: { messages: 0, notifications: 1 },
    });
    expect(await brought(await createAdmin(t))).toEqual({
      type: 'ready',
      unread: { messages: 0, notifications: 0 },
    });
  });

  it.runIf(driver === 'postgres')(
    'sends a tab no signal heard before it joined: ready, which counts it, comes first',
    async () => {
      const [reader] = (await createStudents(t, 1)) as [TestStudent];
      const theirs = await createConversation(t.database.db, {
        studentId: reader.id,
        tutorId: tutor.userId,
      });
      await tabOf(reader);
      const sent = await sendSignalledMessage(t.database.db, theirs, tutor.userId, 'Early');
      await announcementsHeard(t.database);
      // The same signal again, heard while the process cannot read the message yet (a slow read).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holding = t.database.db.transaction().execute(async (trx) => {
        await sql`lock table messages in access exclusive mode`.execute(trx);
        locked();
        await held;
      });
      await lockTaken;
      await notifyMessaging(t.database.db, {
        kind: 'message',
        messageId: sent.id,
        conversationId: theirs.id,
        userIds: [reader.id, tutor.userId],
      });
      await announcementsHeard(t.database);
      // A tab joining now: the signal's frame is on its way to the tabs that were there.
      const tab = await openLiveTab(t.url, { cookie: reader.client.cookieHeader() });
      tabs.push(tab);
      release();
      await holding;
      expect(await tab.next()).toEqual({
        type: 'ready',
        unread: { messages: 1, notifications: 0 },
      });
      // Its next frame is a message sent after it joined.
      const later = await sendSignalledMessage(t.database.db, theirs, tutor.userId, 'Later');
      expect(await tab.next()).toEqual({ type: 'message', message: later });
    },
  );

  it('tells admins’ tabs at once when a report is filed or resolved, and nobody else', async () => {
    const admin = await createAdmin(t);
    const adminTab = await tabOf(admin);
    const tutorTab = await tabOf(tutor);
    const filed = await student.client.call(createReport, {
      body: { kind: 'user', userId: stranger.id, reason: 'spam' },
    });
    expect(await adminTab.next()).toEqual(ADMIN_COUNTS_CHANGED);
    await admin.client.call(dismissReport, { params: { id: filed.report.id }, body: {} });
    expect(await adminTab.next()).toEqual(ADMIN_COUNTS_CHANGED);
    // The tutor's next frame is a message sent after: no admin event reached them.
    const later = await sendSignalledMessage(t.database.db, conversation, student.id, 'Hi');
    expect(await tutorTab.next()).toEqual({ type: 'message', message: later });
  });

  it("pushes a message to both participants' tabs and to nobody else", async () => {
    const studentTab = await tabOf(student);
    const secondStudentTab = await tabOf(student);
    const tutorTab = await tabOf(tutor);
    const strangerTab = await tabOf(stranger);

    const sent = await sendSignalledMessage(t.database.db, conversation, student.id, 'Hello!');
    for (const tab of [studentTab, secondStudentTab, tutorTab])
      expect(await tab.next()).toEqual({ type: 'message', message: sent });

    // Frames keep the order of the signals: the stranger's first frame is from their own
    // conversation, sent after the pair's, so the pair's never reached them.
    const theirs = await createConversation(t.database.db, {
      studentId: stranger.id,
      tutorId: tutor.userId,
    });
    const own = await sendSignalledMessage(t.database.db, theirs, tutor.userId, 'Welcome');
    expect(await strangerTab.next()).toEqual({ type: 'message', message: own });
    expect(await tutorTab.next()).toEqual({ type: 'message', message: own });
  });

  it('pushes read receipts and conversation changes', async () => {
    const studentTab = await tabOf(student);
    const message = await sendSignalledMessage(t.database.db, conversation, student.id, 'Hi?');
    // The frame carries the message as the process reads it on the signal: awaited before the
    // read is written, so it is still unread.
    expect(await studentTab.next()).toEqual({ type: 'message', message });
    const readAt = new Date();
    await signalRead(t.database.db, conversation, tutor.userId, message.seq, readAt);
    await t.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('conversations')
        .set({ blocked_by_tutor_at: readAt })
        .where('id', '=', conversation.id)
        .execute();
      await notifyMessaging(trx, {
        kind: 'conversation',
        conversationId: conversation.id,
        userIds: [student.id, tutor.userId],
      });
    });
    expect(await studentTab.next()).toEqual({
      type: 'read',
      conversationId: conversation.id,
      readerId: tutor.userId,
      upToSeq: message.seq,
      readAt: readAt.toISOString(),
    });
    expect(await studentTab.next()).toEqual({
      type: 'conversation',
      conversationId: conversation.id,
    });
  });

  it('ignores a malformed signal and goes on with the next', async () => {
    const tutorTab = await tabOf(tutor);
    await notifyMessaging(t.database.db, { kind: 'nonsense' } as never);
    const sent = await sendSignalledMessage(t.database.db, conversation, tutor.userId, 'Still');
    expect(await tutorTab.next()).toEqual({ type: 'message', message: sent });
  });

  it('tells a tab its session ended and closes it (4401) at once, no heartbeat needed', async () => {
    const [leaving] = await createStudents(t, 1);
    const tab = await tabOf(leaving!);
    const otherBrowser = await newSession(t, leaving!.id);
    const stayingTab = await tabOf({ client: otherBrowser });
    const staying = await tabOf(student);
    // The database announces the deleted session (migration 024): no sweep runs here.
    expect((await leaving!.client.post('/api/auth/sign-out')).status).toBe(204);
    expect(await tab.next()).toEqual({ type: 'session-ended' });
    expect((await tab.closed).code).toBe(LIVE_CLOSE_CODES.unauthenticated);
    // Still signed in (another browser of the same user, another user): still served.
    const sent = await sendSignalledMessage(t.database.db, conversation, tutor.userId, 'Bye');
    expect(await staying.next()).toEqual({ type: 'message', message: sent });
    const theirs = await createConversation(t.database.db, {
      studentId: leaving!.id,
      tutorId: tutor.userId,
    });
    const toOther = await sendSignalledMessage(t.database.db, theirs, tutor.userId, 'Still here?');
    expect(await stayingTab.next()).toEqual({ type: 'message', message: toOther });
  });

  it('closes a tab whose session expired at the next heartbeat', async () => {
    const [expiring] = await createStudents(t, 1);
    const tab = await tabOf(expiring!);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', expiring!.id)
      .execute();
    await t.app.liveHub.sweep();
    expect(await tab.next()).toEqual({ type: 'session-ended' });
    expect((await tab.closed).code).toBe(LIVE_CLOSE_CODES.unauthenticated);
  });

  it(`keeps at most ${MAX_TABS_PER_USER} tabs of one user, closing the oldest with 4429`, async () => {
    const [busy] = await createStudents(t, 1);
    const opened: LiveTab[] = [];
    for (let index = 0; index < MAX_TABS_PER_USER + 2; index++) opened.push(await tabOf(busy!));
    const [oldest, second, ...kept] = opened;
    expect((await oldest!.closed).code).toBe(LIVE_CLOSE_CODES.tooManyTabs);
    expect((await second!.closed).code).toBe(LIVE_CLOSE_CODES.tooManyTabs);
    // The newest ten still get what is pushed to them.
    const theirs = await createConversation(t.database.db, {
      studentId: busy!.id,
      tutorId: tutor.userId,
    });
    const sent = await sendSignalledMessage(t.database.db, theirs, tutor.userId, 'To all ten');
    expect(kept).toHaveLength(MAX_TABS_PER_USER);
    for (const tab of kept) expect(await tab.next()).toEqual({ type: 'message', message: sent });
  });

  it('drops a tab that stopped answering pings', async () => {
    const dead = await openLiveTab(t.url, {
      cookie: student.client.cookieHeader(),
      autoPong: false,
    });
    tabs.push(dead);
    expect(await dead.next()).toMatchObject({ type: 'ready' });
    const alive = await tabOf(student);
    // The server's end of each open socket; the dead tab's is the one before the last.
    const ends = [...t.app.websocketServer.clients].filter((end) => end.readyState === end.OPEN);
    const deadEnd = ends.at(-2)!;
    const answered = Promise.all(
      ends
        .filter((end) => end !== deadEnd)
        .map((end) => new Promise((resolve) => end.once('pong', resolve))),
    );
    await t.app.liveHub.sweep(); // pings every tab
    await answered; // every tab but the dead one has answered
    await t.app.liveHub.sweep(); // drops the dead one
    expect((await dead.closed).code).toBe(1006);
    const sent = await sendSignalledMessage(t.database.db, conversation, tutor.userId, 'Ping');
    expect(await alive.next()).toEqual({ type: 'message', message: sent });
  });
});
