import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../adapters/clock';
import { openDatabase, type Database } from '../../db/database';
import { runBackupCommand, runRestoreCommand } from '../../cli/backup-commands';
import { createSignedInTutor, createStudents } from '../../test/factories';
import { startTestApp, testEnv, type TestApp } from '../../test/test-app';
import { fillDataDir } from '../../test/test-database';
import { MORNING_TEACHING, NOW, trialBooking } from '../../test/tokyo-mornings';
import { BACKUP_PATH } from './backup.routes';

// The embedded app serves bookings from its data folder while `npm run backup` copies it; the
// copy, restored into a new folder, holds every booking acknowledged before the backup began,
// and no booking that was never acknowledged.

const TOKEN = 'backup-token-0123456789';

describe('npm run backup and restore on the embedded database', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'tutora-backup-'));
  const dataDir = path.join(folder, 'data');
  const restoredDir = path.join(folder, 'restored');
  const backupFile = path.join(folder, 'backup.tar.gz');
  let database: Database;
  let t: TestApp;
  beforeAll(async () => {
    await fillDataDir(dataDir);
    database = await openDatabase({ driver: 'pglite', dataDir });
    t = await startTestApp(
      'pglite',
      { BACKUP_TOKEN: TOKEN },
      { sharedDatabase: database, clock: fixedClock(NOW) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a backup without the token', async () => {
    expect((await fetch(`${t.url}${BACKUP_PATH}`, { method: 'POST' })).status).toBe(401);
  });

  it('restores every booking acknowledged before the backup, while bookings go on', async () => {
    const tutor = await createSignedInTutor(t, MORNING_TEACHING);
    const students = await createStudents(t, 12);
    const acknowledged: string[] = [];
    const bookings = students.map(async (student, index) => {
      const answer = await student.client.post(
        '/api/lessons',
        trialBooking(tutor, 1 + Math.floor(index / 3), index % 3),
      );
      expect(answer.status, answer.text).toBe(201);
      acknowledged.push(answer.json.lesson.id as string);
    });
    // Some acknowledged, the rest under way: then the backup.
    while (acknowledged.length < 4) await new Promise((resolve) => setImmediate(resolve));
    const before = [...acknowledged];
    const env = testEnv({ BACKUP_TOKEN: TOKEN });
    await runBackupCommand(env, ['--url', t.url, '--out', backupFile], () => {});
    await Promise.all(bookings);
    expect(acknowledged).toHaveLength(12);

    await runRestoreCommand(env, [backupFile, '--data-dir', restoredDir], () => {});
    const restored = await openDatabase({ driver: 'pglite', dataDir: restoredDir });
    try {
      const rows = await restored.db.selectFrom('lessons').select('id').execute();
      const ids = rows.map((row) => row.id);
      expect(ids).toEqual(expect.arrayContaining(before));
      for (const id of ids) expect(acknowledged).toContain(id);
    } finally {
      await restored.close();
    }
  });

  it('never restores over an existing database', async () => {
    await expect(
      runRestoreCommand(testEnv(), [backupFile, '--data-dir', dataDir], () => {}),
    ).rejects.toThrow('is not empty');
  });
});
