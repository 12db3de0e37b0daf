import { existsSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { openDatabase, type Database } from '../../db/database';

// The embedded database's online backup (issue #27). The running process owns the data folder
// (a copy of the files taken from outside would catch pages half-written), so the copy is made
// inside it: it takes the database's one session (no transaction is then open, none can
// start), checkpoints (every committed change is in the data files), and tars the folder.
// Requests wait the ~second that takes; nothing is refused. PostgreSQL: use pg_dump and WAL
// archiving instead (README, Backups).

const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/** A gzipped tarball of the data folder, consistent as of one moment between transactions. */
export async function backupEmbedded(database: Database): Promise<Buffer> {
  if (database.driver !== 'pglite' || !database.dump)
    throw new Error('Only the embedded database is backed up this way: use pg_dump');
  const session = await database.pool.connect();
  try {
    await session.query('checkpoint');
    const tar = await database.dump();
    return await gzipped(Buffer.from(await tar.arrayBuffer()));
  } finally {
    session.release();
  }
}

/** Makes `dataDir` (missing or empty: never over a live database) from a backup. */
export async function restoreEmbedded(backup: Buffer, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it`,
    );
  const tar = await gunzipped(backup);
  const database = await openDatabase({
    driver: 'pglite',
    dataDir,
    loadDataDir: new Blob([new Uint8Array(tar)]),
  });
  // A query proves the copy opens; closing writes it to the folder.
  await database.pool.query('select 1');
  await database.close();
}
