// npm run bench:bundle: the JavaScript each route downloads before it shows, gzip and brotli,
// read from the build's manifest (builds first when the sources changed). The sign-in route
// is the budget of issue #13: at most 120 KB gzip. Exits 1 when it is over.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildAll, buildIsStale, ROOT } from './build-steps.mjs';

const WEB = path.join(ROOT, 'dist', 'web');
const MANIFEST = path.join(WEB, '.vite', 'manifest.json');
export const SIGN_IN_BUDGET_KB = 120;

// What each route loads beyond the entry: its lazy modules as the router imports them. The
// dashboard shell is bundled with what it alone needs into the chunk vite.config.ts names
// `dashboard`, found by that name (the manifest lists no module inside a chunk).
const SHELL = 'chunk named dashboard';
const ROUTES = [
  ['sign-in', []],
  ['sign-up', ['features/auth/sign-up-page.tsx']],
  ['student overview', [SHELL, 'features/lessons/student-overview-page.tsx']],
  ['find tutors (search)', [SHELL, 'features/discovery/tutor-search-page.tsx']],
  ['tutor profile', [SHELL, 'features/discovery/tutor-profile-page.tsx']],
  ['booking', [SHELL, 'features/booking/booking-page.tsx']],
  ['tutor schedule', [SHELL, 'features/tutor-schedule/schedule-page.tsx']],
  ['admin overview', [SHELL, 'features/admin/overview/admin-overview-page.tsx']],
];

const kb = (bytes) => (bytes / 1024).toFixed(1);

function sizesOf(file) {
  const content = readFileSync(path.join(WEB, file));
  return {
    raw: content.length,
    gzip: zlib.gzipSync(content, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(content).length,
  };
}

/** Every JS file a module needs at once: itself and its static imports, transitively. */
function closure(manifest, keys, into = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key] ?? chunkNamed(manifest, key);
    if (!chunk) {
      // Not a chunk of its own: bundled into one already counted (the entry, before a split).
      if (existsSync(path.join(ROOT, 'src', 'web', key))) continue;
      throw new Error(`${key} is not in the sources (renamed? update ROUTES)`);
    }
    if (into.has(chunk.file)) continue;
    into.add(chunk.file);
    closure(manifest, chunk.imports ?? [], into);
  }
  return into;
}

/** The chunk of a named group, for a key `chunk named <name>`. */
function chunkNamed(manifest, key) {
  const name = /^chunk named (\w+)$/.exec(key)?.[1];
  if (!name) return undefined;
  const chunk = Object.values(manifest).find((candidate) => candidate.name === name);
  if (!chunk) throw new Error(`no chunk named ${name} in the build (vite.config.ts groups?)`);
  return chunk;
}

export function routeSizes() {
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  const entry = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  return ROUTES.map(([name, lazyModules]) => {
    const files = closure(manifest, [...entry, ...lazyModules]);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const size = sizesOf(file);
      for (const key of Object.keys(total)) total[key] += size[key];
    }
    return { name, files: files.size, ...total };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(MANIFEST) || buildIsStale()) await buildAll({ quiet: true });
  const rows = routeSizes();
  console.log('JS each route loads before it shows (KB)');
  console.log(
    `${'route'.padEnd(24)}${'files'.padStart(6)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(24)}${String(row.files).padStart(6)}${kb(row.raw).padStart(9)}${kb(row.gzip).padStart(9)}${kb(row.brotli).padStart(9)}`,
    );
  }
  const signIn = rows.find((row) => row.name === 'sign-in');
  const ok = signIn.gzip <= SIGN_IN_BUDGET_KB * 1024;
  console.log(
    `sign-in: ${kb(signIn.gzip)} KB gzip, budget ${SIGN_IN_BUDGET_KB} KB: ${ok ? 'within' : 'OVER'}`,
  );
  if (!ok) process.exitCode = 1;
}
