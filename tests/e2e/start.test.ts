import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { ROOT } from '../../scripts/build-steps.mjs';

// `npm start` as a newcomer runs it: the built app on the embedded database in DATA_DIR.
// Stopping and starting again must keep the data.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `npm start` and resolves once it tells the person where the app is. */
async function startApp(dataDir: string, port: number) {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk;
      // One plain line, whatever the log level (issue #29).
      if (output.includes(`Tutora is running at http://localhost:${port}\n`)) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => reject(new Error(`npm start exited early:\n${output}`)));
  });
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.ok).toBe(true);
  return child;
}

function stopApp(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('npm start with the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the sign-in page and the API, and keeps data across a restart', async () => {
    const port = await freePort();
    const first = await startApp(dataDir, port);
    const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // A client-side route reloads into the SPA too.
    const deepLink = await fetch(`http://127.0.0.1:${port}/signup/student`, {
      headers: { accept: 'text/html' },
    });
    expect(deepLink.status).toBe(200);
    expect(await stopApp(first)).toBe(0);

    // Change data while the app is down, as an operator would.
    const database = await openDatabase({ driver: 'pglite', dataDir });
    await database.db
      .updateTable('subjects')
      .set({ name: 'Algebra' })
      .where('name', '=', 'Mathematics')
      .execute();
    await database.close();

    const second = await startApp(dataDir, port);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/reference`);
      const data = (await response.json()) as { subjects: { name: string }[] };
      expect(data.subjects.map((s) => s.name)).toContain('Algebra');
      expect(data.subjects.map((s) => s.name)).not.toContain('Mathematics');
    } finally {
      expect(await stopApp(second)).toBe(0);
    }
  });
});
