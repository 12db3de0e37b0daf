import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { TIME_HOLDING_STATUSES } from '../src/domain/booking/booking-rules';
import { BOOKING_MESSAGES } from '../src/domain/messages';
import { loadEnv, testDatabaseUrl } from '../src/server/env';
import { LESSON_JOBS } from '../src/server/modules/lessons/lessons.jobs';
import { createServer, type RunningServer } from '../src/server/server';
import { createStudents, createTutor, type TestTutor } from '../src/server/test/factories';
import { freePort } from '../src/server/test/free-port';
import { everyDay } from '../src/server/test/weekly-availability';
import {
  paidRedirect,
  payRequest,
  type ClientJob,
  type ClientResult,
  type PlannedRequest,
  type Reply,
} from './booking-client';
import { scratchDatabase } from './scratch-database';

// npm run bench:booking [-- --bookings N --concurrency C ...]: paid bookings per second end to
// end through the HTTP API on a PostgreSQL server (TEST_DATABASE_URL, else the local server at
// 127.0.0.1:5432; a scratch database is created and dropped). The real app listens on a port as
// `npm start` runs it (production mode, the built-in checkout allowed, one process). A load
// generator in its own process books distinct slots: POST /api/checkout, then Pay on the hosted
// checkout page, which delivers the signed webhook to POST /api/payments/webhooks/local before
// it redirects. Every payment must end completed and every lesson scheduled. Then the same
// steps one at a time, to say where the time goes, and 200 students racing for one slot. The
// reference is GET /api/health (one query) with the same client in the same run.

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '400' },
    tutors: { type: 'string', default: '100' },
    bookings: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '50' },
    /** Bookings per step in the breakdown (0: none). */
    breakdown: { type: 'string', default: '500' },
    racers: { type: 'string', default: '200' },
    'health-requests': { type: 'string', default: '10000' },
    /** Writes a CPU profile of the app's process over the timed bookings (where time goes). */
    'cpu-profile': { type: 'string' },
  },
});
const STUDENTS = Number(values.students);
const TUTORS = Number(values.tutors);
const BOOKINGS = Number(values.bookings);
const WARMUP = Number(values.warmup);
const CONCURRENCY = Number(values.concurrency);
const BREAKDOWN = Number(values.breakdown);
const RACERS = Math.min(Number(values.racers), STUDENTS);
const HEALTH_REQUESTS = Number(values['health-requests']);
const PROFILE_FILE = values['cpu-profile'];
// Each round books one slot of every tutor at the same hour: its students must all differ.
if (TUTORS > STUDENTS) throw new Error('--tutors must not exceed --students');

const SLOTS_PER_DAY = 16; // tutors are free 06:00-22:00 UTC; 50-minute lessons take an hour
const DAY_MS = 86_400_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });
const latencies = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}`;

/** The load generator, in its own process; one job at a time. */
function startClient() {
  const child = fork(fileURLToPath(new URL('./booking-client.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  return {
    run<K extends ClientJob['kind']>(job: ClientJob & { kind: K }) {
      return new Promise<Extract<ClientResult, { kind: K }>>((resolve, reject) => {
        const exited = (code: number | null) =>
          reject(new Error(`booking client exited (${code})`));
        child.once('exit', exited);
        child.once('message', (result) => {
          child.off('exit', exited);
          resolve(result as Extract<ClientResult, { kind: K }>);
        });
        child.send(job);
      });
    },
    stop: () => child.kill(),
  };
}

/** The SMTP sink (bench/smtp-sink.ts) in its own process: its CPU is not the app's. */
async function startSmtpSink() {
  const child = fork(fileURLToPath(new URL('./smtp-sink.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`SMTP sink exited (${code})`)));
    child.once('message', (message) => resolve((message as { port: number }).port));
  });
  child.removeAllListeners('exit');
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.disconnect();
      }),
  };
}

async function startApp(databaseUrl: string, dataDir: string) {
  const smtp = await startSmtpSink();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: 'production',
    LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    SMTP_URL: smtp.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    STORAGE_DIR: path.join(dataDir, 'storage'),
    // Request logs at info would time the terminal too.
    LOG_LEVEL: 'warn',
  });
  const server = await createServer(env, { webRoot: path.join(dataDir, 'no-web') });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { server, url: publicUrl, smtp };
}

/**
 * Statements this process has sent to PostgreSQL so far (the app's, pg-boss's, and the bench's
 * own two reads per phase), counted where node-postgres sends each one: unlike CPU time on a
 * shared machine, the count per booking does not vary between runs.
 */
let statementsSent = 0;
const sendStatement = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statementsSent += 1;
  return (sendStatement as (...args: unknown[]) => unknown).apply(this, args);
} as typeof sendStatement;

/** CPU milliseconds (user + system) a process has used, from /proc; undefined elsewhere. */
function procCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

interface CpuSnapshot {
  appMs: number;
  /** PostgreSQL backends serving the bench database, by process id. */
  backends: Map<number, number>;
}

/** CPU used so far by the app (this process) and by the database's backends. */
async function cpuSnapshot(server: RunningServer): Promise<CpuSnapshot> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
    where datname = current_database()`.execute(server.database.db);
  const usage = process.cpuUsage();
  return {
    appMs: (usage.user + usage.system) / 1000,
    backends: new Map(
      rows.flatMap(({ pid }) => {
        const used = procCpuMs(pid);
        return used === undefined ? [] : [[pid, used] as const];
      }),
    ),
  };
}

