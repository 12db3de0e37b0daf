import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new database on the PostgreSQL server at `serverUrl` for one bench run, dropped after. */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}
