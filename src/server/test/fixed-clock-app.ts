import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fixedClock } from '../adapters/clock';
import type { DatabaseDriver } from '../db/database';
import { startTestApp, type TestApp } from './test-app';

/**
 * One app for a describe block, on a clock that stands at `now`: started before its tests (and
 * handed to `started`), the clock set back to `now` before each test, the app closed after all.
 * Returns the clock, for the tests that move it.
 */
export function fixedClockApp(driver: DatabaseDriver, now: Date, started: (app: TestApp) => void) {
  const clock = fixedClock(now);
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(driver, {}, { clock });
    started(app);
  });
  beforeEach(() => clock.set(now));
  afterAll(async () => {
    await app?.close();
  });
  return clock;
}
