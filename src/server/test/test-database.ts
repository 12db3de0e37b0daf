import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseDriver } from '../db/database';
import { migrate } from '../db/migrate';
import { seedReferenceData } from '../db/seed/reference-seed';
import { testDatabaseUrl } from '../env';

// Real databases for API tests: PGlite always, and the PostgreSQL server when
// TEST_DATABASE_URL is set (CI sets it). Each test file gets a fresh, migrated database.
// Global setup for the api and browser projects: src/server/test/database-templates.ts.

export const TEST_DRIVERS: DatabaseDriver[] = testDatabaseUrl()
  ? ['pglite', 'postgres']
  : ['pglite'];

type PgliteTemplate = 'empty' | 'migrated';
const pgliteTemplates = new Map<PgliteTemplate, Promise<Blob>>();

/**
 * A PGlite data directory to start from: fresh, or migrated and seeded. Under Vitest the run's
 * global setup built both once (database-templates.ts); elsewhere they are built here, once per
 * module. Loading one takes a few seconds less than a new PGlite's initdb and migrations.
 */
function pgliteTemplate(kind: PgliteTemplate): Promise<Blob> {
  let template = pgliteTemplates.get(kind);
  if (!template) {
    const built = providedTemplates()?.pglite[kind];
    template = built ? readFile(built).then((bytes) => new Blob([bytes])) : buildTemplate(kind);
    pgliteTemplates.set(kind, template);
  }
  return template;
}

function providedTemplates() {
  try {
    return inject('databaseTemplates');
  } catch {
    // Not inside a Vitest worker.
    return undefined;
  }
}

async function buildTemplate(kind: PgliteTemplate): Promise<Blob> {
  const database = await openDatabase({ driver: 'pglite' });
  try {
    if (kind === 'migrated') {
      await migrate(database.db);
      await seedReferenceData(database.db);
    }
    return await database.dump!();
  } finally {
    await database.close();
  }
}

export async function openTestDatabase(
  driver: DatabaseDriver,
  options: { migrated?: boolean } = {},
): Promise<Database> {
  const migrated = options.migrated ?? true;
  if (driver === 'pglite') {
    const template = await pgliteTemplate(migrated ? 'migrated' : 'empty');
    return openDatabase({ driver: 'pglite', loadDataDir: template });
  }
  return openScratchPostgres(migrated);
}

/**
 * Fills an empty data folder with a migrated and seeded embedded database, as a server that ran
 * before leaves it: a server started on it skips initdb and the migrations.
 */
export async function fillDataDir(dataDir: string): Promise<void> {
  const template = await pgliteTemplate('migrated');
  await (await openDatabase({ driver: 'pglite', dataDir, loadDataDir: template })).close();
}

/** A new database on the test server, dropped again on close. */
async function openScratchPostgres(migrated: boolean): Promise<Database> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tutora_test_${randomBytes(6).toString('hex')}`;
  // A copy of the run's migrated template (global setup) where there is one: no migrations.
  const template = migrated ? providedTemplates()?.postgres : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 4 });
  if (migrated && !template) {
    await migrate(database.db);
    await seedReferenceData(database.db);
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
