import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../src/server/env';
import { createServer } from '../src/server/server';
import { freePort } from '../src/server/test/free-port';

// An API process for the benches that drive it over IPC (bench:messages, bench:classroom): the
// bench forks a script that starts the app as `npm start` runs it (production mode) on a port
// of its own, says `ready`, and answers the bench's jobs one at a time.

export interface BenchApiSettings {
  /** PostgreSQL; without it the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  sessionSecret: string;
  /** More settings for the app. */
  env?: Record<string, string>;
}

/** In the forked script: the app, listening. */
export async function startBenchApi() {
  const settings = JSON.parse(process.env.BENCH_APP!) as BenchApiSettings;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    NODE_ENV: 'production',
    ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    SESSION_SECRET: settings.sessionSecret,
    DATA_DIR: settings.dataDir,
    STORAGE_DIR: path.join(settings.dataDir, 'storage'),
    LOG_LEVEL: 'warn',
    // Required in production; nothing here sends mail (the accounts are made verified).
    SMTP_URL: 'smtp://127.0.0.1:9',
    LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
    ...settings.env,
  });
  const server = await createServer(env, { webRoot: path.join(settings.dataDir, 'no-web') });
  await server.app.listen({ port, host: '127.0.0.1' });
  return { url, server };
}

/** In the forked script: answers each job with `answer`'s reply; stops when the bench lets go. */
export function serveBenchJobs<Job, Reply>(
  url: string,
  server: { close(): Promise<void> },
  answer: (job: Job) => Promise<Reply>,
) {
  process.on('message', (job: Job) => {
    void answer(job).then(
      (reply) => process.send!(reply),
      (error: Error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
  process.send!({ kind: 'ready', url });
}

/** In the bench: forks `script` (which calls startBenchApi and serveBenchJobs). */
export async function forkBenchApi<Job, Reply extends { kind: string }>(
  script: URL,
  settings: BenchApiSettings,
  nodeOptions: string[] = [],
) {
  const child = fork(fileURLToPath(script), [], {
    execArgv: ['--import', 'tsx', ...nodeOptions],
    env: { ...process.env, BENCH_APP: JSON.stringify(settings) },
  });
  const reply = <K extends string>(kind: K) =>
    new Promise<Extract<Reply | { kind: 'ready'; url: string }, { kind: K }>>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`API process exited (${code})`));
      child.once('exit', exited);
      child.once('message', (message: { kind: string }) => {
        child.off('exit', exited);
        if (message.kind !== kind) reject(new Error(`expected ${kind}, got ${message.kind}`));
        else resolve(message as never);
      });
    });
  const { url } = (await reply('ready')) as { url: string };
  return {
    url,
    pid: child.pid!,
    /** Sends `job` and waits for the reply of `kind`. */
    ask<K extends Reply['kind']>(job: Job, kind: K) {
      const answer = reply(kind);
      child.send(job as object);
      return answer as Promise<Extract<Reply, { kind: K }>>;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
