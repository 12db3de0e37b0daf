import * as Y from 'yjs';
import type { DatabaseDriver } from '../src/server/db/database';
import { appendWhiteboardUpdate } from '../src/server/modules/classroom/classroom.repository';
import {
  compactWhiteboard,
  loadWhiteboard,
} from '../src/server/modules/classroom/whiteboard-store';
import { createLesson, createTutor } from '../src/server/test/factories';
import { openTestDatabase } from '../src/server/test/test-database';

// Part of `npm run bench:classroom`: a whiteboard whose log holds `count` updates, as a lesson
// of drawing leaves one (a tenth of them new shapes, the rest moves of earlier ones: each a
// Yjs update of one element). Timed: loading it from the log, compacting it into a snapshot,
// and loading it after. The reference: loading a board of one update, on the same database.

export interface CompactionRow {
  driver: DatabaseDriver;
  updates: number;
  /** The state's size after compaction, in bytes. */
  snapshotBytes: number;
  loadOneMs: number;
  loadLogMs: number;
  compactMs: number;
  loadSnapshotMs: number;
}

function drawingUpdates(count: number): Uint8Array[] {
  const doc = new Y.Doc();
  const elements = doc.getMap<Record<string, unknown>>('elements');
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  for (let n = 0; n < count; n += 1) {
    const shape = Math.floor(n / 10);
    const id = `shape-${n % 10 === 0 ? shape : Math.floor(shape * ((n % 10) / 10))}`;
    const previous = elements.get(id);
    elements.set(id, {
      id,
      type: 'freedraw',
      x: (n * 13) % 900,
      y: (n * 7) % 600,
      width: 40 + (n % 50),
      height: 30 + (n % 40),
      strokeColor: '#1e1e1e',
      version: ((previous?.version as number | undefined) ?? 0) + 1,
      versionNonce: n * 31,
      isDeleted: false,
    });
  }
  return updates;
}

/** Milliseconds `work` takes, the median of `times` runs. */
async function timed(work: () => Promise<unknown>, times = 5) {
  const runs: number[] = [];
  for (let run = 0; run < times; run += 1) {
    const started = performance.now();
    await work();
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}

export async function measureCompaction(
  driver: DatabaseDriver,
  count: number,
): Promise<CompactionRow> {
  const database = await openTestDatabase(driver);
  try {
    const { db } = database;
    const tutor = await createTutor(db);
    const student = await createTutor(db, { firstName: 'Sam', lastName: 'Student' });
    const at = new Date();
    const lessonOf = (hoursAhead: number) =>
      createLesson(db, {
        tutor,
        studentId: student.userId,
        start: new Date(at.getTime() + hoursAhead * 3_600_000),
      });
    const small = await lessonOf(1);
    const [first, ...updates] = drawingUpdates(count);
    await appendWhiteboardUpdate(db, { lessonId: small, authorId: tutor.userId, body: first!, at });
    const loadOneMs = await timed(() => loadWhiteboard(db, small));

    const lessonId = await lessonOf(3);
    for (const body of [first!, ...updates])
      await appendWhiteboardUpdate(db, { lessonId, authorId: tutor.userId, body, at });
    const loadLogMs = await timed(() => loadWhiteboard(db, lessonId));
    const compactMs = await timed(() => compactWhiteboard(db, lessonId, at), 1);
    const loadSnapshotMs = await timed(() => loadWhiteboard(db, lessonId));
    const snapshotBytes = (await loadWhiteboard(db, lessonId)).length;
    return {
      driver,
      updates: count,
      snapshotBytes,
      loadOneMs,
      loadLogMs,
      compactMs,
      loadSnapshotMs,
    };
  } finally {
    await database.close();
  }
}
