import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import { testDatabaseUrl } from '../src/server/env';
import { signUpAndVerify } from '../src/server/test/accounts';
import { freePort } from '../src/server/test/free-port';
import { startSmtpInbox, type SmtpInbox } from '../src/server/test/smtp-inbox';
import { ROOT, memoryOf, startApp, type AppProcess } from './app-process';
import { scratchDatabase } from './scratch-database';

// npm run bench:http [-- --tutors N --duration S --runs R]: the built app as users run it
// (`npm start`, production mode) on PGlite, then on PostgreSQL with one and two API processes
// when TEST_DATABASE_URL is set, and a bare Fastify hello in its own process; each hot endpoint
// driven by autocannon (50 connections), the median of R runs. The load generator runs in a
// process of its own for each run, on the same machine: its CPU is taken from the servers'.

const { values } = parseArgs({
  options: {
    tutors: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '4' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
const TUTORS = Number(values.tutors);
const DURATION = Number(values.duration);
const RUNS = Number(values.runs);
const CONNECTIONS = Number(values.connections);
const IDLE_SETTLE_MS = 3_000;
const execFileAsync = promisify(execFile);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Endpoint {
  label: string;
  path: string;
  signedIn?: boolean;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One autocannon run, in a process of its own. Run in the bench's process, the second and
 * later runs opened their connections one every ~0.1 s (the server saw them arrive so; why,
 * not found), and those connections' first requests, timed from the start, made the PGlite
 * p99s: 2–6 s, where the server had answered every request in under 0.8 s.
 */
async function driveOnce(urls: string[], path: string, cookie?: string): Promise<Figures> {
  const options = {
    url: urls.map((url) => `${url}${path}`),
    connections: CONNECTIONS,
    duration: DURATION,
    headers: cookie ? { cookie } : {},
  };
  const script = `const { default: autocannon } = await import(${JSON.stringify(import.meta.resolve('autocannon'))});
    const result = await autocannon(JSON.parse(process.argv[1]));
    console.log(JSON.stringify({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    }));`;
  const { stdout } = await execFileAsync(process.execPath, [
    '--input-type=module',
    '-e',
    script,
    JSON.stringify(options),
  ]);
  return JSON.parse(stdout) as Figures;
}

async function drive(urls: string[], path: string, cookie?: string): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await driveOnce(urls, path, cookie));
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}

/** A bare Fastify answering {hello:'world'}: the ceiling this machine allows. */
async function helloFigures(): Promise<Figures> {
  const port = await freePort();
  const script = `import Fastify from 'fastify';
    const app = Fastify();
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    for (;;) {
      const up = await fetch(url).then(
        () => true,
        () => false,
      );
      if (up) break;
      await delay(20);
    }
    return await drive([url], '/');
  } finally {
    child.kill('SIGTERM');
  }
}

/** Adds demo tutors with the seed command, as an operator would (the app is not running). */
function seed(env: Record<string, string>) {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/db/seed/cli.ts', '--tutors', String(TUTORS), '--seed', '1'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } },
  );
  if (result.status !== 0) throw new Error('seeding failed');
  console.log(`   seeded ${TUTORS} tutors in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The endpoints, with a real tutor, a date a week out and a signed-in student. */
async function endpoints(app: AppProcess, inbox: SmtpInbox) {
  const { client } = await signUpAndVerify(app.url, inbox, 'student');
  const search = await client.get('/api/tutors?q=math&minPrice=10&maxPrice=80&minRating=4');
  const tutorId = (search.json as { tutors: { id: string }[] }).tutors[0]?.id;
  if (!tutorId) throw new Error(`no tutor found: ${search.status} ${search.text}`);
  const fromDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const list: Endpoint[] = [
    { label: 'GET /api/health', path: '/api/health' },
    { label: 'GET /api/reference', path: '/api/reference' },
    {
      label: 'search q=math + filters',
      path: '/api/tutors?q=math&minPrice=10&maxPrice=80&minRating=4',
      signedIn: true,
    },
    { label: 'tutor profile', path: `/api/tutors/${tutorId}`, signedIn: true },
    {
      label: 'slots, 7 days',
      path: `/api/tutors/${tutorId}/slots?viewerZone=Europe%2FLondon&fromDate=${fromDate}&days=7`,
      signedIn: true,
    },
    { label: 'upcoming lessons', path: '/api/lessons/upcoming', signedIn: true },
    { label: 'GET /api/auth/session', path: '/api/auth/session', signedIn: true },
  ];
  return { list, cookie: client.cookieHeader() };
}

const pad = (text: string, width: number) => text.padEnd(width);
const mb = (value: number) => `${value.toFixed(0)} MB`;

async function benchApps(
  label: string,
  apps: AppProcess[],
  inbox: SmtpInbox,
  hello: Figures,
): Promise<Map<string, number>> {
  console.log(`\n== ${label}`);
  const { list, cookie } = await endpoints(apps[0]!, inbox);
  await delay(IDLE_SETTLE_MS);
  const idle = apps.map((app) => mb(memoryOf(app.child.pid!).rssMb)).join(' + ');
  console.log(
    `   ${pad('endpoint', 26)} ${pad('req/s', 8)} ${pad('p50', 7)} ${pad('p99', 7)} ratio`,
  );
  const throughput = new Map<string, number>();
  for (const endpoint of list) {
    const figures = await drive(
      apps.map((app) => app.url),
      endpoint.path,
      endpoint.signedIn ? cookie : undefined,
    );
    throughput.set(endpoint.label, figures.rps);
    const errors = figures.errors > 0 ? `  (${figures.errors} errors, timeouts or non-2xx)` : '';
    console.log(
      `   ${pad(endpoint.label, 26)} ${pad(figures.rps.toFixed(0), 8)} ${pad(`${figures.p50} ms`, 7)} ${pad(`${figures.p99} ms`, 7)} ${(figures.rps / hello.rps).toFixed(3)}${errors}`,
    );
  }
  const loaded = apps.map((app) => memoryOf(app.child.pid!));
  console.log(
    `   RSS idle ${idle} · after load ${loaded.map((m) => mb(m.rssMb)).join(' + ')} · peak ${loaded.map((m) => mb(m.peakMb)).join(' + ')}`,
  );
  return throughput;
}

const inbox = await startSmtpInbox();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-http-'));
try {
  // The app is served from its build, as `npm start` does: make it current first.
  spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  console.log(
    `${CONNECTIONS} connections, ${DURATION} s per run, median of ${RUNS} runs; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  const hello = await helloFigures();
  console.log(
    `bare Fastify hello: ${hello.rps.toFixed(0)} req/s · p50 ${hello.p50} ms · p99 ${hello.p99} ms`,
  );

  console.log('\n== PGlite (embedded)');
  seed({ DATA_DIR: dataDir });
  const embedded = await startApp({ port: await freePort(), dataDir, smtpUrl: inbox.url });
  try {
    await benchApps('PGlite, one process', [embedded], inbox, hello);
  } finally {
    await embedded.stop();
  }

  const serverUrl = testDatabaseUrl();
  if (serverUrl) {
    const scratch = await scratchDatabase(serverUrl, 'tutora_http');
    const databaseUrl = scratch.url;
    const startOnServer = async () =>
      startApp({ port: await freePort(), dataDir, databaseUrl, smtpUrl: inbox.url });
    try {
      console.log('\n== PostgreSQL server');
      seed({ DATABASE_URL: databaseUrl });
      const first = await startOnServer();
      try {
        const one = await benchApps('PostgreSQL, one process', [first], inbox, hello);
        const second = await startOnServer();
        try {
          const two = await benchApps('PostgreSQL, two processes', [first, second], inbox, hello);
          console.log('\n   two processes / one:');
          for (const [label, rps] of two) {
            console.log(`   ${pad(label, 26)} ${(rps / one.get(label)!).toFixed(2)}×`);
          }
        } finally {
          await second.stop();
        }
      } finally {
        await first.stop();
      }
    } finally {
      await scratch.drop();
    }
  } else {
    console.log('\n(set TEST_DATABASE_URL to benchmark a PostgreSQL server too)');
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await inbox.close();
}
