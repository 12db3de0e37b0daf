import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A scratch database on the server for one bench run, dropped by the returned function. */
export async function scratchDatabase(
  serverUrl: string,
  prefix = 'tutora_bench',
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
      // The app's pools have ended, but their connections close a moment later: wait for
      // them (a forced drop would cut them off mid-goodbye, and the app would log it).
      for (let tries = 0; tries < 50; tries += 1) {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
