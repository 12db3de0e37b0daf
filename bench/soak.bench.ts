import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeSignature } from 'better-auth/crypto';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { TIME_HOLDING_STATUSES } from '../src/domain/booking/booking-rules';
import { openDatabase } from '../src/server/db/database';
import { loadEnv } from '../src/server/env';
import { createServer } from '../src/server/server';
import { createStudents, createTutor, type TestTutor } from '../src/server/test/factories';
import { freePort } from '../src/server/test/free-port';
import { startS3Server } from '../src/server/test/s3-server';
import { startSmtpInbox } from '../src/server/test/smtp-inbox';
import { everyDay } from '../src/server/test/weekly-availability';
import { buildIsStale } from '../scripts/build-steps.mjs';
import { spawnSync } from 'node:child_process';
import { ROOT } from './app-process';
import { PAY_FORM } from './booking-client';
import { startApi, startNginx, startPrivatePostgres, type ApiProcess } from './soak-cluster';

// `npm run soak -- --minutes 5`: nginx in front of 3 API processes on one (private) PostgreSQL,
// s3rver for files, under steady load (students searching, booking and paying; tutors writing
// messages; live sockets), while every --restart-every seconds one process is taken out of
// nginx, stopped (SIGTERM) and started again, once one is killed unannounced (SIGKILL), and
// PostgreSQL is restarted once. Prints what the users saw and what the database holds; exits
// 1 when a target is missed.

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    sockets: { type: 'string', default: '200' },
    'restart-every': { type: 'string', default: '30' },
    users: { type: 'string', default: '24' },
  },
});
const MINUTES = Number(args.minutes);
const SOCKETS = Number(args.sockets);
const RESTART_EVERY_MS = Number(args['restart-every']) * 1000;
const USERS = Number(args.users);
const TUTORS = 10;
const SECRET = randomBytes(32).toString('hex');

type Kind = 'search' | 'checkout' | 'pay' | 'confirm' | 'message';
interface Sample {
  /** When the request was sent and when its answer (or its failure) came. */
  sent: number;
  at: number;
  kind: Kind;
  status: number;
  ms: number;
}
interface FaultWindow {
  kind: 'SIGTERM' | 'SIGKILL' | 'PostgreSQL restart';
  from: number;
  to: number;
}

const samples: Sample[] = [];
const faults: FaultWindow[] = [];

async function timed(kind: Kind, request: () => Promise<Response>): Promise<Response | undefined> {
  const started = performance.now();
  const sent = Date.now();
  try {
    const response = await request();
    samples.push({
      sent,
      at: Date.now(),
      kind,
      status: response.status,
      ms: performance.now() - started,
    });
    return response;
  } catch {
    samples.push({ sent, at: Date.now(), kind, status: 0, ms: performance.now() - started });
    return undefined;
  }
}

/**
 * A user's request, each on a new connection to nginx. A browser resends a request whose
 * reused keep-alive connection was closed under it, and the nginx reload before each restart
 * closes idle client connections; Node's fetch would report those as failures instead.
 */
function send(url: string, init: RequestInit = {}) {
  return fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), connection: 'close' },
  });
}

/**
 * Mails received again under a Message-ID already received (SMTP redeliveries, one message to
 * the reader), and mails whose content came under more than one Message-ID (sent twice).
 */
function mailRepeats(mails: { messageId: string; to: string; subject: string; text: string }[]) {
  const redelivered = mails.length - new Set(mails.map((mail) => mail.messageId)).size;
  const idsByContent = new Map<string, Set<string>>();
  for (const mail of mails) {
    const content = `${mail.to}\n${mail.subject}\n${mail.text}`;
    const ids = idsByContent.get(content) ?? new Set();
    idsByContent.set(content, ids.add(mail.messageId));
  }
  let mailsTwice = 0;
  for (const ids of idsByContent.values()) mailsTwice += ids.size - 1;
  return { redelivered, mailsTwice };
}

