import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The app as users run it, for the start-up and HTTP benches: `node scripts/start.mjs` in its
// own process, with the environment `npm start` sets, healthy when GET /api/health answers 200;
// its memory read from /proc.

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The variables package.json's `start` script sets before Node (`NAME=value node …`). */
function npmStartEnv(): Record<string, string> {
  const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const prefix = /^(?:\w+=\S+\s+)*/.exec(packageJson.scripts.start)![0];
  return Object.fromEntries(
    prefix
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split('=')),
  );
}

/** A 32+ character secret: the benches run the app in production mode. */
const BENCH_SECRET = 'bench-session-secret-0123456789abcdef';

export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy answer. */
  healthyMs: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  port: number;
  /** PGlite's data folder (ignored with databaseUrl). */
  dataDir: string;
  databaseUrl?: string;
  smtpUrl: string;
  /** Extra environment (e.g. a shorter job polling interval). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Resident and peak memory of a process, in MB (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/**
 * CPU seconds a process has used (user + system, Linux): on a shared machine this says more
 * about the work of a start than the wall time does.
 */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function startApp(options: StartOptions): Promise<AppProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      SESSION_SECRET: BENCH_SECRET,
      SMTP_URL: options.smtpUrl,
      PUBLIC_URL: url,
      LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
      LOG_LEVEL: 'warn',
      ...npmStartEnv(),
      ...options.env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = started + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error(`the app was not healthy in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { url, child, healthyMs: performance.now() - started, stop };
}
