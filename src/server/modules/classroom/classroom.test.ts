import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CLASSROOM_MESSAGES as M } from '../../../domain/messages/classroom';
import { fixedClock } from '../../adapters/clock';
import {
  createLesson,
  createSignedInTutor,
  createStudents,
  type TestStudent,
} from '../../test/factories';
import { startSecondProcess, startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { createAdmin } from '../../test/admin-fixtures';
import { openClassroomTab, type ClassroomTab } from '../../test/classroom-fixtures';
import { compactWhiteboard, loadWhiteboard } from './whiteboard-store';
import {
  getClassroom,
  getLessonAttendance,
  sendClassroomSignal,
} from '../../../contracts/classroom.contract';

// The classroom's channels on each database: page data, signals, whiteboard and attendance
// for the lesson's two parties only, inside the window; what one party sends reaches the
// other's live socket; the board survives as snapshot + updates.

const MINUTE = 60_000;
const NOW = new Date('2026-03-10T15:00:00Z');
const TURN_SECRET = 'coturn-static-auth-secret-for-tests';

/** A Yjs update that puts `shape` into the board's `elements` map. */
function shapeUpdate(id: string, shape: Record<string, unknown>) {
  const doc = new Y.Doc();
  doc.getMap('elements').set(id, shape);
  return Buffer.from(Y.encodeStateAsUpdate(doc)).toString('base64');
}
const elementsOf = (state: Uint8Array | string) => {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, typeof state === 'string' ? Buffer.from(state, 'base64') : state);
  return doc.getMap('elements').toJSON();
};

