import type { Kysely } from 'kysely';
import type * as Yjs from 'yjs';
import { WHITEBOARD_COMPACT_AFTER } from '../../../domain/classroom/classroom-rules';
import type { DB } from '../../db/types';
import type { Db } from './classroom-db';
import {
  countUpdates,
  deleteUpdates,
  lockWhiteboard,
  saveSnapshot,
  whiteboardParts,
} from './classroom.repository';

// A lesson's whiteboard is a Yjs document kept as one snapshot plus the updates written since.
// Yjs updates merge in any order and applying one twice changes nothing, so a reader may take
// the snapshot and the updates without a lock, and compaction merges exactly the rows it read.

/** Yjs, loaded when a board is first read or written: most processes never open a classroom (ADR 042). */
let yjs: Promise<typeof Yjs> | undefined;
const loadYjs = () => (yjs ??= import('yjs'));

/**
 * The parts as one update, through a document: it drops what later updates overwrote (a
 * shape's earlier versions), where Y.mergeUpdates keeps every one and slows down sharply with
 * many parts (10 000 updates of 1 000 shapes: 1.2 MB in seconds against 0.2 MB in well under
 * one, npm run bench:classroom).
 */
async function merged(parts: Uint8Array[]): Promise<Uint8Array> {
  if (parts.length === 1) return new Uint8Array(parts[0]!);
  const Y = await loadYjs();
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const part of parts) Y.applyUpdate(doc, part);
  });
  return Y.encodeStateAsUpdate(doc);
}

/** The board's whole state as one Yjs update. */
export async function loadWhiteboard(db: Db, lessonId: string): Promise<Uint8Array> {
  const { snapshot, updates } = await whiteboardParts(db, lessonId);
  return merged([...(snapshot ? [snapshot] : []), ...updates.map((update) => update.body)]);
}

/**
 * Merges the snapshot and the updates written so far into a new snapshot and deletes those
 * updates, in one transaction (one compaction per board at a time across processes).
 */
export async function compactWhiteboard(db: Kysely<DB>, lessonId: string, at: Date) {
  await db.transaction().execute(async (trx) => {
    await lockWhiteboard(trx, lessonId);
    const { snapshot, updates } = await whiteboardParts(trx, lessonId);
    if (updates.length === 0) return;
    const state = await merged([
      ...(snapshot ? [snapshot] : []),
      ...updates.map((update) => update.body),
    ]);
    await saveSnapshot(trx, lessonId, state, at);
    await deleteUpdates(
      trx,
      updates.map((update) => update.seq),
    );
  });
}

/** Compacts when enough updates piled up (after a write; the writer does not wait for it). */
export async function compactIfLong(db: Kysely<DB>, lessonId: string, at: Date) {
  if ((await countUpdates(db, lessonId)) >= WHITEBOARD_COMPACT_AFTER)
    await compactWhiteboard(db, lessonId, at);
}

/** Whether `bytes` is a Yjs update (a malformed one would break every reader of the board). */
export async function isYjsUpdate(bytes: Uint8Array) {
  const Y = await loadYjs();
  try {
    Y.decodeUpdate(bytes);
    return true;
  } catch {
    return false;
  }
}
