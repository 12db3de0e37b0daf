import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { DB } from './types';

// Plain-SQL migrations (NNN-name.sql), applied in name order, recorded in schema_migrations.
// Landed files are append-only. The build copies this folder next to the server bundle.
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^\d{3}-[a-z0-9-]+\.sql$/;

export interface Migration {
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(`${dir}/${name}`, 'utf8') })),
  );
}

/**
 * Applies pending migrations in one transaction: all land or none do. An advisory lock keeps
 * two processes starting together from applying the same file twice.
 * Returns the names applied now.
 */
export async function migrate(db: Kysely<DB>, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('tutora:migrations'))`.execute(trx);
    await sql`
      create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(trx);
    const applied = new Set(
      (await trx.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name),
    );
    const pending = all.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
    }
    return pending.map((migration) => migration.name);
  });
}
