import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, buildAll, buildIsStale } from './build-steps.mjs';

// `npm start`: build when the sources changed since the last build, then serve.
// The server migrates the database and seeds reference data itself.
if (buildIsStale()) {
  console.log('tutora: building the app (first start or sources changed)…');
  await buildAll({ quiet: true });
}
await import(pathToFileURL(path.join(ROOT, 'dist/server/main.js')).href);
