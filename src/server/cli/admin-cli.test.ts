import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CLI_MESSAGES as M } from '../../domain/admin/admin-shell-messages';
import { openDatabase } from '../db/database';
import { PROJECT_ROOT } from '../server';
import { fillDataDir } from '../test/test-database';

// The real `npm run admin` entry as its own process, on an embedded database in a data folder:
// what it prints and its exit code, and its refusal while another process has the folder open.

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runAdmin(args: string[], dataDir: string): Promise<Finished> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() })),
  );
}

describe('npm run admin (a child process on an embedded database)', () => {
  let dataDir: string;
  const email = 'ada.admin@example.com';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-admin-cli-'));
    await fillDataDir(dataDir);
    const database = await openDatabase({ driver: 'pglite', dataDir });
    await database.db
      .insertInto('users')
      .values({
        email,
        full_name: 'Ada Byron',
        first_name: 'Ada',
        last_name: 'Byron',
        role: 'student',
        is_email_verified: true,
      })
      .execute();
    await database.close();
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('promotes, says so again, revokes, and refuses an unknown email', async () => {
    expect(await runAdmin(['--email', email], dataDir)).toEqual({
      code: 0,
      stdout: M.granted(email),
      stderr: '',
    });
    expect(await runAdmin(['--email', email], dataDir)).toMatchObject({
      code: 0,
      stdout: M.alreadyAdmin(email),
    });
    expect(await runAdmin(['--email', email, '--revoke'], dataDir)).toMatchObject({
      code: 0,
      stdout: M.revoked(email),
    });
    expect(await runAdmin(['--email', 'nobody@example.com'], dataDir)).toEqual({
      code: 1,
      stdout: '',
      stderr: M.unknownEmail('nobody@example.com'),
    });
    expect(await runAdmin([], dataDir)).toMatchObject({ code: 1, stderr: M.emailRequired });

    const database = await openDatabase({ driver: 'pglite', dataDir });
    try {
      const actions = await database.db
        .selectFrom('audit_log')
        .select(['action', 'admin_id'])
        .orderBy('id')
        .execute();
      expect(actions).toEqual([
        { action: 'admin_granted', admin_id: null },
        { action: 'admin_revoked', admin_id: null },
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('tells the user to stop Tutora first while another process holds the data folder', async () => {
    const running = await openDatabase({ driver: 'pglite', dataDir });
    try {
      const result = await runAdmin(['--email', email], dataDir);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      // One line naming the folder and saying to stop the other process first.
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(
        `Tutora is already using data folder ${path.resolve(dataDir)}`,
      );
      expect(result.stderr).toContain('Stop it first');
    } finally {
      await running.close();
    }
  }, 60_000);
});
