import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { testDatabaseUrl } from '../src/server/env';
import { openLiveTab, type LiveTab } from '../src/server/test/live-fixtures';
import { openTestDatabase } from '../src/server/test/test-database';
import { forkBenchApi } from './bench-api';
import {
  sentAtOf,
  wallMs,
  type AppJob,
  type AppReply,
  type BenchPair,
  type SendPath,
} from './messaging-protocol';

// npm run bench:messages [-- --pairs 100 --rates 100,250,500,1000 --seconds 4 --warmup 2]:
// messages per second delivered end to end over the live sockets, and the delay from send to
// the frame in the recipient's tab. 200 tabs (100 student–tutor pairs, each person one tab) stay connected
// while the API processes send messages at a steady rate, each from a pair's student to its
// tutor. On PGlite (one process: the embedded database is one process's), and with
// TEST_DATABASE_URL on PostgreSQL with one API process and with two (students' tabs on the
// first, tutors' on the second, sends split between both: each message reaches the sender's
// tab on one process and the recipient's on the other, each through its own LISTEN). The API
// processes are real processes (`npm start`'s production mode); the tabs live in this one.
//
// By default a message is sent as the messaging module stores one (its row and its signal in
// one transaction, from an API process). `--send http` posts it to POST /api/conversations/
// :id/messages instead (from the API process, with the student's cookie): keep the rates low
// there, as the route allows each sender 20 messages a minute.

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '100' },
    rates: { type: 'string', default: '100,250,500,1000' },
    seconds: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '2' },
    /** db (default) or http: see SendPath. Over HTTP keep rates low (20 a minute per sender). */
    send: { type: 'string', default: 'db' },
  },
});
const PAIRS = Number(values.pairs);
const RATES = values.rates.split(',').map(Number);
const SECONDS = Number(values.seconds);
/** Seconds at the lowest rate first (JIT, pools), not counted. */
const WARMUP_SECONDS = Number(values.warmup);
const VIA = values.send as SendPath;
if (VIA !== 'db' && VIA !== 'http') throw new Error('--send is db or http');
/** How long after the last send a missing frame counts as lost. */
const GRACE_MS = 10_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** One API process, forked; answers one job at a time. */
async function startApp(settings: { databaseUrl?: string; dataDir: string; secret: string }) {
  const app = await forkBenchApi<AppJob, AppReply>(new URL('./messaging-app.ts', import.meta.url), {
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    sessionSecret: settings.secret,
  });
  return {
    url: app.url,
    run<K extends AppJob['kind']>(job: AppJob & { kind: K }) {
      return app.ask(job, job.kind === 'setup' ? 'setup' : 'sent') as Promise<
        Extract<AppReply, { kind: K extends 'setup' ? 'setup' : 'sent' }>
      >;
    },
    stop: app.stop,
  };
}
type App = Awaited<ReturnType<typeof startApp>>;

/** The tutors' tabs, listening: each message's delay, measured where it arrives. */
function recipients(tabs: LiveTab[]) {
  let delays: number[] = [];
  let firstAt = 0;
  let lastAt = 0;
  let waiter: (() => void) | undefined;
  for (const tab of tabs) {
    tab.socket.on('message', (data) => {
      const text = data.toString();
      if (!text.startsWith('{"type":"message"')) return;
      const now = wallMs();
      const { message } = JSON.parse(text) as { message: { body: string } };
      delays.push(now - sentAtOf(message.body));
      lastAt = now;
      waiter?.();
    });
  }
  return {
    /** Starts counting afresh. */
    reset() {
      delays = [];
      firstAt = wallMs();
    },
    async awaitCount(count: number) {
      const deadline = setTimeout(() => waiter?.(), GRACE_MS);
      while (delays.length < count) {
        const before = delays.length;
        await new Promise<void>((resolve) => (waiter = resolve));
        if (delays.length === before) break; // the grace period ran out
      }
      clearTimeout(deadline);
      return { delays: [...delays].sort((a, b) => a - b), seconds: (lastAt - firstAt) / 1000 };
    },
  };
}

interface Row {
  setup: string;
  offered: number;
  sent: number;
  delivered: number;
  rate: number;
  p50: number;
  p95: number;
  failures: number;
}