/** Measures `run` (one phase of `units` operations): its CPU per operation, by process. */
async function measured<T extends { clientCpuMs: number } | void>(
  server: RunningServer,
  units: number,
  run: () => Promise<T>,
) {
  const before = await cpuSnapshot(server);
  const statementsBefore = statementsSent;
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const statements = (statementsSent - statementsBefore) / units;
  const after = await cpuSnapshot(server);
  let database = 0;
  for (const [pid, used] of after.backends) database += used - (before.backends.get(pid) ?? 0);
  const each = (total: number) => `${(total / units).toFixed(2)} ms`;
  const cpu = [
    `app ${each(after.appMs - before.appMs)}`,
    `PostgreSQL ${after.backends.size ? each(database) : 'n/a'}`,
    ...(result ? [`load client ${each(result.clientCpuMs)}`] : []),
    `${statements.toFixed(1)} statements`,
  ].join(' · ');
  return { result, seconds, rate: units / seconds, cpu };
}

/** Profiles this process (the app's) while `run` runs, if asked to. */
async function profiled<T>(run: () => Promise<T>): Promise<T> {
  if (!PROFILE_FILE) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(PROFILE_FILE, JSON.stringify(profile));
    session.disconnect();
    console.log(`   (CPU profile of the app over the timed bookings: ${PROFILE_FILE})`);
  }
}

/** Waits until the queue has no job left to do (the confirmation emails every booking sends). */
async function drained(server: RunningServer, queue: string) {
  for (;;) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
      where name = ${queue} and state in ('created', 'retry', 'active')`.execute(
      server.database.db,
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Pairs of one tutor's time-holding lessons whose times overlap (the exclusion rule). */
async function overlappingPairs(server: RunningServer) {
  const holding = sql.join(TIME_HOLDING_STATUSES);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from lessons a join lessons b
      on a.tutor_profile_id = b.tutor_profile_id and a.id < b.id
     and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
   where a.status in (${holding}) and b.status in (${holding})
     and (a.hold_expires_at is null or a.hold_expires_at > now())
     and (b.hold_expires_at is null or b.hold_expires_at > now())`.execute(server.database.db);
  return rows[0]!.n;
}

