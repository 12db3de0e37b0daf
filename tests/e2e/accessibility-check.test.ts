import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility';
import { hasChromium, launchBrowser } from './support/browser';

// The check every browser test relies on must find what it is there to find: in the page
// itself (axe-core loaded once per document, checked again after a change) and inside a frame.

const UNLABELLED = '<main><h1>Form</h1><input type="text"></main>';
const LABELLED = '<main><h1>Form</h1><label>Name <input type="text"></label></main>';

describe.skipIf(!hasChromium)('the accessibility check', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds a violation in the page, and again after the page changed', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.setContent(`<!doctype html><html lang="en"><title>t</title>${LABELLED}</html>`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.evaluate((html) => (document.body.innerHTML = html), UNLABELLED);
    expect((await accessibilityViolations(page)).join('\n')).toMatch(/^label: input/m);
    await page.evaluate((html) => (document.body.innerHTML = html), LABELLED);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('finds a violation inside a frame', async () => {
    const page = await (await browser.newContext()).newPage();
    const frame = `<!doctype html><html lang="en"><title>f</title>${UNLABELLED}</html>`;
    await page.setContent(
      `<!doctype html><html lang="en"><title>t</title><main><h1>Outer</h1>` +
        `<iframe title="Inner" srcdoc="${frame.replaceAll('"', '&quot;')}"></iframe></main></html>`,
    );
    await page.frameLocator('iframe').locator('input').waitFor();
    expect((await accessibilityViolations(page)).join('\n')).toMatch(/^label: iframe/m);
    await page.context().close();
  });
});