function percentile(values: number[], p: number) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  if (buildIsStale()) {
    console.log('soak: building the app once');
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'tutora-soak-'));
  chmodSync(folder, 0o755);
  const pgFolder = path.join(folder, 'pg');
  const nginxFolder = path.join(folder, 'nginx');
  mkdirSync(pgFolder);
  mkdirSync(nginxFolder);
  chmodSync(nginxFolder, 0o777);
  const postgres = startPrivatePostgres(pgFolder, await freePort());
  // However the bench ends (a failure, a test runner's teardown), its cluster does not outlive it.
  let postgresStopped = false;
  process.once('exit', () => {
    tryStop();
  });
  const tryStop = () => {
    if (postgresStopped) return;
    postgresStopped = true;
    try {
      postgres.stop();
    } catch {
      // Already stopped.
    }
  };
  const s3 = await startS3Server();
  const smtp = await startSmtpInbox();
  const cleanups: (() => Promise<void> | void)[] = [
    () => tryStop(),
    () => s3.close(),
    () => smtp.close(),
    () => rmSync(folder, { recursive: true, force: true }),
  ];
  const cleanUp = async () => {
    // Each once: a signal can come while the run's own cleanup is under way.
    for (const cleanup of cleanups.splice(0))
      await Promise.resolve(cleanup()).catch((error: unknown) =>
        console.warn('soak cleanup:', error),
      );
  };
  // A `kill` reaches this process alone (Ctrl-C reaches the whole group): the cluster it
  // started goes with it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
  try {
    const ports = [await freePort(), await freePort(), await freePort()];
    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const databaseUrl = postgres.url;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      SESSION_SECRET: SECRET,
      SMTP_URL: smtp.url,
      LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'error',
      TRUST_PROXY: '127.0.0.1',
      // Longer than nginx's upstream keep-alive (2 s): see soak-cluster.ts.
      SHUTDOWN_DRAIN_SECONDS: '3',
      ...s3.env,
    };

    // Setup (not measured): migrate, tutors, students with sessions, conversations.
    const setupDb = await openDatabase({ driver: 'postgres', url: databaseUrl });
    const setup = await createServer(loadEnv({ ...env, PORT: '0' }), { database: setupDb });
    const tutors: TestTutor[] = [];
    for (let i = 0; i < TUTORS; i += 1)
      tutors.push(
        await createTutor(setupDb.db, {
          timezone: 'UTC',
          availability: everyDay('00:00', '24:00'),
          firstName: 'Soak',
          lastName: `Tutor ${i + 1}`,
        }),
      );
    const students = await createStudents(
      { url: publicUrl, database: setupDb, app: setup.app },
      Math.max(SOCKETS, USERS),
    );
    const engine = await setup.app.deps.auth.$context;
    const tutorCookies = await Promise.all(
      tutors.map(async (tutor) => {
        const session = await engine.internalAdapter.createSession(tutor.userId);
        const signed = `${session.token}.${await makeSignature(session.token, engine.secret)}`;
        return `${engine.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
      }),
    );
    const conversations = await setupDb.db
      .insertInto('conversations')
      .values(
        students.slice(0, SOCKETS).map((student, i) => ({
          student_id: student.id,
          tutor_id: tutors[i % TUTORS]!.userId,
          created_at: new Date(),
          updated_at: new Date(),
        })),
      )
      .returning(['id', 'student_id', 'tutor_id'])
      .execute();
    await setup.close();

    // An API process that exits while nobody asked it to (a crash: an unhandled rejection) is
    // a miss, whatever the users saw meanwhile.
    const askedToExit = new WeakSet<ApiProcess>();
    /** The load is over: the cluster is being stopped. */
    let stopping = false;
    let exitedUnasked = 0;
    const startWatchedApi = async (port: number) => {
      const api = await startApi(port, env);
      void api.exited.then(() => {
        if (!askedToExit.has(api) && !stopping) exitedUnasked += 1;
      });
      return api;
    };
    const apis: (ApiProcess | undefined)[] = await Promise.all(ports.map(startWatchedApi));
    const nginx = await startNginx(nginxFolder, nginxPort, ports);
    cleanups.unshift(async () => {
      await nginx.stop();
      for (const api of apis) if (api && api.child.exitCode === null) api.child.kill('SIGKILL');
    });
    console.log(
      `soak: ${MINUTES} min, nginx :${nginxPort} → API :${ports.join(', :')}, ${SOCKETS} live sockets, ${USERS} users`,
    );

    // Live sockets: students' tabs, reconnecting as the web client does.
    const pushed = new Set<string>();
    let socketsOpen = 0;
    const openSocket = (cookie: string) => {
      const socket = new WebSocket(`${publicUrl.replace('http', 'ws')}/api/live`, {
        headers: { cookie },
      });
      socket.on('open', () => (socketsOpen += 1));
      socket.on('message', (data) => {
        const event = JSON.parse(String(data)) as { type: string; message?: { id: string } };
        if (event.type === 'message' && event.message) pushed.add(event.message.id);
      });
      socket.on('error', () => undefined);
      socket.on('close', (code) => {
        if (socket.readyState === WebSocket.CLOSED && socketsOpen > 0) socketsOpen -= 1;
        if (!stopping)
          setTimeout(
            () => openSocket(cookie),
            code === 1012 ? Math.random() * 500 : 500 + Math.random() * 500,
          );
      });
      return socket;
    };
    const sockets = students
      .slice(0, SOCKETS)
      .map((student) => openSocket(student.client.cookieHeader()));

    // Load: each user loops search → (sometimes) checkout + pay; tutors send messages.
    const acknowledged: string[] = [];
    const messagesSent: string[] = [];
    let slot = 0;
    const firstDay = Date.UTC(2031, 0, 1);
    const nextSlot = () => {
      const n = slot++;
      const tutor = tutors[n % TUTORS]!;
      const hourIndex = Math.floor(n / TUTORS);
      const day = new Date(firstDay + Math.floor(hourIndex / 23) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const hour = hourIndex % 23;
      const hh = (h: number) => String(h % 24).padStart(2, '0');
      return {
        tutor,
        bookingDate: day,
        slotLabel: `${hh(hour)}:00-${hh(hour + 1)}:00`,
      };
    };
    // The load runs for the minutes asked and until every planned fault is done (on a busy
    // machine a restart takes longer than planned).
    const loadStarted = Date.now();
    const deadline = loadStarted + MINUTES * 60_000;
    let faultsDone = false;
    const loadGoesOn = () => Date.now() < deadline || !faultsDone;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const studentLoop = async (index: number) => {
      const cookie = students[index % students.length]!.client.cookieHeader();
      while (loadGoesOn()) {
        await timed('search', () => send(`${publicUrl}/api/tutors?q=`, { headers: { cookie } }));
        if (Math.random() < 0.4) {
          const { tutor, bookingDate, slotLabel } = nextSlot();
          const checkout = await timed('checkout', () =>
            send(`${publicUrl}/api/checkout`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json', origin: publicUrl },
              body: JSON.stringify({
                mode: 'single',
                tutorProfileId: tutor.id,
                subjectId: tutor.subjectId,
                bookingDate,
                slotLabel,
                viewerZone: 'UTC',
                lessonMinutes: 50,
              }),
            }),
          );
          if (checkout?.status === 201) {
            const { payment, sessionId } = (await checkout.json()) as {
              payment: { id: string };
              sessionId: string;
            };
            const pay = await timed('pay', () =>
              send(`${publicUrl}/checkout/local/${sessionId}/pay`, {
                method: 'POST',
                redirect: 'manual',
                headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
                body: PAY_FORM,
              }),
            );
            if (
              pay?.status === 303 &&
              (pay.headers.get('location') ?? '').includes('/payment/success')
            ) {
              // The success page, as a browser shows it: it settles the session from the
              // provider's record (a webhook lost to a killed process is made good here), and
              // tries again while the answer is an error, as the page does.
              for (let tries = 0; tries < 10; tries += 1) {
                const confirm = await timed('confirm', () =>
                  send(`${publicUrl}/api/checkout/sessions/${sessionId}/confirm`, {
                    method: 'POST',
                    headers: { cookie, origin: publicUrl },
                  }),
                );
                const result = confirm?.ok
                  ? ((await confirm.json()) as { outcome: string })
                  : (await confirm?.text().catch(() => undefined), undefined);
                if (result?.outcome === 'booked') {
                  acknowledged.push(payment.id);
                  break;
                }
                if (result && result.outcome !== 'processing') break;
                await pause(500);
              }
            }
          } else await checkout?.text().catch(() => undefined);
        }
        await pause(200);
      }
    };
    const tutorLoop = async (index: number) => {
      const cookie = tutorCookies[index]!;
      const own = conversations.filter((c) => c.tutor_id === tutors[index]!.userId);
      let n = 0;
      while (loadGoesOn()) {
        const conversation = own[n++ % own.length]!;
        const response = await timed('message', () =>
          send(`${publicUrl}/api/conversations/${conversation.id}/messages`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', origin: publicUrl },
            body: JSON.stringify({ body: `Soak message ${n} from tutor ${index + 1}` }),
          }),
        );
        if (response?.status === 201)
          messagesSent.push(((await response.json()) as { message: { id: string } }).message.id);
        else await response?.text().catch(() => undefined);
        await pause(1000);
      }
    };

    // Faults, one at a time so that each error is the fault's it happened in: a rolling
    // restart every RESTART_EVERY_MS (at least three), the middle one a SIGKILL, and PostgreSQL
    // restarted once, half a period after the restart at two thirds.
    const rounds = Math.max(3, Math.floor((MINUTES * 60_000) / RESTART_EVERY_MS));
    const killRound = Math.floor(rounds / 2);
    const postgresRound = Math.min(
      rounds - 1,
      Math.max(killRound + 1, Math.floor((rounds * 2) / 3)),
    );
    const faultLoop = async () => {
      for (let round = 0; round < rounds; round += 1) {
        await pause(RESTART_EVERY_MS);
        const which = round % apis.length;
        const api = apis[which]!;
        const kind = round === killRound ? 'SIGKILL' : 'SIGTERM';
        const from = Date.now();
        // A deploy takes a process out of the balancer before stopping it: nginx cannot know
        // otherwise, and a connection it opened the instant before the listener closed, still
        // in the kernel's accept queue, is reset with its request (nginx cannot resend a
        // POST). A crash is not announced.
        if (kind === 'SIGTERM') await nginx.setDown(ports[which]!);
        askedToExit.add(api);
        api.child.kill(kind);
        await api.exited;
        apis[which] = await startWatchedApi(ports[which]!);
        if (kind === 'SIGTERM') await nginx.setDown(null);
        faults.push({ kind, from, to: Date.now() + 1000 });
        if (round === postgresRound) {
          await pause(RESTART_EVERY_MS / 2);
          const restartedFrom = Date.now();
          postgres.restart();
          faults.push({ kind: 'PostgreSQL restart', from: restartedFrom, to: Date.now() + 2000 });
        }
      }
      faultsDone = true;
    };

    await Promise.all([
      ...Array.from({ length: USERS }, (_, i) => studentLoop(i)),
      ...tutors.map((_, i) => tutorLoop(i)),
      faultLoop(),
    ]);
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    // Pushes in flight arrive.
    await pause(2000);
    stopping = true;
    for (const socket of sockets) socket.terminate();

    // What the database holds.
    const check = await openDatabase({ driver: 'postgres', url: databaseUrl });
    const holding = sql.join(TIME_HOLDING_STATUSES);
    const countFound = async () => {
      if (acknowledged.length === 0) return 0;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n
        from payments p join lessons l on l.payment_id = p.id
        where p.id = any(${acknowledged}::uuid[]) and p.status = 'completed'
          and l.status = 'scheduled'`.execute(check.db);
      return rows[0]!.n;
    };
    // A payment acknowledged while its webhook's process died is settled by a retry: give the
    // queues (on the processes still running) up to a minute to drain first.
    for (let tries = 0; tries < 600; tries += 1) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where state in ('created', 'retry', 'active') and start_after <= now()`.execute(check.db);
      if (rows[0]!.n === 0 && (await countFound()) === acknowledged.length) break;
      await pause(100);
    }
    const found = await countFound();
    const doubles = (
      await sql<{ n: number }>`select count(*)::int as n from lessons a join lessons b
        on a.tutor_profile_id = b.tutor_profile_id and a.id < b.id
       and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
       where a.status in (${holding}) and b.status in (${holding})
         and (a.hold_expires_at is null or a.hold_expires_at > now())
         and (b.hold_expires_at is null or b.hold_expires_at > now())`.execute(check.db)
    ).rows[0]!.n;
    const stored = messagesSent.length
      ? (
          await sql<{
            n: number;
          }>`select count(*)::int as n from messages where id = any(${messagesSent}::uuid[])`.execute(
            check.db,
          )
        ).rows[0]!.n
      : 0;
    // A job is retried after a fault (an attempt cut off by SIGKILL or by the PostgreSQL
    // restart): that is pg-boss doing its work. What must never happen twice is the job's
    // effect — a mail in the inbox, a bell notice, a ledger transaction.
    const retried = (
      await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where state = 'completed' and retry_count > 0`.execute(check.db)
    ).rows[0]!.n;
    const completedJobs = (
      await sql<{ n: number }>`select count(*)::int as n from pgboss.job
        where state = 'completed'`.execute(check.db)
    ).rows[0]!.n;
    const noticesTwice = (
      await sql<{ n: number }>`select coalesce(sum(n - 1), 0)::int as n from (
        select count(*) as n from notifications
        where lesson_id is not null or payment_id is not null
        group by user_id, kind, lesson_id, payment_id having count(*) > 1) twice`.execute(check.db)
    ).rows[0]!.n;
    // SMTP is at-least-once (ADR 033): a mail the server took just before a fault may come
    // again, under its Message-ID (one per once-key), which mail clients fold into one. A mail
    // told twice under two ids is a second mail: that is what must never happen.
    const { redelivered, mailsTwice } = mailRepeats(smtp.messages);
    const mailsSent = smtp.messages.length;
    await check.close();

    // The report.
    const byStatus = new Map<number, number>();
    for (const s of samples) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
    // Each failed request is the fault's whose window it fell in (none overlap), else outside.
    const failed = samples.filter((s) => s.status >= 500 || s.status === 0);
    const faultAt = (at: number) => faults.find((f) => at >= f.from && at <= f.to)?.kind;
    const errorsDuring = (kind: FaultWindow['kind']) =>
      failed.filter((s) => faultAt(s.at) === kind).length;
    const fivexxOutside = failed.filter((s) => faultAt(s.at) === undefined).length;
    const ok = samples.filter((s) => s.status > 0 && s.status < 500).map((s) => s.ms);
    const count = (kind: FaultWindow['kind']) => faults.filter((f) => f.kind === kind).length;
    const lost = acknowledged.length - found;
    console.log(`
== soak: ${MINUTES} min, 3 API processes behind nginx, private PostgreSQL 15, s3rver
requests                         ${samples.length} in ${loadSeconds.toFixed(0)} s (${(samples.length / loadSeconds).toFixed(1)}/s)
by status                        ${[...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s === 0 ? 'network' : s}: ${n}`)
      .join(', ')}