async function measure(setup: string, apps: App[], pairs: BenchPair[], tabs: LiveTab[]) {
  const heard = recipients(tabs);
  const rows: Row[] = [];
  const round = async (rate: number, seconds: number) => {
    heard.reset();
    // Each process sends its share, on its own pairs' conversations.
    const results = await Promise.all(
      apps.map((app, index) =>
        app.run({
          kind: 'send',
          rate: rate / apps.length,
          seconds,
          pairs: pairs.filter((_, pair) => pair % apps.length === index),
          via: VIA,
        }),
      ),
    );
    const sent = results.reduce((sum, result) => sum + result.sent, 0);
    const { delays, seconds: took } = await heard.awaitCount(sent);
    const failures = results.reduce((sum, result) => sum + result.failures, 0);
    return { sent: sent - failures, delays, seconds: took, failures };
  };
  await round(Math.min(...RATES), WARMUP_SECONDS);
  for (const rate of RATES) {
    const { sent, delays, seconds, failures } = await round(rate, SECONDS);
    const row = {
      setup,
      offered: rate,
      sent,
      delivered: delays.length,
      rate: delays.length / seconds,
      p50: percentile(delays, 50),
      p95: percentile(delays, 95),
      failures,
    };
    rows.push(row);
    console.log(
      `   ${setup}, ${rate}/s offered: ${row.delivered}/${sent} delivered, ${row.rate.toFixed(0)}/s, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms${failures ? `, ${failures} sends failed` : ''}`,
    );
  }
  return rows;
}

/** Opens each pair's two tabs: the student's on `studentApp`, the tutor's on `tutorApp`. */
async function openTabs(pairs: BenchPair[], studentApp: App, tutorApp: App) {
  const open = (url: string, cookie: string) =>
    openLiveTab(url, { cookie }).then(async (tab) => {
      const ready = await tab.next();
      if (ready.type !== 'ready') throw new Error(`expected ready, got ${ready.type}`);
      return tab;
    });
  const students: LiveTab[] = [];
  const tutors: LiveTab[] = [];
  for (const pair of pairs) {
    students.push(await open(studentApp.url, pair.studentCookie));
    tutors.push(await open(tutorApp.url, pair.tutorCookie));
  }
  return { all: [...students, ...tutors], tutors };
}

async function scenario(
  setup: string,
  processes: number,
  settings: { databaseUrl?: string; dataDir: string; secret: string },
) {
  const apps: App[] = [];
  const tabs: LiveTab[] = [];
  try {
    // One after the other: the first migrates the database.
    for (let index = 0; index < processes; index += 1) apps.push(await startApp(settings));
    const { pairs } = await apps[0]!.run({ kind: 'setup', pairs: PAIRS });
    const opened = await openTabs(pairs, apps[0]!, apps.at(-1)!);
    tabs.push(...opened.all);
    console.log(
      `== ${setup}: ${opened.all.length} tabs connected (load average ${loadavg()[0]!.toFixed(1)})`,
    );
    return await measure(setup, apps, pairs, opened.tutors);
  } finally {
    await Promise.all(tabs.map((tab) => tab.close()));
    await Promise.all(apps.map((app) => app.stop()));
  }
}

async function main() {
  const rows: Row[] = [];
  const secret = randomBytes(32).toString('hex');
  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'tutora-bench-messages-'));
  try {
    rows.push(...(await scenario('PGlite, 1 process', 1, { dataDir: pgliteDir, secret })));
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (testDatabaseUrl()) {
    for (const processes of [1, 2]) {
      // A scratch database on the server, migrated, dropped on close.
      const database = await openTestDatabase('postgres');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-bench-messages-'));
      try {
        const setup = `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`;
        rows.push(
          ...(await scenario(setup, processes, { databaseUrl: database.url, dataDir, secret })),
        );
      } finally {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } else {
    console.log('(set TEST_DATABASE_URL to measure PostgreSQL with one and two processes)');
  }

  console.log(
    `\n${PAIRS * 2} tabs, ${SECONDS} s per rate, ${cpus().length} cores (load average ${loadavg()[0]!.toFixed(1)}), ${new Date().toISOString().slice(0, 10)}`,
  );
  console.log('| Setup | Offered msg/s | Delivered | Delivered msg/s | p50 | p95 |');
  console.log('| ----- | ------------- | --------- | --------------- | --- | --- |');
  for (const row of rows)
    console.log(
      `| ${row.setup} | ${row.offered} | ${row.delivered}/${row.sent} | ${row.rate.toFixed(0)} | ${row.p50.toFixed(1)} ms | ${row.p95.toFixed(1)} ms |`,
    );
}

await main();
