import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './scripts/preact-aliases.ts';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Four suites, one command: `npm test` runs them all.
//  unit: pure domain/contracts/web logic; component: web components rendered in jsdom, talking
//  to a fake network at the fetch boundary; api: the real app on port 0 against real databases;
//  e2e: a real browser against the built app.

/**
 * The browser files first (each takes a minute or more, the others seconds): the longest work
 * starts at once, and the short files fill both workers up to the end of the run instead of
 * one long browser file running alone at the end. Within a project, Vitest's own order
 * (longest last time first, else largest file first).
 */
const PROJECT_ORDER = ['e2e', 'api', 'component', 'unit'];
/** The unit project's one long file (a minute or more: it runs the production topology). */
const LONG_UNIT_FILES = ['/deploy/soak.test.ts'];
class LongestProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) =>
      LONG_UNIT_FILES.some((long) => file.moduleId.endsWith(long))
        ? 0
        : PROJECT_ORDER.indexOf(file.project.name);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Vitest runs cpus − 1 files at once: one file at a time on a 2-core CI machine, with the
    // second core mostly idle (a test file waits on its app, its browser and its database a
    // lot). Two at least, and all four projects share them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestProjectsFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/domain/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'src/web/**/*.test.ts',
            'deploy/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // ES module builds of the libraries (their CommonJS ones require React past the aliases).
        resolve: { conditions: ['module', 'browser', 'development'] },
        test: {
          name: 'component',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          alias: [
            ...preactAliases,
            // Its ES module build: the CommonJS one requires React past the aliases.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
            // React's own hook, as the shim hands it on to React 18 and later (Tiptap's import).
            { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
          ],
          // Inlined, so their imports of React resolve to Preact as in the build.
          server: { deps: { inline: true } },
          // jsdom renders slowly on a busy machine (CI runs suites side by side).
          testTimeout: 30_000,
          // Dates and times render in one zone whatever the machine's.
          env: { TZ: 'UTC' },
          setupFiles: ['src/web/test/component-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ['src/server/test/fail-on-console-error.ts'],
          // PGlite data directories built once per run, loaded by each test database.
          globalSetup: ['src/server/test/database-templates.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's modules (each starts its own app, database and browser, and
          // mocks nothing): loading the server afresh per file cost ~9 s of CPU each.
          isolate: false,
          // Generous: a browser file shares the machine with another test file.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          globalSetup: [
            'tests/e2e/support/global-setup.ts',
            'src/server/test/database-templates.ts',
          ],
        },
      },
    ],
  },
});
