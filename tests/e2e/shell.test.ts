import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/browser-suite';
import { checkScreen, hasChromium, newPage } from './support/browser';

describe.skipIf(!hasChromium)('the app shell in a browser', () => {
  const suite = browserSuite();

  it("renders the sign-in screen with the spec's fields", async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    await page.goto(suite.server.url);
    // The SPA renders after its bundle loads; wait for it rather than sample once.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    for (const label of ['Email', 'Password', 'Remember me']) {
      expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(1);
    expect(
      await page.getByRole('link', { name: 'Sign up as a student' }).getAttribute('href'),
    ).toBe('/signup/student');
    expect(await page.getByRole('link', { name: 'Sign up as a tutor' }).getAttribute('href')).toBe(
      '/signup/tutor',
    );
    await checkScreen(page, 'sign-in-light-desktop');
    assertNoErrors();
    await close();
  });

  it('flips the theme and keeps the choice across a reload; a dark system starts dark', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser, { colorScheme: 'light' });
    await page.goto(suite.server.url);
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    expect(await isDark()).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await isDark()).toBe(true);
    await checkScreen(page, 'sign-in-dark-desktop');
    assertNoErrors();
    await close();

    const dark = await newPage(suite.browser, { colorScheme: 'dark' });
    await dark.page.goto(suite.server.url);
    expect(
      await dark.page.evaluate(() => document.documentElement.classList.contains('dark')),
    ).toBe(true);
    await dark.close();
  });

  it('lands an unknown route on a friendly not-found page', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    const response = await page.goto(`${suite.server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/');
    assertNoErrors();
    await close();
  });

  it('sends a signed-out visitor of a protected page to sign in', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}/student/overview`);
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    assertNoErrors();
    await close();
  });

  it('fits a 375 px phone without sideways scrolling, in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, assertNoErrors, close } = await newPage(suite.browser, {
        viewport: { width: 375, height: 740 },
        colorScheme,
      });
      await page.goto(`${suite.server.url}/signup/student`);
      await page.getByRole('heading', { name: 'Create your student account' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await checkScreen(page, `sign-up-${colorScheme}-mobile`);
      assertNoErrors();
      await close();
    }
  });

  it('offers a Reload when a page’s code is gone after a deploy, on a desktop and a phone, light and dark', async () => {
    const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 375, height: 740 } };
    for (const [size, viewport] of Object.entries(sizes)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page, assertNoErrors, close } = await newPage(suite.browser, {
          viewport,
          colorScheme,
        });
        const warnings: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'warning') warnings.push(message.text());
        });
        // The chunk this tab's build asks for is no longer on the server.
        const chunk = '**/assets/tutor-search-page-*.js';
        await page.route(chunk, (route) => route.fulfill({ status: 404, body: 'Not found' }));
        await page.goto(`${suite.server.url}/student/tutors`);
        const heading = page.getByRole('heading', { name: 'Tutora has been updated' });
        await heading.waitFor();
        expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
        await page.keyboard.press('Tab');
        const reload = page.getByRole('button', { name: 'Reload page' });
        expect(await reload.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(await page.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe(
          '/',
        );
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
        await checkScreen(page, `stale-chunk-${colorScheme}-${size}`);

        // The new version is there: Reload loads it, and the guard takes the guest to sign in.
        await page.unroute(chunk);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
        expect(warnings.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
        assertNoErrors();
        await close();
      }
    }
  });
});
