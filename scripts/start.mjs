import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIsStale } from './build-steps.mjs';

// `npm start`: build when the sources changed since the last build, then serve.
// The build runs in a child process that exits before the server starts, so the bundlers'
// memory (~1 GB at its peak) goes back to the system instead of staying in the serving process.
// The server migrates the database and seeds reference data itself; `npm run migrate` (the
// argument `migrate`) does only that and exits.
// An image built once (deploy/Dockerfile) sets TUTORA_PREBUILT: it never builds at start.
const prebuilt = process.env.TUTORA_PREBUILT === '1';
if (prebuilt && !existsSync(path.join(ROOT, 'dist/server/main.js'))) {
  console.error('tutora: TUTORA_PREBUILT is set but dist/ is missing: run npm run build first');
  process.exit(1);
}
if (!prebuilt && buildIsStale()) {
  console.log('tutora: building the app (first start or sources changed)…');
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      'await (await import("./scripts/build-steps.mjs")).buildAll({ quiet: true })',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    console.error('tutora: the build failed');
    process.exit(1);
  }
}
await import(pathToFileURL(path.join(ROOT, 'dist/server/main.js')).href);
