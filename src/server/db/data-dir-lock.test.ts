import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../server';
import { freePort } from '../test/free-port';
import { fillDataDir } from '../test/test-database';
import { inUseMessage } from './data-dir-lock';
import { openDatabase } from './database';

// The embedded database in one data folder is opened by one process at a time: real processes
// (the server, the seed command) on one folder, started one after another or at the same instant.
// A server starting on a new folder creates and migrates its database (minutes on a busy
// machine): the servers here start on a folder that already holds one.

interface Started {
  child: ChildProcessWithoutNullStreams;
  output: { stdout: string; stderr: string };
}

/** Runs a TypeScript entry of the app as its own Node process in the repository root. */
function run(entry: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: PROJECT_ROOT,
    // Only what is given: not the npm script this test runs under.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk));
  return { child, output };
}

/** Resolves once the process has printed one of `texts`. */
function waitFor({ child, output }: Started, ...texts: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const printed = output.stdout + output.stderr;
      if (texts.some((text) => printed.includes(text))) resolve();
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    child.once('exit', () =>
      reject(
        new Error(`exited before "${texts.join('" or "')}":\n${output.stdout}${output.stderr}`),
      ),
    );
    check();
  });
}

/** Resolves once `check` holds (a state the kernel reaches on its own, read again each 10 ms). */
async function until(check: () => boolean | undefined) {
  while (!check()) await delay(10);
}

function exitCode({ child }: Started): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function stop(started: Started, signal: NodeJS.Signals = 'SIGTERM') {
  const exited = exitCode(started);
  started.child.kill(signal);
  return exited;
}

describe('one process at a time on an embedded data folder', () => {
  let dataDir: string;
  const running: Started[] = [];
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-lock-'));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((started) => stop(started, 'SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(label: Record<string, string> = {}) {
    const server = run('src/server/main.ts', [], {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...label,
    });
    running.push(server);
    return server;
  }

  it('refuses a second server and the seed command with one line naming the first, which keeps serving', async () => {
    await fillDataDir(dataDir);
    const port = await freePort();
    const first = await startServer({ PORT: String(port), npm_lifecycle_event: 'start' });
    await waitFor(first, 'Server listening at');
    const refusal = inUseMessage(dataDir, { pid: first.child.pid!, command: '`npm start`' });

    const second = await startServer();
    expect(await exitCode(second)).toBe(1);
    expect(second.output.stderr).toBe(`tutora: ${refusal}\n`);

    const seed = run('src/server/db/seed/cli.ts', ['--tutors', '1'], { DATA_DIR: dataDir });
    running.push(seed);
    expect(await exitCode(seed)).toBe(1);
    expect(seed.output.stderr).toBe(`tutora seed: ${refusal}\n`);

    const reference = await fetch(`http://127.0.0.1:${port}/api/reference`);
    expect(reference.status).toBe(200);
    expect(await stop(first)).toBe(0);
    // Stopped cleanly: the lock is gone.
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 360_000);

  /** A process that locked the folder and was killed (kill -9): its lock stays behind. */
  async function leaveStaleLock() {
    const [killed] = await contenders(1);
    await stop(killed!, 'SIGKILL');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
  }

  async function contenders(count: number) {
    const started = Array.from({ length: count }, () =>
      run('src/server/test/lock-contender.ts', [dataDir], {}),
    );
    running.push(...started);
    await Promise.all(started.map((contender) => waitFor(contender, 'ready')));
    for (const contender of started) contender.child.stdin.write('go\n');
    await Promise.all(started.map((contender) => waitFor(contender, 'won', 'refused')));
    return started;
  }

  it('takes over the lock of a process that was killed, and refuses a second open in one process', async () => {
    await leaveStaleLock();
    const database = await openDatabase({ driver: 'pglite', dataDir });
    await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toThrow(
      inUseMessage(dataDir, { pid: process.pid, command: 'x' }).split(', started')[0]!,
    );
    await database.close();
    await (await openDatabase({ driver: 'pglite', dataDir })).close();
  }, 360_000);

  it('takes over at once the lock of a killed process that is still a zombie', async () => {
    // The contender's parent shell turns into `sleep`, which never reaps it: killed, it stays a
    // zombie (state Z) with its pid and start time, as under a supervisor slow to reap.
    const parent = spawn(
      'bash',
      [
        '-c',
        `${process.execPath} --import tsx src/server/test/lock-contender.ts "$0" 0<&0 & echo "pid $!"; exec sleep 600`,
        dataDir,
      ],
      { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } },
    );
    const contender = { child: parent, output: { stdout: '', stderr: '' } };
    parent.stdout.on('data', (chunk: Buffer) => (contender.output.stdout += chunk));
    parent.stderr.on('data', (chunk: Buffer) => (contender.output.stderr += chunk));
    running.push(contender);
    await waitFor(contender, 'ready');
    parent.stdin.write('go\n');
    await waitFor(contender, 'won');
    const pid = Number(/pid (\d+)/.exec(contender.output.stdout)?.[1]);
    process.kill(pid, 'SIGKILL');
    await until(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z'));
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    await (await openDatabase({ driver: 'pglite', dataDir })).close();
  }, 360_000);

  it.each([
    ['a free folder', async () => {}],
    ['a folder a killed process left locked', leaveStaleLock],
  ])(
    'lets exactly one of four processes locking %s at the same instant have it',
    async (_, given) => {
      await given();
      const started = await contenders(4);
      const winners = started.filter(({ output }) => output.stdout.includes('won'));
      expect(winners).toHaveLength(1);
      const refusal = inUseMessage(dataDir, {
        pid: winners[0]!.child.pid!,
        command: '`node src/server/test/lock-contender.ts`',
      });
      for (const loser of started.filter((contender) => contender !== winners[0]))
        expect(loser.output.stdout).toBe(`ready\nrefused: ${refusal}\n`);
    },
  );
});
