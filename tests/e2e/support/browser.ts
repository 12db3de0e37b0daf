import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { accessibilityViolations } from './accessibility';
import { FIXED_NOW } from './fixed-time';

// Debian's Chromium driven by playwright-core. Without it, browser suites are skipped with one
// loud line on a laptop; on CI (CI set) a missing Chromium is a failure, never a silent skip.
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  if (process.env.CI) throw new Error(`Chromium is required on CI: ${CHROMIUM} is missing`);
  console.warn('SKIPPED: install chromium (apt-get install -y chromium) to run the browser tests');
}

/**
 * The features Playwright (1.65) turns off in every Chromium it launches. Chromium keeps only
 * the last `--disable-features` it is given, so ours must repeat them; browser-launch.test.ts
 * fails when a Playwright upgrade changes its list.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 15x preloads its address bar's suggestion popups, two web pages of browser UI
 * rendered in their own process, for every window, so for every context a test opens. No test
 * types in the address bar: turned off, a browser file's Chromium uses about a quarter less
 * CPU (tests/e2e/sidebar-pages: 114 -> 86 s), on CI machines where two files share two cores.
 */
export const UNUSED_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** `extraArgs`: more Chromium switches (the classroom's fake camera and microphone). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(',')}`,
      ...extraArgs,
    ],
  });
}

/**
 * A fresh page that fails the test on any console error or uncaught page error. Its clock
 * starts at FIXED_NOW (the app server's time) and runs on from there: timers fire as usual,
 * and a test can pause or move it with `page.clock`.
 */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.clock.install({ time: FIXED_NOW });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // 4xx answers are the API saying no (wrong password, bad code): the UI handles them.
    const handledApiAnswer =
      /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
    if (message.type() === 'error' && !handledApiAnswer)
      problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return {
    page,
    context,
    /** Throws when the page logged an error (call at the end of a test). */
    assertNoErrors() {
      if (problems.length) throw new Error(problems.join('\n'));
    },
    close: () => context.close(),
  };
}

export const ARTIFACTS = new URL('../.artifacts/', import.meta.url).pathname;

/**
 * Screenshots are for a person to look at, and no test reads them: a full-page shot costs up to
 * a second on a busy 2-core machine, ~140 times a run. They are saved only when asked for:
 * `E2E_SCREENSHOTS=1 npm run test:e2e` (into tests/e2e/.artifacts/).
 */
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * Fails when axe-core finds WCAG 2.1 A/AA violations on what the page shows: every screen we
 * look at must pass the automated check, in each theme and size it is checked in. With
 * E2E_SCREENSHOTS=1 it also saves the screen (the whole page, or only the viewport) as `name`.
 */
export async function checkScreen(page: Page, name: string, { fullPage = true } = {}) {
  // A screen as it rests: colour transitions of the last click have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Spinners run forever: wait only for what ends.
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        // A cancelled one (its element went away) counts as ended.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (SAVE_SCREENSHOTS) await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage });
  expect(await accessibilityViolations(page), `accessibility of ${name}`).toEqual([]);
}

/**
 * The same screen in the other size and theme: `page` reloads at `width` in `colorScheme`
 * (the theme follows the system's until one is chosen), waits for `ready`, is checked as
 * `name`, then goes back to its own size and theme and reloads again.
 */
export async function checkScreenAlso(
  page: Page,
  name: string,
  {
    width,
    colorScheme,
    ready,
  }: { width: number; colorScheme: 'light' | 'dark'; ready: () => Promise<unknown> },
) {
  const own = page.viewportSize()!;
  const ownScheme = await page.evaluate(() =>
    matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  );
  await page.setViewportSize({ width, height: own.height });
  await page.emulateMedia({ colorScheme });
  await page.reload();
  await ready();
  await checkScreen(page, name);
  await page.setViewportSize(own);
  await page.emulateMedia({ colorScheme: ownScheme });
  await page.reload();
  await ready();
}
