import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { configuredStorage } from '../../adapters/storage/configured-storage';
import { openDatabase } from '../database';
import { migrate } from '../migrate';
import { ConfigError, loadDotEnvFile, loadEnv } from '../../env';
import { seedDemoTutors } from './demo-tutors';
import { seedReferenceData } from './reference-seed';

// `npm run seed -- --tutors N`: adds N demo tutors to the configured database.
async function main() {
  const { values } = parseArgs({
    options: {
      tutors: { type: 'string', default: '50' },
      seed: { type: 'string' },
      'allow-production': { type: 'boolean' },
    },
  });
  const count = Number(values.tutors);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new ConfigError('--tutors must be a whole number from 1 to 1000000');
  }
  loadDotEnvFile();
  const env = loadEnv();
  if (env.NODE_ENV === 'production' && !values['allow-production']) {
    throw new ConfigError(
      'refusing to add demo data to a production database (pass --allow-production to insist)',
    );
  }
  const database = env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: env.DATA_DIR });
  try {
    await migrate(database.db);
    await seedReferenceData(database.db);
    const started = Date.now();
    const result = await seedDemoTutors(database.db, {
      count,
      seed: values.seed ? Number(values.seed) : Date.now() % 100_000,
      onProgress: (done) => process.stdout.write(`\r  ${done} / ${count} tutors`),
      avatars: { storage: configuredStorage(env) },
    });
    // Seeding rewrites each profile a few times (reviews, search text): reclaim and re-plan.
    await sql`vacuum analyze`.execute(database.db);
    console.log(
      `\nAdded ${result.tutors} demo tutors and ${result.reviews} reviews in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`tutora seed: ${error instanceof ConfigError ? error.message : String(error)}`);
  process.exit(1);
});
