import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
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
  /**
   * The holder keeps the lock file open while it lives (Linux: seen in /proc/<pid>/fd), so a
   * process that no longer has it open (dying, killed) is gone. Absent in older locks.
   */
  keepsOpen?: boolean;
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
    keepsOpen: true,
  };
  // Written whole under a private name, then linked into place: link is atomic and fails if
  // the lock exists, so of two processes starting at once exactly one gets it, and nobody
  // ever reads a half-written lock.
  const draft = `${lockPath}.${me.id}`;
  writeFileSync(draft, JSON.stringify(me));
  // Opened before it is linked into place, so the lock is never seen without its holder's handle.
  const open = openSync(draft, 'r');
  let won = false;
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (tryLink(draft, lockPath)) {
        won = true;
        return hold(lockPath, me.id, open);
      }
      const holder = readHolder(lockPath);
      if (!holder) continue; // released meanwhile
      if (isRunning(holder, lockPath)) throw new ConfigError(inUseMessage(dataDir, holder));
      if (!removeStaleLock(lockPath, holder, draft)) await delay(RETRY_MS); // another takes it over
    }
  } finally {
    if (!won) closeSync(open);
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

/** `open`: the lock file's handle, kept while the lock is held (the kernel closes it at death). */
function hold(lockPath: string, id: string, open: number): DataDirLock {
  heldHere.add(lockPath);
  // A process that exits without closing the database (process.exit) still lets go.
  const release = () => {
    process.off('exit', release);
    heldHere.delete(lockPath);
    closeSync(open);
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
  // A killed process stays a zombie (state Z) until its parent reaps it: it is gone.
  if (['Z', 'X'].includes(processState(holder.pid) ?? '')) return false;
  const start = processStart(holder.pid);
  if (holder.processStart && start && start !== holder.processStart) return false;
  return !holder.keepsOpen || hasOpen(holder.pid, lockPath) !== false;
}

/**
 * Whether the process has the file open (Linux, same user); undefined when that cannot be
 * seen (another user's process, no /proc): then it is taken to be running.
 */
function hasOpen(pid: number, file: string): boolean | undefined {
  let target;
  let descriptors;
  try {
    target = statSync(file);
    descriptors = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return undefined;
  }
  return descriptors.some((fd) => {
    try {
      const open = statSync(`/proc/${pid}/fd/${fd}`);
      return open.ino === target.ino && open.dev === target.dev;
    } catch {
      return false; // closed meanwhile
    }
  });
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
    // (A claimer holds no lock open yet: only its being alive counts.)
    if (claimer && !isRunning({ ...claimer, keepsOpen: false }, lockPath)) unlinkQuietly(claim);
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
const processStart = (pid: number) => statFields(pid)?.[19];

/** The process's state letter (Linux: R, S, D, Z for a zombie...); undefined elsewhere. */
const processState = (pid: number) => statFields(pid)?.[0];

/** /proc/<pid>/stat's fields after the command name, from field 3 (the state) on. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and ends with ')'; field 3 follows it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
