import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { buildAll, buildIsStale, ROOT } from '../scripts/build-steps.mjs';
import { openDatabase } from '../src/server/db/database';
import { seedDemoTutors } from '../src/server/db/seed/demo-tutors';
import { createServer } from '../src/server/server';
import { createStudents } from '../src/server/test/factories';
import { testEnv } from '../src/server/test/test-app';

// npm run bench:lighthouse [-- --runs 3 --only 'find tutors']: Lighthouse (mobile: its default
// Moto G Power profile, simulated slow 4G and 4x CPU slowdown) on the built app, 3 runs per
// page, medians printed.
// The app runs on a fresh PGlite with 40 demo tutors (photos included); the search page and a
// tutor profile are measured signed in as a student (the session cookie goes in Lighthouse's
// extra headers). A static page served from this process is measured in the same run: what
// the machine gives a page with nothing to load, to read the others against.
//
// Lighthouse is not a dependency: it runs through npx (lighthouse@12 runs on Node 20), against
// the Chromium given by CHROME_PATH (default /usr/bin/chromium).

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    // Only the pages whose name holds this text (the static reference is always measured).
    only: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const run = promisify(execFile);

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** One Lighthouse run; a run that fails to record its trace (it happens on a busy machine) is retried. */
async function lighthouse(url: string, headers: Record<string, string>): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, headers);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`  (run failed, again: ${String(error).split('\n').at(-1)?.slice(0, 120)})`);
    }
  }
}

async function lighthouseOnce(url: string, headers: Record<string, string>): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tutora-lh-'));
  const report = path.join(dir, 'report.json');
  try {
    await run(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        url,
        '--quiet',
        '--only-categories=performance',
        '--output=json',
        `--output-path=${report}`,
        `--extra-headers=${JSON.stringify(headers)}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ],
      { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
    );
    const text = readFileSync(report, 'utf8');
    // LIGHTHOUSE_REPORTS=dir keeps each full report, to read what a page spent its time on.
    const keep = process.env.LIGHTHOUSE_REPORTS;
    if (keep)
      writeFileSync(
        path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
        text,
      );
    const result = JSON.parse(text);
    const audit = (id: string) => Number(result.audits[id].numericValue);
    return {
      score: Math.round(result.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A page with a heading and a paragraph and nothing else: the machine's best case. */
async function startStaticPage() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Static</title></head><body><h1>Static reference page</h1>' +
    '<p>Nothing to download but this HTML.</p></body></html>';
  const server = createHttpServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

async function startApp() {
  if (buildIsStale()) {
    console.log('building…');
    await buildAll({ quiet: true });
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'tutora-lh-app-'));
  const database = await openDatabase({ driver: 'pglite', dataDir: path.join(scratch, 'db') });
  const env = testEnv({ STORAGE_DIR: path.join(scratch, 'storage') });
  const server = await createServer(env, {
    database,
    webRoot: path.join(ROOT, 'dist', 'web'),
  });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const url = address.replace('localhost', '127.0.0.1');
  await seedDemoTutors(database.db, {
    count: 40,
    seed: 7,
    avatars: { storage: server.app.deps.storage },
  });
  const [student] = await createStudents({ url, database, app: server.app }, 1);
  const cookie = student!.client.cookieHeader();
  const search = await student!.client.get('/api/tutors');
  const tutorId = search.json?.tutors?.[0]?.id;
  if (!tutorId) throw new Error(`no tutor found: ${search.text.slice(0, 200)}`);
  return {
    url,
    cookie,
    tutorId: String(tutorId),
    close: async () => {
      await server.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

const app = await startApp();
const staticPage = await startStaticPage();
const signedIn = { Cookie: app.cookie };
const pages: [string, string, Record<string, string>][] = [
  ['static page (reference)', staticPage.url, {}],
  ['sign-in', `${app.url}/sign-in`, {}],
  // A new student's first screen after signing up (no lessons yet).
  ['student overview', `${app.url}/student/overview`, signedIn],
  ['find tutors (student)', `${app.url}/student/tutors`, signedIn],
  ['tutor profile (student)', `${app.url}/student/tutors/${app.tutorId}`, signedIn],
];

console.log(
  `Lighthouse ${LIGHTHOUSE} mobile, ${RUNS} runs per page, medians · ${cpus().length} × ${
    cpus()[0]?.model ?? 'CPU'
  }, ${Math.round(totalmem() / 2 ** 30)} GB · ${new Date().toISOString().slice(0, 16)}Z`,
);
console.log(
  `${'page'.padEnd(26)}${'score'.padStart(6)}${'FCP s'.padStart(8)}${'LCP s'.padStart(8)}${'CLS'.padStart(8)}${'TBT ms'.padStart(8)}  runs (score)`,
);
const rows: string[] = [];
try {
  const measured = pages.filter(
    ([name], index) => index === 0 || !values.only || name.includes(values.only),
  );
  for (const [name, url, headers] of measured) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouse(url, headers));
    const m = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
    const line = `${name.padEnd(26)}${String(m('score')).padStart(6)}${(m('fcp') / 1000).toFixed(2).padStart(8)}${(m('lcp') / 1000).toFixed(2).padStart(8)}${m('cls').toFixed(3).padStart(8)}${String(Math.round(m('tbt'))).padStart(8)}  ${runs.map((r) => r.score).join(' ')}`;
    console.log(line);
    rows.push(line);
  }
} finally {
  staticPage.close();
  await app.close();
}
if (process.env.LIGHTHOUSE_OUT) writeFileSync(process.env.LIGHTHOUSE_OUT, `${rows.join('\n')}\n`);
process.exit(0);
