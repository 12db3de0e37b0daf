import { createLesson, createStudents, createTutor } from '../src/server/test/factories';
import { serveBenchJobs, startBenchApi } from './bench-api';

// One API process of `npm run bench:classroom` (production mode, a port of its own): makes
// the bench's classrooms (a student, a tutor and a lesson starting in 5 minutes: open) and
// says how much memory it holds, after a full collection (node --expose-gc).

export interface ClassroomPair {
  lessonId: string;
  studentId: string;
  tutorId: string;
  studentCookie: string;
  tutorCookie: string;
}

export type ClassroomJob = { kind: 'setup'; classrooms: number } | { kind: 'memory' };
export type ClassroomReply =
  { kind: 'setup'; pairs: ClassroomPair[] } | { kind: 'memory'; rss: number; heapUsed: number };

const MINUTE = 60_000;

const { url, server } = await startBenchApi();
const { db } = server.database;

async function setup(count: number): Promise<ClassroomPair[]> {
  const target = { url, database: server.database, app: server.app };
  const students = await createStudents(target, count);
  const tutorAccounts = await createStudents(target, count);
  const pairs: ClassroomPair[] = [];
  const start = new Date(server.app.deps.clock.now().getTime() + 5 * MINUTE);
  for (const [index, student] of students.entries()) {
    const account = tutorAccounts[index]!;
    await db.updateTable('users').set({ role: 'tutor' }).where('id', '=', account.id).execute();
    const tutor = await createTutor(db, { userId: account.id });
    const lessonId = await createLesson(db, { tutor, studentId: student.id, start });
    pairs.push({
      lessonId,
      studentId: student.id,
      tutorId: account.id,
      studentCookie: student.client.cookieHeader(),
      tutorCookie: account.client.cookieHeader(),
    });
  }
  return pairs;
}

function memory() {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Twice: what the first frees may let the second free more (weak references, finalizers).
  gc?.();
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

serveBenchJobs<ClassroomJob, ClassroomReply>(url, server, async (job) =>
  job.kind === 'setup'
    ? { kind: 'setup', pairs: await setup(job.classrooms) }
    : { kind: 'memory', ...memory() },
);
