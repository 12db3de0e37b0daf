import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { messageIdOf } from '../../adapters/mail/mailer';
import { openDatabase, type Database, type DatabaseDriver } from '../../db/database';
import type { DB } from '../../db/types';
import { loadEnv } from '../../env';
import { createServer, PROJECT_ROOT } from '../../server';
import { createStudents, createTutor } from '../../test/factories';
import { freePort } from '../../test/free-port';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { fillDataDir, openTestDatabase, TEST_DRIVERS } from '../../test/test-database';
import { everyDay } from '../../test/weekly-availability';
import { LESSON_JOBS } from './lessons.jobs';

// Issue #31 item 4 with a real crash: an API process, as production runs it, is killed (-9)
// while its mail jobs are under way, then started again. Each email arrives once. The SMTP sink
// answers the students' mails and holds the tutors' (no "250" yet), so at the kill every
// booking job has sent its first email and waits on its second: a rerun that sent the first
// again would show. The embedded database runs on disk, as `npm start` keeps it.

const SECRET = 'kill-test-session-secret-0123456789abcdef';
const STUDENTS = 4;
const MAIL_JOBS = [LESSON_JOBS.booked.name, LESSON_JOBS.canceled.name];

/** Polls a condition of the world (an inbox, a table), never a fixed sleep. */
async function until(what: string, condition: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Child {
  process: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/** The API as `npm start` runs it; ready when `ready` holds (it must not exit before). */
async function startApi(
  env: Record<string, string>,
  ready: () => boolean | Promise<boolean>,
): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(
    'the API process is under way',
    async () => {
      if (child.exitCode !== null) throw new Error(`the API process exited:\n${output}`);
      return ready();
    },
    90_000,
  );
  return { process: child, exited, output: () => output };
}

/** The driver's database, for the test's own setup and checks (PGlite: while no API runs). */
interface Store {
  env: Record<string, string>;
  open(): Promise<Database>;
  close(): Promise<void>;
}

async function storeFor(driver: DatabaseDriver): Promise<Store> {
  if (driver === 'postgres') {
    const database = await openTestDatabase('postgres');
    return {
      env: { DATABASE_URL: database.url! },
      open: () => openDatabase({ driver: 'postgres', url: database.url!, poolSize: 2 }),
      close: () => database.close(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-kill-'));
  await fillDataDir(dataDir);
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ driver: 'pglite', dataDir }),
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const jobStates = async (db: Kysely<DB>) =>
  (
    await sql<{ state: string }>`select state from pgboss.job
      where name in (${sql.join(MAIL_JOBS)})`.execute(db)
  ).rows.map((row) => row.state);

describe.each(TEST_DRIVERS)('mail jobs under way at kill -9, on %s', (driver) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('delivers each email once after the restart, the resent ones under their Message-ID', async () => {
    const inbox: SmtpInbox = await startSmtpInbox();
    cleanups.push(() => inbox.close());
    const store = await storeFor(driver);
    cleanups.push(() => store.close());
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      SESSION_SECRET: SECRET,
      SMTP_URL: inbox.url,
      LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
      // A crashed process's jobs are looked for every second, not every two minutes.
      JOB_MAINTENANCE_SECONDS: '1',
      ...store.env,
    };

    // Setup in this process, on the API's port, closed before the API starts: tutors,
    // students with sessions, four trial bookings and one canceled. Its workers poll once at
    // start, before any of that: the mail jobs stay queued for the API process.
    const setupDb = await store.open();
    const setup = await createServer(loadEnv(env), { database: setupDb, jobPollingSeconds: 3600 });
    await setup.app.listen({ port, host: '127.0.0.1' });
    const tutors = [];
    for (let i = 0; i < 2; i += 1)
      tutors.push(
        await createTutor(setupDb.db, {
          timezone: 'UTC',
          availability: everyDay('00:00', '24:00'),
        }),
      );
    const emails = await setupDb.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(
        'id',
        'in',
        tutors.map((tutor) => tutor.userId),
      )
      .execute();
    const emailOf = new Map(emails.map((row) => [row.id, row.email.toLowerCase()]));
    const tutorEmails = new Set(emailOf.values());
    const students = await createStudents({ url, database: setupDb, app: setup.app }, STUDENTS);
    const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const lessons: string[] = [];
    for (const [i, student] of students.entries()) {
      const tutor = tutors[i % 2]!;
      const booked = await student.client.post('/api/lessons', {
        mode: 'trial',
        tutorProfileId: tutor.id,
        subjectId: tutor.subjectId,
        bookingDate: day,
        slotLabel: `${String(10 + i).padStart(2, '0')}:00-${String(11 + i).padStart(2, '0')}:00`,
        viewerZone: 'UTC',
        lessonMinutes: 50,
      });
      expect(booked.status, booked.text).toBe(201);
      lessons.push((booked.json as { lesson: { id: string } }).lesson.id);
    }
    // Another kind of mail job: the first student cancels, the tutor is told.
    const canceled = await students[0]!.client.post(`/api/lessons/${lessons[0]}/cancel`, {});
    expect(canceled.status, canceled.text).toBe(200);
    await setup.close();
    expect(inbox.messages).toHaveLength(0);

    // The tutors' mails are held: each booking job mails its student, then waits. On PGlite
    // a send holds the one connection (ADR 025): one job gets that far, the others wait for it
    // (with their student mailed or not, as their statements interleaved).
    inbox.hold((mail) => tutorEmails.has(mail.to));
    // Under way, not ready: on PGlite the held send keeps the start waiting too.
    const underWay = driver === 'postgres' ? STUDENTS + 1 : 1;
    let api = await startApi(env, () => inbox.held() === underWay);
    cleanups.push(() => {
      if (api.process.exitCode === null) api.process.kill('SIGKILL');
    });
    const booked = students.filter((student) => inbox.countTo(student.email) === 1);
    if (driver === 'postgres') expect(booked).toHaveLength(STUDENTS);
    else expect(booked.length).toBeGreaterThanOrEqual(1);

    api.process.kill('SIGKILL');
    await api.exited;
    await until('the killed sender hung up', () => inbox.heldHungUp() === underWay);
    // The held mails' sender is gone: never accepted (a server that had taken them before
    // its answer could deliver them again: ADR 033).
    inbox.release();
    expect(inbox.dropped).toHaveLength(underWay);

    // The job timeout passes (pg-boss fails an attempt still active after it, to run again).
    const check = await store.open();
    const states = await jobStates(check.db);
    expect(states.filter((state) => state === 'active').length).toBeGreaterThanOrEqual(underWay);
    if (driver === 'postgres') expect(states).toEqual(Array(STUDENTS + 1).fill('active'));
    await sql`update pgboss.job set started_on = started_on - expire_in - interval '1 second'
               where state = 'active'`.execute(check.db);
    await check.close();

    api = await startApi(env, async () => {
      const ready = await fetch(`${url}/api/health/ready`).catch(() => null);
      return ready?.ok === true;
    });
    // Each booking mails its student and tutor; the cancellation mails the tutor, then the
    // student who canceled their own record of it (sent after the held tutor's mail).
    const everyMail = STUDENTS * 2 + 2;
    await until('every email is delivered', () => inbox.messages.length >= everyMail);
    // Stopped (SIGTERM lets its jobs finish), so nothing more can arrive unseen.
    api.process.kill('SIGTERM');
    await api.exited;

    expect(inbox.messages).toHaveLength(everyMail);
    expect(students.map((student) => inbox.countTo(student.email))).toEqual(
      students.map((_, i) => (i === 0 ? 2 : 1)),
    );
    // The first tutor: two bookings and the cancellation; the second: two bookings.
    expect(tutors.map((tutor) => inbox.countTo(emailOf.get(tutor.userId)!))).toEqual([3, 2]);
    // Each mail its own Message-ID, derived from its once-key at PUBLIC_URL's host; the mails
    // lost at the kill were sent again under the very same ids.
    const ids = inbox.messages.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(everyMail);
    expect(ids.every((id) => id.endsWith('@127.0.0.1>'))).toBe(true);
    expect(ids).toEqual(expect.arrayContaining(inbox.dropped.map((mail) => mail.messageId)));
    const firstBooking = `${LESSON_JOBS.booked.name}:${lessons[0]}:${students[0]!.email}`;
    expect(ids).toContain(messageIdOf(firstBooking, '127.0.0.1'));
    const after = await store.open();
    try {
      expect(await jobStates(after.db)).toEqual(Array(STUDENTS + 1).fill('completed'));
    } finally {
      await after.close();
    }
  }, 240_000);
});
