import { defineConfig } from 'vitest/config';

// Four suites, one command: `npm test` runs them all.
//  unit: pure domain/contracts/web logic; component: web components rendered in jsdom, talking
//  to a fake network at the fetch boundary; api: the real app on port 0 against real databases;
//  e2e: a real browser against the built app.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/domain/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'src/web/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'component',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
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
          testTimeout: 90_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          globalSetup: [
            'tests/e2e/support/global-setup.ts',
            'src/server/test/database-templates.ts',
          ],
        },
      },
    ],
  },
});
