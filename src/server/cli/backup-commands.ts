import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Env } from '../env';
import { BACKUP_PATH } from '../modules/backup/backup.routes';
import { restoreEmbedded } from '../modules/backup/embedded-backup';

// `npm run backup` asks the running app for a consistent copy of its embedded database (the
// app owns the data folder); `npm run restore` makes a new data folder from one, app stopped.

/** npm run backup -- [--url http://127.0.0.1:3000] [--out tutora-backup-<time>.tar.gz] */
export async function runBackupCommand(env: Env, args: string[], log = console.log) {
  const { values } = parseArgs({
    args,
    options: { url: { type: 'string' }, out: { type: 'string' } },
  });
  if (!env.BACKUP_TOKEN)
    throw new Error('Set BACKUP_TOKEN (the same as the running app has) to take a backup');
  const base = values.url ?? `http://127.0.0.1:${env.PORT}`;
  const out =
    values.out ?? `tutora-backup-${new Date().toISOString().replaceAll(/[:.]/g, '-')}.tar.gz`;
  const response = await fetch(new URL(BACKUP_PATH, base), {
    method: 'POST',
    headers: { authorization: `Bearer ${env.BACKUP_TOKEN}` },
  });
  if (!response.ok)
    throw new Error(
      response.status === 404
        ? `${base} takes no backups: is it running on the embedded database with BACKUP_TOKEN set?`
        : `the backup failed: ${response.status} ${await response.text()}`,
    );
  const bytes = Buffer.from(await response.arrayBuffer());
  // Never a half-written file under the final name.
  const partial = `${out}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, out);
  log(`tutora: backup written to ${path.resolve(out)} (${(bytes.length / 1e6).toFixed(1)} MB)`);
  return out;
}

/** npm run restore -- <backup.tar.gz> [--data-dir DIR] (DIR missing or empty; default DATA_DIR) */
export async function runRestoreCommand(env: Env, args: string[], log = console.log) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) throw new Error('Name the backup file: npm run restore -- <file> [--data-dir DIR]');
  const dataDir = values['data-dir'] ?? env.DATA_DIR;
  await restoreEmbedded(await readFile(file), dataDir);
  log(
    `tutora: restored ${file} into ${path.resolve(dataDir)}; start the app with DATA_DIR=${dataDir}`,
  );
}
