import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, npmScript } from '../env';

// The embedded database (PGlite) must be opened by one process at a time: two processes on one
// folder both serve, and each overwrites what the other wrote. The folder holds a lock file
// naming the process that has it open; another process refuses to start with one line naming
// that process, and a lock left by a process that died (kill -9, a crash) is taken over.

export interface LockHolder {
  pid: number;
  /** How the process was started, as its user typed it (`npm start`). */
  command: string;
  /** The process's start as the kernel counts it (Linux), so a reused pid is not taken for it. */
  processStart?: string;
  /** This lock's own identity: what a takeover checks it is removing. */
  id: string;
}

export interface DataDirLock {
  release(): void;
}

/** Lock files this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

const ATTEMPTS = 50;
const RETRY_MS = 20;

/** Locks `dataDir` for this process, or throws a ConfigError naming the process that has it. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const lockPath = path.join(dataDir, 'pglite.lock');
  const me: LockHolder = {
    pid: process.pid,
    command: startedBy(),
    processStart: processStart(process.pid),
    id: randomUUID(),
  };
  // Written whole under a private name, then linked into place: link is atomic and fails if
  // the lock exists, so of two processes starting at once exactly one gets it, and nobody
  // ever reads a half-written lock.
  const draft = `${lockPath}.${me.id}`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (tryLink(draft, lockPath)) return hold(lockPath, me.id);
      const holder = readHolder(lockPath);
      if (!holder) continue; // released meanwhile
      if (isRunning(holder, lockPath)) throw new ConfigError(inUseMessage(dataDir, holder));
      if (!removeStaleLock(lockPath, holder, draft)) await delay(RETRY_MS); // another takes it over
    }
  } finally {
    unlinkSync(draft);
  }
  throw new ConfigError(`could not lock data folder ${dataDir}: it keeps changing hands`);
}

export function inUseMessage(dataDir: string, holder: Pick<LockHolder, 'pid' | 'command'>) {
  return (
    `Tutora is already using data folder ${dataDir} (process ${holder.pid}, started by ` +
    `${holder.command}). Stop it first, then try again.`
  );
}

function hold(lockPath: string, id: string): DataDirLock {
  heldHere.add(lockPath);
  // A process that exits without closing the database (process.exit) still lets go.
  const release = () => {
    process.off('exit', release);
    heldHere.delete(lockPath);
    if (readHolder(lockPath)?.id === id) unlinkQuietly(lockPath);
  };
  process.on('exit', release);
  return { release };
}

function tryLink(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    // Not written by this code (locks are linked in whole): nobody holds it.
    return { pid: 0, command: 'unknown', id: 'unreadable' };
  }
}

function isRunning(holder: LockHolder, lockPath: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(lockPath);
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user (maybe a reused pid: see below).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStart(holder.pid);
  return !holder.processStart || !start || start === holder.processStart;
}

/**
 * Removes the lock of a process that has died, unless another process is doing so right now
 * (then false). Two processes may find the same dead lock: only the one that creates the claim
 * file for that lock removes it, and only if the lock is still that one, so a lock taken
 * meanwhile by a live process is never removed.
 */
function removeStaleLock(lockPath: string, stale: LockHolder, draft: string): boolean {
  const claim = `${lockPath}.takeover-${stale.id}`;
  // The claimer's own lock text, linked in whole like the lock: never seen half written.
  if (!tryLink(draft, claim)) {
    // A claim whose process died mid-takeover would otherwise block for good.
    const claimer = readHolder(claim);
    if (claimer && !isRunning(claimer, lockPath)) unlinkQuietly(claim);
    return false;
  }
  try {
    if (readHolder(lockPath)?.id === stale.id) unlinkQuietly(lockPath);
    return true;
  } finally {
    unlinkQuietly(claim);
  }
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** What started this process, in the words its user typed. */
function startedBy(): string {
  const script = npmScript();
  if (script === 'start' || script === 'test') return `\`npm ${script}\``;
  if (script) return `\`npm run ${script}\``;
  const entry = process.argv[1] && path.relative(process.cwd(), process.argv[1]);
  return entry ? `\`node ${entry}\`` : '`node`';
}

/** The process's start time in clock ticks since boot (Linux); undefined elsewhere. */
function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and ends with ')'); the start time
    // is field 22, the 20th after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
