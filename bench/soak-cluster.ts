import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './app-process';

// The soak's topology on this machine, every piece started here in a temp folder: a private
// PostgreSQL cluster (Debian's binaries: the shared one on :5432 is other people's, and the
// soak restarts its own), API processes of the built app, and nginx in front of them.

const PG_BIN = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb refuses root). */
function pgCommand(binary: string, args: string[]) {
  const file = path.join(PG_BIN, binary);
  return asRoot
    ? { command: 'runuser', args: ['-u', 'postgres', '--', file, ...args] }
    : { command: file, args };
}

function runPg(binary: string, args: string[]) {
  const { command, args: all } = pgCommand(binary, args);
  const result = spawnSync(command, all, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr}${result.stdout}`);
}

export interface PrivatePostgres {
  url: string;
  restart(): void;
  stop(): void;
}

export function startPrivatePostgres(folder: string, port: number): PrivatePostgres {
  const dataDir = path.join(folder, 'pgdata');
  const socketDir = path.join(folder, 'pgsock');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(socketDir, { recursive: true });
  if (asRoot) {
    const { uid, gid } = postgresUser();
    for (const dir of [folder, dataDir, socketDir]) chownSync(dir, uid, gid);
  }
  runPg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on`;
  const log = path.join(folder, 'postgres.log');
  runPg('pg_ctl', ['-D', dataDir, '-o', options, '-l', log, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () =>
      runPg('pg_ctl', ['-D', dataDir, '-o', options, '-l', log, '-m', 'fast', '-w', 'restart']),
    stop: () => runPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']),
  };
}

function postgresUser() {
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface ApiProcess {
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
}

/**
 * Starts the built app on `port` and waits until it is ready. A start that fails (the database
 * restarting meanwhile) is tried again, as an orchestrator restarts a crashed container.
 */
export async function startApi(port: number, env: Record<string, string>): Promise<ApiProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    for (;;) {
      if (child.exitCode !== null) break;
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
      if (ready?.ok) return { port, child, exited };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (attempt === 5) throw new Error(`the API process on ${port} failed to start 5 times`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export interface Nginx {
  url: string;
  /**
   * Takes the upstream on `port` out of rotation (or puts every one back, given null) and
   * resolves once nginx's workers run the new configuration.
   */
  setDown(port: number | null): Promise<void>;
  stop(): Promise<void>;
}

/** Debian's nginx on loopback with its own config (WebSocket upgrade, keep-alive, retries). */
export async function startNginx(
  folder: string,
  port: number,
  upstreams: number[],
): Promise<Nginx> {
  const conf = path.join(folder, 'nginx.conf');
  const writeConf = (down: number | null) =>
    writeFileSync(
      conf,
      `worker_processes 1;
# A reload's old worker stops within this bound even with live sockets open (they reconnect).
worker_shutdown_timeout 10s;
pid ${folder}/nginx.pid;
error_log ${folder}/nginx-error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  upstream api {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0${p === down ? ' down' : ''};`).join('\n')}
    keepalive 64;
    # Idle upstream connections are closed by nginx, before a stopping process's drain ends
    # (SHUTDOWN_DRAIN_SECONDS): the process never closes one nginx is about to reuse.
    keepalive_timeout 2s;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Request-Id $request_id;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 3;
      proxy_read_timeout 75s;
    }
  }
}
`,
    );
  writeConf(null);
  const child = spawn(
    '/usr/sbin/nginx',
    ['-p', folder, '-c', conf, '-e', `${folder}/nginx-error.log`, '-g', 'daemon off;'],
    {
      stdio: 'inherit',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('nginx exited at start');
    if ((await fetch(`${url}/api/health/live`).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const master = child.pid!;
  return {
    url,
    setDown: async (down) => {
      const before = new Set(workersOf(master));
      writeConf(down);
      child.kill('SIGHUP');
      // The reload is done when a new worker serves and every old one was told to stop (it
      // closed its listener, finishes requests under way and keeps only upgraded sockets).
      for (;;) {
        const workers = workersOf(master);
        const fresh = workers.some((pid) => !before.has(pid) && !isShuttingDown(pid));
        if (fresh && workers.every((pid) => !before.has(pid) || isShuttingDown(pid))) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: async () => {
      // Fast stop: a graceful one would wait for the proxied live sockets.
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The nginx master's worker processes (Linux: its children, from /proc). */
function workersOf(master: number): number[] {
  const children = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim();
  return children ? children.split(/\s+/).map(Number) : [];
}

/** Whether an nginx worker was told to stop: its title says so (or it is already gone). */
function isShuttingDown(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('shutting down');
  } catch {
    return true;
  }
}