faults                           ${count('SIGTERM')} SIGTERM restarts, ${count('SIGKILL')} SIGKILL, ${count('PostgreSQL restart')} PostgreSQL restart
5xx/network during SIGTERM       ${errorsDuring('SIGTERM')}
5xx/network during SIGKILL       ${errorsDuring('SIGKILL')}
5xx/network during PG restart    ${errorsDuring('PostgreSQL restart')}
5xx/network outside faults       ${fivexxOutside}
API processes exited unasked     ${exitedUnasked}
bookings acknowledged / found    ${acknowledged.length} / ${found}
double bookings                  ${doubles}
messages sent / stored / pushed  ${messagesSent.length} / ${stored} / ${messagesSent.filter((id) => pushed.has(id)).length} (pushed live to an open socket; a tab refetches the rest on ready)
jobs completed / retried         ${completedJobs} / ${retried} (an attempt cut off by a fault, run again)
mails / distinct mails twice     ${mailsSent} / ${mailsTwice}
SMTP redeliveries (same id)      ${redelivered} (the same Message-ID again: folded by mail clients)
bell notices twice               ${noticesTwice}
latency p50 / p95 / p99          ${percentile(ok, 50).toFixed(0)} / ${percentile(ok, 95).toFixed(0)} / ${percentile(ok, 99).toFixed(0)} ms
`);
    const failuresOf = (kind: Kind) => {
      const statuses = new Map<number, number>();
      for (const x of samples)
        if (x.kind === kind && (x.status === 0 || x.status >= 400))
          statuses.set(x.status, (statuses.get(x.status) ?? 0) + 1);
      return [...statuses].map(([status, n]) => `${status || 'network'}×${n}`).join(' ') || '0';
    };
    console.log(
      `not 2xx/3xx by kind: ${(['search', 'checkout', 'pay', 'confirm', 'message'] as const).map((kind) => `${kind} ${failuresOf(kind)}`).join('; ')}`,
    );
    const missed = [
      lost !== 0 && `${lost} acknowledged bookings lost`,
      doubles !== 0 && `${doubles} double bookings`,
      errorsDuring('SIGTERM') !== 0 && `${errorsDuring('SIGTERM')} errors during SIGTERM restarts`,
      mailsTwice + noticesTwice !== 0 &&
        `${mailsTwice} mails and ${noticesTwice} bell notices delivered twice`,
      acknowledged.length === 0 && 'no booking was acknowledged',
      exitedUnasked !== 0 && `${exitedUnasked} API processes exited unasked`,
    ].filter(Boolean);
    // What a failure needs to be understood: each failed request against the faults'
    // timeline (ms from the window's start), and what nginx logged about its upstreams.
    for (const s of failed) {
      const fault = faults.find((f) => s.at >= f.from && s.at <= f.to);
      const offset = (t: number) =>
        fault ? `${t - fault.from} ms in` : new Date(t).toISOString().slice(11);
      console.log(
        `failed ${s.kind} ${s.status || 'network'}: sent ${offset(s.sent)}, answered ${offset(s.at)} (${fault?.kind ?? 'outside faults'})`,
      );
    }
    if (missed.length) {
      for (const f of faults)
        console.log(`fault ${f.kind} ${new Date(f.from).toISOString()} for ${f.to - f.from} ms`);
      const nginxLog = path.join(nginxFolder, 'nginx-error.log');
      if (existsSync(nginxLog)) console.log(readFileSync(nginxLog, 'utf8').slice(-8000));
      console.log(`soak: MISSED: ${missed.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await cleanUp();
  }
}

await main();
