import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as Y from 'yjs';
import { openClassroomTab, type ClassroomTab } from '../src/server/test/classroom-fixtures';
import { openTestDatabase } from '../src/server/test/test-database';
import { forkBenchApi } from './bench-api';
import type { ClassroomJob, ClassroomPair, ClassroomReply } from './classroom-app';

// Part of `npm run bench:classroom`: many classrooms open at once on one or two API processes
// (the students' tabs on the first, the tutors' on the last), each tab a node client speaking
// the web client's protocol: its live socket (/api/live), the page's requests on opening, and
// whiteboard updates posted as the board posts them (one Yjs update, base64). Measured: the
// delay from a student's post to the update showing in the tutor's document, and the memory
// each open classroom costs the API processes. The reference: the post's own answer.

type App = Awaited<ReturnType<typeof startApp>>;
/** How long after the last post a missing update counts as lost. */
const GRACE_MS = 10_000;

const startApp = (settings: { databaseUrl?: string; dataDir: string; secret: string }) =>
  forkBenchApi<ClassroomJob, ClassroomReply>(
    new URL('./classroom-app.ts', import.meta.url),
    {
      databaseUrl: settings.databaseUrl,
      dataDir: settings.dataDir,
      sessionSecret: settings.secret,
    },
    ['--expose-gc'],
  );

export interface DeliveryRow {
  setup: string;
  classrooms: number;
  rate: number;
  posted: number;
  delivered: number;
  deliveryMs: number[];
  postMs: number[];
  /**
   * Memory of the API processes (summed) per open classroom, in bytes: the growth while the
   * second half of the classrooms opened, divided by their number.
   */
  rssPerClassroom: number;
  heapPerClassroom: number;
  /** Resident memory of the API processes (summed) before the classrooms opened. */
  idleRss: number;
}

async function memoryOf(apps: App[]) {
  const all = await Promise.all(apps.map((app) => app.ask({ kind: 'memory' }, 'memory')));
  return {
    rss: all.reduce((sum, one) => sum + one.rss, 0),
    heapUsed: all.reduce((sum, one) => sum + one.heapUsed, 0),
  };
}

