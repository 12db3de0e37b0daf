import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startAppServer, type AppServer } from './app-server';
import { launchBrowser } from './browser';

/**
 * One app server and one Chromium for a describe block, started before its tests and closed
 * after them. Read `suite.server` and `suite.browser` inside tests and later hooks.
 */
export function browserSuite(options: Parameters<typeof startAppServer>[0] = {}) {
  const suite = {} as { server: AppServer; browser: Browser };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startAppServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