describe.each(TEST_DRIVERS)('the classroom on %s', (driver) => {
  let t: TestApp;
  let student: TestStudent;
  let stranger: TestStudent;
  let tutor: Awaited<ReturnType<typeof createSignedInTutor>>;
  let otherTutor: Awaited<ReturnType<typeof createSignedInTutor>>;
  let lessonId: string;
  const tabs: ClassroomTab[] = [];
  const clock = fixedClock(NOW);
  const base = () => `/api/lessons/${lessonId}/classroom`;

  beforeAll(async () => {
    t = await startTestApp(
      driver,
      { STUN_URLS: 'stun:stun.example.com:3478', TURN_URLS: 'turn:127.0.0.1:3478', TURN_SECRET },
      { clock },
    );
    [student, stranger] = (await createStudents(t, 2)) as [TestStudent, TestStudent];
    tutor = await createSignedInTutor(t);
    otherTutor = await createSignedInTutor(t);
    // Starts in 5 minutes: the classroom is open (it opens 10 minutes before).
    lessonId = await createLesson(t.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() + 5 * MINUTE),
    });
  });
  beforeEach(() => clock.set(NOW));
  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await t?.close();
  });
  const tabOf = async (who: { client: { cookieHeader(): string } }, url = t.url) => {
    const tab = await openClassroomTab(url, who.client.cookieHeader());
    tabs.push(tab);
    return tab;
  };

  it("gives each party the page's data, with TURN credentials coturn can check", async () => {
    const asStudent = await student.client.get(base());
    expect(asStudent.status, asStudent.text).toBe(200);
    const { classroom } = asStudent.json;
    expect(classroom).toMatchObject({
      me: { userId: student.id, role: 'student' },
      other: { userId: tutor.userId },
      phase: 'open',
      externalUrl: null,
      opensAt: new Date(NOW.getTime() - 5 * MINUTE).toISOString(),
    });
    const [stun, turn] = classroom.rtc.iceServers;
    expect(stun).toEqual({ urls: ['stun:stun.example.com:3478'] });
    // The expiry is on coturn's clock (the real one), an hour on: not on the fixed business clock.
    const [expiry, userId] = (turn.username as string).split(':');
    expect(userId).toBe(student.id);
    const realNow = Date.now() / 1000;
    expect(Number(expiry)).toBeGreaterThan(realNow + 3600 - 120);
    expect(Number(expiry)).toBeLessThanOrEqual(realNow + 3600);
    expect(turn.credential).toBe(
      createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'),
    );
    const asTutor = await tutor.client.get(base());
    expect(asTutor.json.classroom.me.role).toBe('tutor');
    expect(asTutor.json.classroom.other.userId).toBe(student.id);
  });

  it('refuses everyone else on every channel: another student or tutor 403, a guest 401', async () => {
    const update = shapeUpdate('intruder', { type: 'rectangle' });
    for (const outsider of [stranger, otherTutor, await createAdmin(t)]) {
      const requests = [
        await outsider.client.get(base()),
        await outsider.client.post(`${base()}/signals`, { signal: { kind: 'join' } }),
        await outsider.client.get(`${base()}/whiteboard`),
        await outsider.client.post(`${base()}/whiteboard`, { update }),
        await outsider.client.post(`${base()}/attendance`, { event: 'joined' }),
      ];
      for (const response of requests) expect(response.status, response.text).toBe(403);
    }
    const guest = await fetch(`${t.url}${base()}`);
    expect(guest.status).toBe(401);
    // Nothing of theirs was written.
    expect(elementsOf((await student.client.get(`${base()}/whiteboard`)).json.state)).toEqual({});
    const missing = await student.client.callError(getClassroom, {
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses a suspended party (their session is gone: 401)', async () => {
    const [suspended] = (await createStudents(t, 1)) as [TestStudent];
    const theirs = await createLesson(t.database.db, {
      tutor: otherTutor,
      studentId: suspended.id,
      start: new Date(NOW.getTime() + 2 * MINUTE),
    });
    await suspended.client.call(getClassroom, { params: { id: theirs } });
    await t.database.db
      .updateTable('users')
      .set({ suspended_at: NOW, suspension_reason: 'Spam' })
      .where('id', '=', suspended.id)
      .execute();
    expect(
      (await suspended.client.callError(getClassroom, { params: { id: theirs } })).status,
    ).toBe(401);
  });

  it("passes one party's signals to the other's socket and nobody else's", async () => {
    const tutorTab = await tabOf(tutor);
    const strangerTab = await tabOf(stranger);
    const offer = {
      kind: 'description',
      connection: 'tutor-connection-1',
      description: { type: 'offer', sdp: 'v=0\r\n' },
    };
    const sent = await student.client.post(`${base()}/signals`, { signal: offer });
    expect(sent.status, sent.text).toBe(204);
    expect(await tutorTab.next()).toEqual({
      type: 'classroom.signal',
      lessonId,
      fromUserId: student.id,
      signal: offer,
    });
    // The stranger's own attempt is refused, and their tab heard nothing.
    expect((await stranger.client.post(`${base()}/signals`, { signal: offer })).status).toBe(403);
    const state = {
      kind: 'state',
      state: { muted: true, cameraOff: false, screenSharing: false, reconnecting: false },
    };
    await student.client.post(`${base()}/signals`, { signal: state });
    expect(await tutorTab.next()).toMatchObject({ signal: state });
    expect(strangerTab.pending()).toEqual([]);

    const bad = await student.client.post(`${base()}/signals`, { signal: { kind: 'shout' } });
    expect(bad.status).toBe(400);
  });

  it('keeps the board: updates reach both parties, and load after compaction', async () => {
    const studentTab = await tabOf(student);
    const update = shapeUpdate('box-1', { type: 'rectangle', x: 10 });
    const written = await tutor.client.post(`${base()}/whiteboard`, { update });
    expect(written.status, written.text).toBe(201);
    expect(await studentTab.next()).toEqual({
      type: 'classroom.whiteboard',
      lessonId,
      seq: written.json.seq,
      authorId: tutor.userId,
      update,
    });
    for (let i = 0; i < 30; i++)
      await student.client.post(`${base()}/whiteboard`, {
        update: shapeUpdate(`dot-${i}`, { type: 'ellipse', x: i }),
      });
    const before = elementsOf((await student.client.get(`${base()}/whiteboard`)).json.state);
    expect(Object.keys(before)).toHaveLength(31);
    await compactWhiteboard(t.database.db, lessonId, NOW);
    const rows = await t.database.db
      .selectFrom('whiteboard_updates')
      .select('seq')
      .where('lesson_id', '=', lessonId)
      .execute();
    expect(rows).toEqual([]);
    expect(elementsOf(await loadWhiteboard(t.database.db, lessonId))).toEqual(before);

    const garbage = await tutor.client.post(`${base()}/whiteboard`, {
      update: Buffer.from('not yjs at all').toString('base64'),
    });
    expect(garbage.status).toBe(400);
  });

  it('records each stay, and after the window keeps the board read-only', async () => {
    await student.client.post(`${base()}/attendance`, { event: 'joined' });
    clock.advance(20 * MINUTE);
    await student.client.post(`${base()}/attendance`, { event: 'left' });
    const stays = await t.database.db
      .selectFrom('classroom_attendance')
      .select(['user_id', 'joined_at', 'left_at'])
      .where('lesson_id', '=', lessonId)
      .execute();
    expect(stays).toEqual([
      { user_id: student.id, joined_at: NOW, left_at: new Date(NOW.getTime() + 20 * MINUTE) },
    ]);
    // The admin deciding a no-show report reads it; the parties cannot.
    const admin = await createAdmin(t, { firstName: 'Ari', lastName: 'Admin' });
    const shown = await admin.client.call(getLessonAttendance, { params: { id: lessonId } });
    expect(shown.attendance).toEqual([
      {
        userId: student.id,
        name: expect.any(String),
        role: 'student',
        joinedAt: NOW.toISOString(),
        leftAt: new Date(NOW.getTime() + 20 * MINUTE).toISOString(),
      },
    ]);
    expect((await student.client.get(`/api/admin/lessons/${lessonId}/attendance`)).status).toBe(
      403,
    );

    // The 60-minute slot ends at NOW + 65 min; the classroom closes 15 minutes later.
    clock.set(new Date(NOW.getTime() + 80 * MINUTE));
    const after = await student.client.get(base());
    expect(after.json.classroom.phase).toBe('after');
    expect(after.json.classroom.rtc.iceServers).toEqual([]);
    const board = await tutor.client.get(`${base()}/whiteboard`);
    expect(board.json.readOnly).toBe(true);
    const late = await tutor.client.post(`${base()}/whiteboard`, {
      update: shapeUpdate('late', { type: 'text' }),
    });
    expect(late.status).toBe(409);
    expect(late.json.error.message).toBe(M.closed);
    const signal = await tutor.client.post(`${base()}/signals`, { signal: { kind: 'join' } });
    expect(signal.status).toBe(409);
  });

  it('before the window: says when it opens, and nothing live is accepted', async () => {
    const later = await createLesson(t.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() + 3 * 60 * MINUTE),
    });
    const page = await student.client.call(getClassroom, { params: { id: later } });
    expect(page.classroom).toMatchObject({
      phase: 'before',
      opensAt: new Date(NOW.getTime() + 170 * MINUTE).toISOString(),
    });
    const signal = await student.client.callError(sendClassroomSignal, {
      params: { id: later },
      body: {
        signal: { kind: 'join' },
      },
    });
    expect(signal.status).toBe(409);
    expect((await student.client.get(`/api/lessons/${later}/classroom/whiteboard`)).status).toBe(
      409,
    );
  });
});

