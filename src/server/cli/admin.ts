import { parseArgs } from 'node:util';
import { ADMIN_CLI_MESSAGES as M } from '../../domain/admin/admin-shell-messages';
import { systemClock } from '../adapters/clock';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { ConfigError, loadDotEnvFile, loadEnv } from '../env';
import { setAdminRole } from '../modules/admin/admin-role';

// `npm run admin -- --email someone@example.com [--revoke]`: makes an existing verified
// student an admin (or a student again). Opens the database as the app does; on the embedded
// database (PGlite) a running Tutora holds the data folder, and the lock's one line says so.
async function main(): Promise<number> {
  let values: { email?: string; revoke?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, revoke: { type: 'boolean', default: false } },
    }));
  } catch {
    console.error(M.usage);
    return 1;
  }
  if (!values.email?.trim()) {
    console.error(M.emailRequired);
    return 1;
  }
  loadDotEnvFile();
  const env = loadEnv();
  const database = env.DATABASE_URL
    ? await openDatabase({ driver: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ driver: 'pglite', dataDir: env.DATA_DIR });
  try {
    // A database never started by this version may lack the admin role: bring it up to date.
    await migrate(database.db);
    const outcome = await setAdminRole(database.db, systemClock, {
      email: values.email,
      revoke: values.revoke ?? false,
    });
    if (!outcome.ok) {
      console.error(outcome.message);
      return 1;
    }
    console.log(outcome.message);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`tutora admin: ${error instanceof ConfigError ? error.message : String(error)}`);
    process.exit(1);
  },
);
