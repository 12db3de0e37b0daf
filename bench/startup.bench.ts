import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startSmtpInbox } from '../src/server/test/smtp-inbox';
import { freePort } from '../src/server/test/free-port';
import { ROOT, cpuSecondsOf, memoryOf, startApp } from './app-process';

// npm run bench:startup: `npm start` as users run it, timed to its first healthy answer.
// First start: a fresh clone (no build, no data: it builds, then creates the database).
// Second start: built, data present. Peak RSS is the serving process's high-water mark;
// idle RSS is read after it has sat idle for a few seconds, and after the last start again once
// it has rested a minute (V8 shrinks its young generation after ~30 s without work).

const IDLE_SETTLE_MS = 5_000;
const AT_REST_MS = 60_000;

const inbox = await startSmtpInbox();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tutora-startup-'));
const mb = (value: number) => `${value.toFixed(0)} MB`;

async function measure(label: string, { rest = false } = {}) {
  const app = await startApp({ port: await freePort(), dataDir, smtpUrl: inbox.url });
  try {
    const atHealthy = memoryOf(app.child.pid!);
    const cpu = cpuSecondsOf(app.child.pid!);
    await delay(IDLE_SETTLE_MS);
    const idle = memoryOf(app.child.pid!);
    console.log(
      `${label.padEnd(14)} healthy in ${(app.healthyMs / 1000).toFixed(2)} s (CPU ${cpu.toFixed(2)} s) · RSS at healthy ${mb(atHealthy.rssMb)} · idle ${mb(idle.rssMb)} · peak ${mb(idle.peakMb)}`,
    );
    if (rest) {
      await delay(AT_REST_MS - IDLE_SETTLE_MS);
      console.log(
        `${''.padEnd(14)} RSS after a minute at rest ${mb(memoryOf(app.child.pid!).rssMb)}`,
      );
    }
  } finally {
    await app.stop();
  }
}

console.log(`load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
try {
  // A fresh clone has no build: remove it so that the first start makes one.
  rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  await measure('first start');
  await measure('second start');
  await measure('third start', { rest: true });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await inbox.close();
}
