import { afterEach, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import {
  CHROMIUM,
  PLAYWRIGHT_DISABLED_FEATURES,
  UNUSED_BROWSER_UI,
  hasChromium,
  launchBrowser,
} from './support/browser';

// The browser the journeys run in: Playwright's own settings kept, the unused browser UI off.

/** Each `--disable-features` list on the browser's command line (as chrome://version shows it). */
async function disabledFeatures(browser: Browser): Promise<string[][]> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  await page.context().close();
  return [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) =>
    match[1]!.split(','),
  );
}

describe.skipIf(!hasChromium)('the journeys’ Chromium', () => {
  let browser: Browser | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it('turns off what Playwright turns off, as Playwright launches it today', async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const lists = await disabledFeatures(browser);
    expect(lists).toHaveLength(1);
    expect([...lists[0]!].sort()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort());
  });

  it('keeps Playwright’s disabled features beside ours, and opens no address bar popups', async () => {
    browser = await launchBrowser();
    // Chromium keeps the last list (Playwright's own comes first).
    expect((await disabledFeatures(browser)).at(-1)).toEqual([
      ...PLAYWRIGHT_DISABLED_FEATURES,
      ...UNUSED_BROWSER_UI,
    ]);
    const context = await browser.newContext();
    await (await context.newPage()).goto('about:blank');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: { type: string; url: string }[];
    };
    expect(targetInfos.map((target) => `${target.type} ${target.url}`)).toEqual([
      'page about:blank',
    ]);
  });
});
