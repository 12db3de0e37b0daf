import { spawn } from 'node:child_process';
import { mkdirSync, accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ConfigError } from '../env';
import { lockDataDir } from './data-dir-lock';
import { pgliteEvents, postgresEvents, type DatabaseEvents } from './database-events';
import { oldestRequestFirst } from './oldest-request-first';
import { namedStatements } from './named-statements';
import type { DB } from './types';

export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  driver: DatabaseDriver;
  close(): Promise<void>;
  /** `LISTEN` for what other processes `NOTIFY` (database-events.ts). */
  events: DatabaseEvents;
  /**
   * The node-postgres pool Kysely runs on. On PGlite it hands out the one session in turn, so
   * anything else that talks to the database (pg-boss) goes through it and waits behind the app's
   * open transactions instead of running inside them.
   */
  pool: pg.Pool;
  /** PostgreSQL only: the connection string, for components that keep their own pool (pg-boss). */
  url?: string;
  /** PGlite only: a tarball of the data directory, loadable with `loadDataDir` (test templates). */
  dump?(): Promise<Blob>;
}

type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined = in memory (tests); `loadDataDir` starts from a dumped template. */
  | { driver: 'pglite'; dataDir?: string; loadDataDir?: Blob };

// PostgreSQL returns bigint (int8) and numeric as strings by default. Counts and ids fit in a
// JS number here, so parse int8; numeric stays a string (money is kept in integer cents anyway).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * PGlite's buffer pool. Its default (128MB) is written to at start, so it all counts as resident
 * memory; the data files are read through the operating system's page cache anyway, so a smaller
 * pool costs little and cuts idle memory by ~120 MB and opening by ~0.3 s (see README, Speed).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection can drop (server restart, failover): the pool replaces it on the next
    // query, so note it instead of letting the unhandled 'error' event crash the process.
    pool.on('error', (error) =>
      console.warn(`tutora: idle database connection lost: ${error.message}`),
    );
    keepCheckedOutErrorsHandled(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: namedStatements(pool) }) });
    const events = postgresEvents(options.url);
    return {
      db,
      driver: 'postgres',
      pool,
      url: options.url,
      events,
      close: async () => {
        await events.close();
        await closeKysely(db, pool);
      },
    };
  }

  // Loaded only here: a process on a PostgreSQL server never needs PGlite (~6 MB resident).
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { createPgConfig }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/node-postgres'),
  ]);
  const dataDir = options.dataDir && pglitePath(options.dataDir);
  // Two processes on one data folder would each overwrite the other's writes.
  const lock = options.dataDir ? await lockDataDir(path.resolve(options.dataDir)) : undefined;
  if (dataDir && !options.loadDataDir)
    await createClusterApart(dataDir).catch((error: unknown) => {
      lock?.release();
      throw error;
    });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist, pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  }).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  // PGlite is a single connection: the pool hands it to one query or transaction at a time,
  // the oldest request's first.
  const pool = new pg.Pool(createPgConfig(pglite));
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: namedStatements(oldestRequestFirst(pool)) }),
  });
  return {
    db,
    driver: 'pglite',
    pool,
    events: pgliteEvents(pglite, pool),
    dump: () => pglite.dumpDataDir('none'),
    close: async () => {
      await closeKysely(db, pool);
      await pglite.close();
      lock?.release();
    },
  };
}

/**
 * The pool listens for errors only on idle connections. A connection checked out but between
 * statements (a transaction awaiting other work) that the server ends (a PostgreSQL restart:
 * 57P01) emits 'error' with no listener, which would crash the process; its next statement
 * fails anyway and the pool drops it on release, so the event only needs hearing.
 */
export function keepCheckedOutErrorsHandled(pool: pg.Pool) {
  pool.on('connect', (client) => client.on('error', () => undefined));
}

/**
 * A new data folder's cluster is made (initdb) in a child process (unless loaded from a dump): its ~0.5 GB of working memory
 * then goes back to the system, instead of staying in the serving process's heap for good.
 */
async function createClusterApart(dataDir: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const script = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
    await (await PGlite.create({ dataDir: process.argv[1] })).close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`could not create the database in ${dataDir}: ${stderr}`);
}

/**
 * Kysely ends the pool only if it ran a query itself; others use the pool too (pg-boss), and an
 * idle client left in it keeps the process alive for its idle timeout.
 */
async function closeKysely(db: Kysely<DB>, pool: pg.Pool) {
  await db.destroy();
  if (!pool.ending) await pool.end();
}

const UNWRITABLE_REASONS: Record<string, string> = {
  ENOTDIR: 'a file stands where a folder is needed',
  EEXIST: 'a file stands where a folder is needed',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

/** Creates DATA_DIR/pglite (or fails with a one-line ConfigError) and returns its path. */
function pglitePath(dataDir: string): string {
  const dir = path.resolve(dataDir, 'pglite');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = UNWRITABLE_REASONS[code] ?? code;
    throw new ConfigError(`DATA_DIR ${path.resolve(dataDir)} is not writable: ${reason}`);
  }
  return dir;
}