/** Payments among these that did not end completed with their lesson scheduled. */
async function notBooked(server: RunningServer, paymentIds: string[]) {
  if (paymentIds.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from unnest(${paymentIds}::uuid[]) as wanted(id)
    where not exists (
      select 1 from payments p join lessons l on l.payment_id = p.id
      where p.id = wanted.id and p.status = 'completed' and l.status = 'scheduled')`.execute(
    server.database.db,
  );
  return rows[0]!.n;
}

const hh = (hour: number) => String(hour).padStart(2, '0');

/**
 * Checkouts for distinct slots: round r books every tutor at one hour (06:00 onwards, a day
 * per 16 rounds, from the day after tomorrow), each for another student.
 */
function slotPlanner(tutors: TestTutor[], cookies: string[]) {
  const today = new Date();
  const firstDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  let round = 0;
  return {
    next(count: number): PlannedRequest[] {
      const plans = Array.from({ length: count }, (_, index) => {
        const r = round + Math.floor(index / tutors.length);
        const slot = index % tutors.length;
        const tutor = tutors[slot]!;
        const hour = 6 + (r % SLOTS_PER_DAY);
        const date = new Date(firstDay + (2 + Math.floor(r / SLOTS_PER_DAY)) * DAY_MS);
        return {
          method: 'POST' as const,
          path: '/api/checkout',
          cookie: cookies[(r * tutors.length + slot) % cookies.length]!,
          json: {
            mode: 'single',
            tutorProfileId: tutor.id,
            subjectId: tutor.subjectId,
            bookingDate: date.toISOString().slice(0, 10),
            slotLabel: `${hh(hour)}:00-${hh(hour + 1)}:00`,
            viewerZone: 'UTC',
            lessonMinutes: 50,
          },
        };
      });
      round += Math.ceil(count / tutors.length);
      return plans;
    },
    /** A date after every slot planned so far. */
    dayAfter() {
      const days = 3 + Math.ceil(round / SLOTS_PER_DAY);
      return new Date(firstDay + days * DAY_MS).toISOString().slice(0, 10);
    },
  };
}

const started = (reply: Reply) =>
  JSON.parse(reply.body) as { payment: { id: string }; sessionId: string };

async function main() {
  const serverUrl = testDatabaseUrl() ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await scratchDatabase(serverUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-bench-'));
  const { server, url, smtp } = await startApp(database.url, dataDir);
  const client = startClient();
  const requests = (list: PlannedRequest[], concurrency = CONCURRENCY) =>
    client.run({ kind: 'requests', url, concurrency, requests: list });
  try {
    console.log(`== paid bookings through HTTP on PostgreSQL (${new URL(serverUrl).host})`);
    const setupStarted = Date.now();
    const tutors: TestTutor[] = [];
    for (let first = 0; first < TUTORS + 1; first += 10) {
      const batch = Array.from({ length: Math.min(10, TUTORS + 1 - first) }, (_, i) =>
        createTutor(server.database.db, {
          timezone: 'UTC',
          availability: everyDay('06:00', '22:00'),
          firstName: 'Bench',
          lastName: `Tutor ${first + i + 1}`,
        }),
      );
      tutors.push(...(await Promise.all(batch)));
    }
    const raceTutor = tutors.pop()!;
    const students = await createStudents(
      { url, database: server.database, app: server.app },
      STUDENTS,
    );
    const cookies = students.map((student) => student.client.cookieHeader());
    const planner = slotPlanner(tutors, cookies);
    console.log(
      `   setup (not timed): ${STUDENTS} signed-in students, ${TUTORS} tutors free 06:00-22:00 UTC, ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    // The reference: the same client, the same concurrency, the lightest API call with a query.
    const healthCalls = (count: number) =>
      Array.from({ length: count }, () => ({ method: 'GET' as const, path: '/api/health' }));
    await requests(healthCalls(Math.ceil(HEALTH_REQUESTS / 5)));
    const health = await measured(server, HEALTH_REQUESTS, () =>
      requests(healthCalls(HEALTH_REQUESTS)),
    );
    const healthFailures = health.result.replies.filter((reply) => reply.status !== 200).length;
    console.log(
      `   reference GET /api/health: ${perSecond(health.rate)} req/s, ${latencies(health.result.replies.map((r) => r.ms))}, ${healthFailures} failures`,
    );
    console.log(`     CPU per request: ${health.cpu}`);

    // Warm-up bookings (JIT, pools, caches), their emails sent, then the timed ones.
    const warm = await client.run({
      kind: 'bookings',
      url,
      concurrency: CONCURRENCY,
      checkouts: planner.next(WARMUP),
    });
    const warmFailure = warm.outcomes.find((outcome) => outcome.failure);
    if (warmFailure) throw new Error(`a warm-up booking failed: ${warmFailure.failure}`);
    await drained(server, LESSON_JOBS.booked.name);

    const timed = await measured(server, BOOKINGS, () =>
      profiled(() =>
        client.run({
          kind: 'bookings',
          url,
          concurrency: CONCURRENCY,
          checkouts: planner.next(BOOKINGS),
        }),
      ),
    );
    const lastBooking = Date.now();
    const outcomes = timed.result.outcomes;
    const failed = outcomes.filter((outcome) => outcome.failure);
    const ok = outcomes.filter((outcome) => !outcome.failure);
    const unbooked = await notBooked(
      server,
      ok.map((outcome) => outcome.paymentId!),
    );
    const booked = ok.length - unbooked;
    const rate = booked / timed.result.seconds;
    console.log(
      `   paid bookings: ${BOOKINGS} at ${CONCURRENCY} in flight in ${timed.result.seconds.toFixed(1)} s → ${perSecond(rate)} bookings/s = ${(rate / health.rate).toFixed(3)} × health`,
    );
    console.log(
      `     per booking: ${latencies(ok.map((o) => o.totalMs))} (checkout p50 ${ms(
        percentile(
          ok.map((o) => o.checkoutMs),
          50,
        ),
      )}, pay + webhook p50 ${ms(
        percentile(
          ok.map((o) => o.payMs),
          50,
        ),
      )})`,
    );
    console.log(`     CPU per booking: ${timed.cpu} (confirmation emails sent meanwhile included)`);
    console.log(
      `     failures: ${failed.length} requests, ${unbooked} paid but not completed + scheduled${failed[0] ? ` (first: ${failed[0].failure})` : ''}`,
    );
    await drained(server, LESSON_JOBS.booked.name);
    console.log(
      `     confirmation emails (student and tutor, one job per booking): all sent ${((Date.now() - lastBooking) / 1000).toFixed(1)} s after the last booking`,
    );

    if (BREAKDOWN > 0) {
      // The same steps one after another, each for BREAKDOWN bookings at the same concurrency.
      console.log(
        `== where the time goes: each step alone, ${BREAKDOWN} times, ${CONCURRENCY} in flight`,
      );
      const step = (name: string, m: { rate: number; cpu: string }, extra = '') =>
        console.log(`   ${name}: ${perSecond(m.rate)}/s · CPU each: ${m.cpu}${extra}`);
      const plans = planner.next(BREAKDOWN);
      const session = await measured(server, BREAKDOWN, () =>
        requests(
          plans.map((plan) => ({ method: 'GET', path: '/api/auth/session', cookie: plan.cookie })),
        ),
      );
      step('session lookup (GET /api/auth/session)', session);
      const checkouts = await measured(server, BREAKDOWN, () => requests(plans));
      const opened = checkouts.result.replies.filter((reply) => reply.status === 201);
      step('checkout (POST /api/checkout)', checkouts, `, ${BREAKDOWN - opened.length} failed`);
      const pays = await measured(server, opened.length, () =>
        requests(opened.map((reply) => payRequest(started(reply).sessionId))),
      );
      step(
        'pay on the hosted page + signed webhook + fulfilment',
        pays,
        `, ${pays.result.replies.filter((reply) => !paidRedirect(reply)).length} failed`,
      );
      const emails = await measured(server, opened.length, () =>
        drained(server, LESSON_JOBS.booked.name),
      );
      step('confirmation emails (job: 2 emails with .ics)', emails);
      const unsettled = await notBooked(
        server,
        opened.map((reply) => started(reply).payment.id),
      );
      console.log(`   paid but not completed + scheduled: ${unsettled}`);
    }

    // The race: RACERS students want one slot of one tutor at the same moment.
    const raceCheckout: PlannedRequest = {
      method: 'POST',
      path: '/api/checkout',
      json: {
        mode: 'single',
        tutorProfileId: raceTutor.id,
        subjectId: raceTutor.subjectId,
        bookingDate: planner.dayAfter(),
        slotLabel: '10:00-11:00',
        viewerZone: 'UTC',
        lessonMinutes: 50,
      },
    };
    const race = await requests(
      cookies.slice(0, RACERS).map((cookie) => ({ ...raceCheckout, cookie })),
      RACERS,
    );
    const statuses = race.replies.map((reply) => reply.status);
    const count = (status: number) => statuses.filter((s) => s === status).length;
    const winners = race.replies.filter((reply) => reply.status === 201);
    const clear = race.replies.filter(
      (reply) =>
        reply.status === 409 &&
        (JSON.parse(reply.body) as { error?: { message?: string } }).error?.message ===
          BOOKING_MESSAGES.slotUnavailable,
    ).length;
    const paid = await requests(
      winners.map((reply) => payRequest(started(reply).sessionId)),
      RACERS,
    );
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from lessons
      where tutor_profile_id = ${raceTutor.id} and status = 'scheduled'`.execute(
      server.database.db,
    );
    console.log(`== the same slot raced by ${RACERS} students`);
    console.log(
      `   checkouts: ${count(201)} succeeded, ${count(409)} got 409 (${clear} saying '${BOOKING_MESSAGES.slotUnavailable}'), ${RACERS - count(201) - count(409)} other`,
    );
    console.log(
      `   paid with webhook: ${paid.replies.filter(paidRedirect).length} of ${winners.length}; lessons scheduled for the slot: ${rows[0]!.n}`,
    );
    console.log(
      `   overlapping time-holding lessons of one tutor (all tutors): ${await overlappingPairs(server)}`,
    );
  } finally {
    client.stop();
    await server.close();
    await smtp.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