describe.skipIf(!TEST_DRIVERS.includes('postgres'))('the classroom across processes', () => {
  let a: TestApp;
  let b: TestApp;
  const clock = fixedClock(NOW);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers signals and board updates between parties on different processes', async () => {
    a = await startTestApp('postgres', {}, { clock });
    b = await startSecondProcess(a, {}, { clock });
    const [student] = (await createStudents(a, 1)) as [TestStudent];
    const tutor = await createSignedInTutor(a);
    const lessonId = await createLesson(a.database.db, {
      tutor,
      studentId: student!.id,
      start: new Date(NOW.getTime() + 5 * MINUTE),
    });
    const studentOnA = await openClassroomTab(a.url, student!.client.cookieHeader());
    const tutorOnB = await openClassroomTab(b.url, tutor.client.cookieHeader());
    try {
      await student!.client.call(sendClassroomSignal, {
        params: { id: lessonId },
        body: {
          signal: { kind: 'join' },
        },
      });
      expect(await tutorOnB.next()).toMatchObject({
        fromUserId: student!.id,
        signal: { kind: 'join' },
      });

      const update = shapeUpdate('from-b', { type: 'arrow' });
      const onB = await fetch(`${b.url}/api/lessons/${lessonId}/classroom/whiteboard`, {
        method: 'POST',
        headers: {
          cookie: tutor.client.cookieHeader(),
          origin: b.url,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ update }),
      });
      expect(onB.status).toBe(201);
      expect(await studentOnA.next()).toMatchObject({ type: 'classroom.whiteboard', update });
    } finally {
      await studentOnA.close();
      await tutorOnB.close();
    }
  });
});
