import type { Page } from 'playwright-core';

/**
 * Holds every request to `url` (a Playwright URL pattern) until the test calls release(): the
 * page's pending state ('Saving...', a busy button) stays on screen for as long as the test
 * looks at it, with no guess at how long the server takes.
 */
export async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
