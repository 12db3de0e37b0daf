import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildIsStale } from './build-steps.mjs';

// `npm start`: build when the sources changed since the last build, then serve.
// The build runs in a child process that exits before the server starts, so the bundlers'
// memory (~1 GB at its peak) goes back to the system instead of staying in the serving process.
// The server migrates the database and seeds reference data itself.
if (buildIsStale()) {
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
