import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Job } from './adapters/jobs/define-job';
import { WORKERS } from './job-workers';

// Every job a module declares has one worker started with the server: a job without one would
// be queued and never run (and a send in a transaction would fail on its missing queue).

const modules = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

async function declaredJobs(): Promise<Job[]> {
  const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.jobs.ts'),
  );
  const jobs: Job[] = [];
  for (const file of files) {
    const exported = (await import(path.join(modules, file))) as Record<string, unknown>;
    for (const group of Object.values(exported))
      if (group && typeof group === 'object')
        jobs.push(...(Object.values(group) as Job[]).filter((job) => 'schema' in job));
  }
  return jobs;
}

describe('job workers', () => {
  it('start one worker for each declared job, and none for a job nobody declared', async () => {
    const declared = (await declaredJobs()).map((job) => job.name).sort();
    expect(declared.length).toBeGreaterThanOrEqual(18);
    expect(WORKERS.map((worker) => worker.job.name).sort()).toEqual(declared);
  });
});
