import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseDriver } from '../db/database';
import { migrate } from '../db/migrate';
import { seedReferenceData } from '../db/seed/reference-seed';
import { testDatabaseUrl } from '../env';

// Real databases for API tests: PGlite always, and the PostgreSQL server when
// TEST_DATABASE_URL is set (CI sets it). Each test file gets a fresh, migrated database.

export const TEST_DRIVERS: DatabaseDriver[] = testDatabaseUrl()
  ? ['pglite', 'postgres']
  : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

/** A migrated and seeded PGlite, built once per worker and loaded per test (~0.5 s vs ~5 s). */
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const database = await openDatabase({ driver: 'pglite' });
    try {
      await migrate(database.db);
      await seedReferenceData(database.db);
      return await database.dump!();
    } finally {
      await database.close();
    }
  })();
  return pgliteTemplate;
}

export async function openTestDatabase(
  driver: DatabaseDriver,
  options: { migrated?: boolean } = {},
): Promise<Database> {
  const migrated = options.migrated ?? true;
  if (driver === 'pglite') {
    return migrated
      ? openDatabase({ driver: 'pglite', loadDataDir: await migratedPgliteTemplate() })
      : openDatabase({ driver: 'pglite' });
  }
  return openScratchPostgres(migrated);
}

/** A new database on the test server, dropped again on close. */
async function openScratchPostgres(migrated: boolean): Promise<Database> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tutora_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 4 });
  if (migrated) {
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
