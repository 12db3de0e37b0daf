import { createRequire } from 'node:module';
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Shared by `npm run build` and `npm start` (which builds only when the sources changed).
export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const DIST = path.join(ROOT, 'dist');
const DIST_WEB = path.join(DIST, 'web');
const STAMP = path.join(DIST, '.build-stamp');
const INPUTS = ['src', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when dist is missing or older than any source file. */
export function buildIsStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built);
}

export async function buildAll({ quiet = false } = {}) {
  const { build: viteBuild } = await import('vite');
  const esbuild = await import('esbuild');
  rmSync(DIST, { recursive: true, force: true });

  // Always the production bundle, even when the caller runs with NODE_ENV=test (Vitest's
  // browser-test setup): users get React's production build, so the tests do too.
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await viteBuild({
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: quiet ? 'warn' : 'info',
    });
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }

  await precompress(DIST_WEB);

  // The server is bundled with its npm packages left external (resolved from node_modules).
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'src/server/main.ts')],
    outfile: path.join(DIST, 'server/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // JSON from packages is bundled: Node 20 imports JSON modules only as an experimental
    // feature (a warning at every start), and the bundle needs no import attribute then.
    plugins: [bundleJsonFromPackages],
    sourcemap: true,
    logLevel: quiet ? 'warning' : 'info',
  });
  // Migrations are read at run time next to the bundle (see src/server/db/migrate.ts).
  cpSync(path.join(ROOT, 'src/server/db/migrations'), path.join(DIST, 'server/migrations'), {
    recursive: true,
  });
  writeFileSync(STAMP, new Date().toISOString());
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli's best quality takes ~2 s a megabyte here. Files above this size are the classroom's
 * libraries (the whiteboard and its fonts' WebAssembly), loaded after a screen is shown: one
 * quality lower halves their share of a first start's build for ~3 % more bytes.
 */
const LARGE_FILE_BYTES = 512 * 1024;

/**
 * Writes a .br and a .gz beside every text file of the built web app, at the highest levels
 * (brotli's one lower for large files; done once here, not per request): the server sends them
 * to browsers that accept them.
 * Dot folders (Vite's manifest) are not served, so not compressed either.
 */
export async function precompress(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    );
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]:
              zlib.constants.BROTLI_MAX_QUALITY - (content.length > LARGE_FILE_BYTES ? 1 : 0),
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

/** esbuild: a package's JSON file (e.g. countries-list's names) goes into the bundle. */
const bundleJsonFromPackages = {
  name: 'bundle-json-from-packages',
  setup(build) {
    const resolveFrom = createRequire(path.join(ROOT, 'package.json'));
    build.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({
      path: resolveFrom.resolve(args.path),
    }));
  },
};
