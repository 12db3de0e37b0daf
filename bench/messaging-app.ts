import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConversation, sendSignalledMessage } from '../src/server/test/live-fixtures';
import { createStudents } from '../src/server/test/factories';
import { serveBenchJobs, startBenchApi } from './bench-api';
import {
  stampedBody,
  type AppJob,
  type AppReply,
  type BenchPair,
  type SendPath,
} from './messaging-protocol';

// One API process of `npm run bench:messages`, as `npm start` runs it (production mode), with
// a port of its own. The bench talks to it over IPC: it makes the bench's accounts and sends
// messages at a steady rate the way the messaging module stores them (the row and its signal
// in one transaction), so a message leaves from an API process as it will over HTTP.

/** In flight at most: beyond it the sender falls behind (the figures show it). */
const MAX_IN_FLIGHT = 64;

const { url, server } = await startBenchApi();
const { db } = server.database;

async function setup(count: number): Promise<BenchPair[]> {
  const target = { url, database: server.database, app: server.app };
  const students = await createStudents(target, count);
  const tutors = await createStudents(target, count);
  await db
    .updateTable('users')
    .set({ role: 'tutor' })
    .where(
      'id',
      'in',
      tutors.map((tutor) => tutor.id),
    )
    .execute();
  const pairs: BenchPair[] = [];
  for (const [index, student] of students.entries()) {
    const tutor = tutors[index]!;
    const conversation = await createConversation(db, {
      studentId: student.id,
      tutorId: tutor.id,
    });
    pairs.push({
      ...conversation,
      studentCookie: student.client.cookieHeader(),
      tutorCookie: tutor.client.cookieHeader(),
    });
  }
  return pairs;
}

/** One message from the pair's student, by the path asked for. */
async function sendOne(via: SendPath, pair: BenchPair, body: string) {
  if (via === 'db') {
    await sendSignalledMessage(db, pair, pair.studentId, body);
    return;
  }
  const response = await fetch(`${url}/api/conversations/${pair.id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: pair.studentCookie, origin: url },
    body: JSON.stringify({ body, clientId: randomUUID() }),
  });
  if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
}

async function send(job: Extract<AppJob, { kind: 'send' }>) {
  const interval = 1000 / job.rate;
  const started = performance.now();
  const ends = started + job.seconds * 1000;
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  for (let now = started; now < ends; now = performance.now()) {
    const due = Math.floor((now - started) / interval) + 1;
    while (sent < due && inFlight.size < MAX_IN_FLIGHT) {
      const pair = job.pairs[sent % job.pairs.length]!;
      // The body carries its sending time: the tab that receives it knows the delay.
      const one = sendOne(job.via, pair, stampedBody())
        .then(
          () => undefined,
          (error: Error) => {
            failures += 1;
            firstFailure ??= error.message;
          },
        )
        .finally(() => inFlight.delete(one));
      inFlight.add(one);
      sent += 1;
    }
    if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    else await sleep(1);
  }
  await Promise.all(inFlight);
  return { sent, failures, firstFailure };
}

serveBenchJobs<AppJob, AppReply>(url, server, async (job) =>
  job.kind === 'setup'
    ? { kind: 'setup', pairs: await setup(job.pairs) }
    : { kind: 'sent', ...(await send(job)) },
);
