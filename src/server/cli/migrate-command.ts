import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedReferenceData } from '../db/seed/reference-seed';
import type { Env } from '../env';

/**
 * `npm run migrate`: brings the database's schema and reference data up to this version, then
 * exits. A deploy runs it once (Kubernetes: a Job before the new replicas); the servers also
 * migrate on start, under the same advisory lock, so replicas starting together never race
 * and find nothing left to do.
 */
export async function runMigrateCommand(env: Env, log = console.log): Promise<string[]> {
  const database = env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: env.DATA_DIR });
  try {
    const applied = await migrate(database.db);
    await seedReferenceData(database.db);
    log(
      applied.length === 0
        ? 'tutora: the database is up to date'
        : `tutora: applied ${applied.length} migration(s): ${applied.join(', ')}`,
    );
    return applied;
  } finally {
    await database.close();
  }
}
