import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The soak bench, short (half a minute of load): the whole topology (nginx, 3 API processes,
// a private PostgreSQL, s3rver) under a rolling SIGTERM restart (each process taken out of
// nginx first, as a deploy does), an unannounced SIGKILL and a PostgreSQL restart. The bench
// itself exits 1 when a target is missed; its table is printed on failure.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe.runIf(process.platform === 'linux')('npm run soak, short', () => {
  it('loses no acknowledged booking, books no slot twice, answers no 5xx to a SIGTERM restart', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/soak.bench.ts',
        '--minutes',
        '0.5',
        '--restart-every',
        '8',
        '--sockets',
        '50',
        '--users',
        '12',
      ],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    await new Promise<number | null>((resolve) => child.once('exit', resolve));
    // The invariants: a mail whose SMTP acceptance came the milliseconds before its process
    // was killed can be sent again, but under its Message-ID (ADR 033), a redelivery mail
    // clients fold; no mail is sent twice as two messages.
    expect(output, output).toMatch(/bookings acknowledged \/ found/);
    expect(output).toMatch(/double bookings\s+0\n/);
    expect(output).toMatch(/5xx\/network during SIGTERM\s+0\n/);
    expect(output).toMatch(/bell notices twice\s+0\n/);
    expect(output).toMatch(/mails \/ distinct mails twice\s+\d+ \/ 0\n/);
    const [, acknowledged, found] = /bookings acknowledged \/ found\s+(\d+) \/ (\d+)/.exec(output)!;
    expect(Number(acknowledged)).toBeGreaterThan(0);
    expect(found).toBe(acknowledged);
    expect(output).toMatch(/faults\s+\d+ SIGTERM restarts, 1 SIGKILL, 1 PostgreSQL restart/);
  }, 300_000);
});
