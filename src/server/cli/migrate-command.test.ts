import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../db/migrate';
import { testEnv } from '../test/test-app';
import { runMigrateCommand } from './migrate-command';

describe('npm run migrate', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-migrate-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('applies every migration once, then finds the database up to date', async () => {
    const said: string[] = [];
    const env = testEnv({ DATA_DIR: dataDir });
    const first = await runMigrateCommand(env, (line) => said.push(line));
    expect(first).toEqual((await readMigrations()).map((migration) => migration.name));
    expect(await runMigrateCommand(env, (line) => said.push(line))).toEqual([]);
    expect(said.at(-1)).toBe('tutora: the database is up to date');
  });
});