async function request(app: App, cookie: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${app.url}${route}`, {
    method,
    headers: {
      cookie,
      origin: app.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response;
}

/** A party opens the classroom as its page does: the socket, the page data, the board, joined. */
async function openClassroom(app: App, cookie: string, lessonId: string) {
  const tab = await openClassroomTab(app.url, cookie);
  const base = `/api/lessons/${lessonId}/classroom`;
  await request(app, cookie, 'GET', base);
  await request(app, cookie, 'GET', `${base}/whiteboard`);
  await request(app, cookie, 'POST', `${base}/attendance`, { event: 'joined' });
  await request(app, cookie, 'POST', `${base}/signals`, { signal: { kind: 'join' } });
  return tab;
}

/** An Excalidraw rectangle as the board keeps it (~300 bytes of JSON). */
const element = (id: string, n: number) => ({
  id,
  type: 'rectangle',
  x: n % 800,
  y: (n * 7) % 600,
  width: 120,
  height: 80,
  angle: 0,
  strokeColor: '#1e1e1e',
  backgroundColor: 'transparent',
  fillStyle: 'solid',
  strokeWidth: 2,
  roughness: 1,
  opacity: 100,
  seed: n,
  version: 1,
  versionNonce: n * 31,
  isDeleted: false,
  index: `a${n}`,
  updated: Date.now(),
});

/** Every tutor tab's documents; each element's delay from its post to its arrival. */
function tutorSide(tabs: ClassroomTab[], sentAt: Map<string, number>) {
  const delays: number[] = [];
  for (const tab of tabs) {
    const doc = new Y.Doc();
    doc.getMap('elements').observe((event) => {
      const now = performance.now();
      for (const key of event.keysChanged) {
        const sent = sentAt.get(key);
        if (sent !== undefined) delays.push(now - sent);
      }
    });
    void (async () => {
      for (;;) {
        const frame = await tab.next().catch(() => undefined);
        if (!frame) return;
        if (frame.type === 'classroom.whiteboard')
          Y.applyUpdate(doc, Buffer.from(frame.update, 'base64'));
      }
    })();
  }
  return delays;
}

/** Drains a tab's frames (the student's own updates come back to it too). */
function drain(tab: ClassroomTab) {
  void (async () => {
    while (await tab.next().catch(() => undefined));
  })();
}

async function postAtRate(
  app: App,
  pairs: ClassroomPair[],
  rate: number,
  seconds: number,
  sentAt: Map<string, number>,
  tag: string,
) {
  const docs = pairs.map(() => new Y.Doc());
  const postMs: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const total = Math.round(rate * seconds);
  const started = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const index = n % pairs.length;
    const doc = docs[index]!;
    const before = Y.encodeStateVector(doc);
    const id = `${tag}-${n}`;
    doc.getMap('elements').set(id, element(id, n));
    const update = Buffer.from(Y.encodeStateAsUpdate(doc, before)).toString('base64');
    const pair = pairs[index]!;
    const sent = performance.now();
    sentAt.set(id, sent);
    const one = request(
      app,
      pair.studentCookie,
      'POST',
      `/api/lessons/${pair.lessonId}/classroom/whiteboard`,
      {
        update,
      },
    )
      .then(() => void postMs.push(performance.now() - sent))
      .finally(() => inFlight.delete(one));
    inFlight.add(one);
  }
  await Promise.all(inFlight);
  return { posted: total, postMs };
}

async function scenario(
  setup: string,
  processes: number,
  settings: { databaseUrl?: string; dataDir: string; secret: string },
  options: { classrooms: number; rates: number[]; seconds: number },
): Promise<DeliveryRow[]> {
  const apps: App[] = [];
  const tabs: ClassroomTab[] = [];
  try {
    // One after the other: the first migrates the database.
    for (let index = 0; index < processes; index += 1) apps.push(await startApp(settings));
    const first = apps[0]!;
    const last = apps.at(-1)!;
    const { pairs } = await first.ask({ kind: 'setup', classrooms: options.classrooms }, 'setup');
    const idle = await memoryOf(apps);
    const tutorTabs: ClassroomTab[] = [];
    // Memory per classroom from the second half: the first pays for what is made once
    // (the first sockets, compiled code, the pools' connections).
    const half = Math.floor(pairs.length / 2);
    let halfOpen = idle;
    for (const [index, pair] of pairs.entries()) {
      if (index === half) halfOpen = await memoryOf(apps);
      const student = await openClassroom(first, pair.studentCookie, pair.lessonId);
      const tutor = await openClassroom(last, pair.tutorCookie, pair.lessonId);
      drain(student);
      tabs.push(student, tutor);
      tutorTabs.push(tutor);
    }
    const open = await memoryOf(apps);
    const secondHalf = pairs.length - half;
    const memory = {
      idleRss: idle.rss,
      rssPerClassroom: (open.rss - halfOpen.rss) / secondHalf,
      heapPerClassroom: (open.heapUsed - halfOpen.heapUsed) / secondHalf,
    };
    console.log(`== ${setup}: ${pairs.length} classrooms open (${tabs.length} sockets)`);
    const sentAt = new Map<string, number>();
    const delays = tutorSide(tutorTabs, sentAt);
    const rows: DeliveryRow[] = [];
    // A first second not counted (JIT, pools).
    await postAtRate(first, pairs, Math.min(...options.rates), 1, sentAt, 'warmup');
    for (const rate of options.rates) {
      await sleep(500);
      delays.length = 0;
      sentAt.clear();
      const { posted, postMs } = await postAtRate(
        first,
        pairs,
        rate,
        options.seconds,
        sentAt,
        `r${rate}`,
      );
      const deadline = performance.now() + GRACE_MS;
      while (delays.length < posted && performance.now() < deadline) await sleep(20);
      const row = {
        setup,
        classrooms: pairs.length,
        rate,
        posted,
        delivered: delays.length,
        deliveryMs: [...delays].sort((a, b) => a - b),
        postMs: postMs.sort((a, b) => a - b),
        ...memory,
      };
      console.log(`   ${rate}/s: ${row.delivered}/${posted} delivered`);
      rows.push(row);
    }
    return rows;
  } finally {
    await Promise.all(tabs.map((tab) => tab.close()));
    await Promise.all(apps.map((app) => app.stop()));
  }
}

/** On PostgreSQL with one and two API processes (PGlite, one, without TEST_DATABASE_URL). */
export async function measureDelivery(
  onPostgres: boolean,
  options: { classrooms: number; rates: number[]; seconds: number },
): Promise<DeliveryRow[]> {
  const secret = randomBytes(32).toString('hex');
  const rows: DeliveryRow[] = [];
  const setups = onPostgres ? [1, 2] : [1];
  for (const processes of setups) {
    const database = onPostgres ? await openTestDatabase('postgres') : undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-bench-classroom-'));
    try {
      const setup = `${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${processes} process${processes > 1 ? 'es' : ''}`;
      rows.push(
        ...(await scenario(
          setup,
          processes,
          { databaseUrl: database?.url, dataDir, secret },
          options,
        )),
      );
    } finally {
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}
