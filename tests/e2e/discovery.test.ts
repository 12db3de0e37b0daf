import { sql } from 'kysely';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY_MESSAGES as M, TUTOR_PROFILE_MESSAGES } from '../../src/domain/messages';
import { TEACHING_STYLE_SENTENCES } from '../../src/domain/tutors/tutor-options';
import { POPULAR_SEARCHES } from '../../src/domain/tutors/tutor-search';
import { seedDemoTutors } from '../../src/server/db/seed/demo-tutors';
import { setWeeklyAvailability } from '../../src/server/test/weekly-availability';
import { browserSuite } from './support/browser-suite';
import { signUpStudent } from './support/sign-up';
import { checkScreen, hasChromium, newPage } from './support/browser';

// A student discovers tutors the way a person would: search, narrow, page, switch layout, open
// a profile, read it, and come back to the same search. Demo tutors are seeded into the app's
// own database; the viewer sits in New York, the opened tutor in Tokyo.

const VIEWER = { timezoneId: 'America/New_York', locale: 'en-US' } satisfies BrowserContextOptions;
// Seeded bios are ~250 characters; profiles may hold up to 1000, so lengthen them past 400.
const BIO_EXTRA =
  'Outside lessons I write short practice sets for my students and review their homework within a day. ' +
  'We agree on goals in the first session, track them every week and adjust the plan whenever your ' +
  'timetable or your exam date changes. I keep notes after every lesson so nothing is lost.';

/** What a phone's screen shows right now (full-page shots shrink too much to judge). */
const screenOnly = (page: Page, name: string) => checkScreen(page, name, { fullPage: false });

type SearchTotals = {
  total: number;
  tutors: { hourlyRateCents: number; rating: number | null; totalReviews: number }[];
};

describe.skipIf(!hasChromium)('tutor discovery in a browser', () => {
  let signedIn: BrowserContextOptions['storageState'];

  const suite = browserSuite();
  beforeAll(async () => {
    const { db } = suite.server.app.database;
    await seedDemoTutors(db, { count: 300, seed: 11, now: suite.server.clock.now() });
    await db
      .updateTable('tutor_profiles')
      .set({ bio: sql<string>`bio || cast(${` ${BIO_EXTRA}`} as text)` })
      .execute();
    ({ state: signedIn } = await signUpStudent(suite.server));
  });

  /** A signed-in student's page; video players are answered locally (no network here). */
  async function studentPage(options: BrowserContextOptions = {}) {
    const opened = await newPage(suite.browser, { ...VIEWER, storageState: signedIn, ...options });
    await opened.context.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<body style="margin:0;background:#000;color:#fff">video player</body>',
      }),
    );
    return opened;
  }

  /** What the API itself says for a query (the screen must agree with it). */
  const apiSearch = (page: Page, query: string) =>
    page.evaluate(
      async (q) => (await (await fetch(`/api/tutors?${q}`)).json()) as SearchTotals,
      query,
    );
  const cards = (page: Page) => page.getByTestId('tutor-card');
  const cardNames = (page: Page) => cards(page).getByTestId('tutor-name').allInnerTexts();
  const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  const currentPage = (page: Page) =>
    page
      .getByRole('navigation', { name: 'Pagination' })
      .locator('[aria-current="page"]')
      .innerText();

  async function expectResultText(page: Page, text: string) {
    await page.getByTestId('result-text').getByText(text, { exact: true }).waitFor();
  }

  it('searches math, narrows by price and rating, pages, switches layout, reads a profile and comes back', async () => {
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/tutors`);
    await page.getByRole('heading', { name: M.searchTitle }).waitFor();
    const everyone = await apiSearch(page, '');
    await expectResultText(page, M.showingOf(10, everyone.total));

    // Suggestions: the popular list while empty, the server's matches while typing.
    const box = page.getByRole('combobox', { name: 'Search tutors' });
    await box.focus();
    const popular = page.getByRole('listbox', { name: 'Popular searches' });
    await popular.waitFor();
    // Only the popular searches some tutor teaches, in the popular order.
    const offered = await popular.getByRole('option').allInnerTexts();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).toEqual(POPULAR_SEARCHES.filter((name) => offered.includes(name)));
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('ArrowUp');
    await box.fill('math');
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
    await suggestions.getByRole('option', { name: 'Mathematics' }).waitFor();
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(8);
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'math');
    const math = await apiSearch(page, 'q=math');
    expect(math.total).toBeLessThan(everyone.total);
    await expectResultText(page, M.showingOf(10, math.total));
    await checkScreen(page, 'discovery-search-light');

    // The price rule is checked before anything is searched.
    await page.getByLabel('Min price').fill('60');
    await page.getByLabel('Max price').fill('60');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('alert').getByText(M.searchPriceOrder).waitFor();
    expect(params(page)).toEqual({ q: 'math' });

    await page.getByLabel('Min price').fill('10');
    await page.getByLabel('Max price').fill('100');
    await page.getByRole('radio', { name: '4.0 and up' }).check();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('minRating') === '4');
    expect(params(page)).toEqual({ q: 'math', minPrice: '10', maxPrice: '100', minRating: '4' });
    const narrowed = await apiSearch(page, 'q=math&minPrice=10&maxPrice=100&minRating=4');
    expect(narrowed.total).toBeGreaterThan(10); // enough for a second page
    expect(narrowed.total).toBeLessThan(math.total);
    await expectResultText(page, M.showingOf(10, narrowed.total));
    for (const card of await cards(page).all()) {
      const rate = Number(
        (await card.getByTestId('hourly-rate').innerText()).match(/\$([\d.]+)/)![1],
      );
      expect(rate).toBeGreaterThanOrEqual(10);
      expect(rate).toBeLessThanOrEqual(100);
      const rating = Number((await card.getByText(/^\d\.\d$/).innerText()).trim());
      expect(rating).toBeGreaterThanOrEqual(4);
    }
    const firstPage = await cardNames(page);

    // Page 2: the next tutors, the previous page kept on screen until they arrive.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => currentPage(page)).toBe('2');
    await expectResultText(page, M.showingOf(Math.min(10, narrowed.total - 10), narrowed.total));
    const secondPage = await cardNames(page);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    // Grid puts cards side by side at this width; list stacks them.
    const tops = async () =>
      Promise.all([0, 1].map(async (i) => (await cards(page).nth(i).boundingBox())!.y));
    const [gridFirst, gridSecond] = await tops();
    expect(gridSecond).toBe(gridFirst);
    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    await expect.poll(async () => (await tops())[1]! > (await tops())[0]!).toBe(true);
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await checkScreen(page, 'discovery-list-page-2');
    const searchUrl = page.url();
    const searchState = params(page);

    // The opened tutor gets a known week: Monday 09:00-12:00 in Tokyo.
    const firstCard = cards(page).first();
    const tutorName = await firstCard.getByTestId('tutor-name').innerText();
    const href = await firstCard.getByRole('link', { name: 'View Profile' }).getAttribute('href');
    const tutorId = href!.split('/').pop()!;
    const { db } = suite.server.app.database;
    await setWeeklyAvailability(db, tutorId, 'Asia/Tokyo', [
      { dayOfWeek: 1, startTime: '09:00', endTime: '12:00' },
    ]);
    const profile = await db
      .selectFrom('tutor_profiles')
      .select(['bio', 'teaching_style', 'review_count'])
      .where('id', '=', tutorId)
      .executeTakeFirstOrThrow();

    await firstCard.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL(`**/student/tutors/${tutorId}`);
    await page.getByRole('heading', { level: 1, name: tutorName }).waitFor();

    // About Me: cut at 400 characters until Read more.
    const about = page.getByTestId('about-text');
    const cut = await about.innerText();
    expect(profile.bio.length).toBeGreaterThan(400);
    expect(cut.length).toBeLessThanOrEqual(401);
    expect(cut.endsWith('…')).toBe(true);
    await page.getByRole('button', { name: M.readMore }).click();
    expect(await about.innerText()).toBe(profile.bio);
    await page.getByRole('button', { name: M.showLess }).waitFor();

    expect(
      await page
        .getByText(TEACHING_STYLE_SENTENCES[profile.teaching_style as 'adaptive'])
        .isVisible(),
    ).toBe(true);
    // The video is a poster (no player that shows a black box offline) with its link; asked
    // for offline, it says so and keeps the poster (issue #29).
    const videoLink = page.getByRole('link', { name: /^Watch on (YouTube|Vimeo)$/ });
    expect(await videoLink.getAttribute('href')).toMatch(
      /^https:\/\/(www\.youtube\.com\/watch\?v=|vimeo\.com\/)/,
    );
    await page.context().setOffline(true);
    await page.getByRole('button', { name: `Play Introduction video of ${tutorName}` }).click();
    await page.getByText(TUTOR_PROFILE_MESSAGES.videoOffline).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.context().setOffline(false);

    // Availability in the viewer's zone: Tokyo's Monday 09:00-12:00 is New York's Sunday
    // evening (GMT-5 in the week of FIXED_NOW).
    const summary = page.getByTestId('availability-summary');
    const sunday = summary.locator('div', { has: page.getByText('Sunday', { exact: true }) });
    expect(await sunday.locator('dd').innerText()).toBe('7:00 PM – 10:00 PM');
    const mondayRow = summary.locator('div', { has: page.getByText('Monday', { exact: true }) });
    expect(await mondayRow.locator('dd').innerText()).toBe('Not available');

    await page.getByRole('button', { name: M.showFullSchedule }).click();
    const week = page.getByTestId('read-only-week');
    await week.getByText('Available').first().waitFor();
    expect(await week.getByText('Available').count()).toBe(1);
    await page.getByRole('button', { name: M.hideSchedule }).waitFor();

    // Reviews: the first three, then all of them.
    const reviewItems = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
    expect(await reviewItems.count()).toBe(Math.min(3, profile.review_count));
    if (profile.review_count > 3) {
      await page.getByRole('button', { name: M.showAllReviews(profile.review_count) }).click();
      await expect.poll(() => reviewItems.count()).toBe(profile.review_count);
    }
    await checkScreen(page, 'discovery-profile-light');

    // Back: the same search, visibly.
    await page.goBack();
    await page.waitForURL(searchUrl);
    expect(params(page)).toEqual(searchState);
    await expectResultText(page, M.showingOf(Math.min(10, narrowed.total - 10), narrowed.total));
    expect(await box.inputValue()).toBe('math');
    expect(await page.getByLabel('Min price').inputValue()).toBe('10');
    expect(await page.getByLabel('Max price').inputValue()).toBe('100');
    expect(await page.getByRole('radio', { name: '4.0 and up' }).isChecked()).toBe(true);
    expect(await currentPage(page)).toBe('2');
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await cardNames(page)).toEqual(secondPage);

    // A shared or reloaded address shows the same search.
    await page.reload();
    await expectResultText(page, M.showingOf(Math.min(10, narrowed.total - 10), narrowed.total));
    expect(await cardNames(page)).toEqual(secondPage);
    assertNoErrors();
    await close();
  });

  it('says which subjects a count is for, and when nothing matches', async () => {
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/tutors?sort=price_asc`);
    // New tutors (no reviews yet) carry the badge instead of a rating.
    await cards(page).first().waitFor();
    const cheapest = await apiSearch(page, 'sort=price_asc');
    const newcomers = cheapest.tutors.filter((tutor) => tutor.totalReviews === 0).length;
    expect(newcomers).toBeGreaterThan(0);
    expect(await cards(page).getByText(M.newTutor, { exact: true }).count()).toBe(newcomers);

    // The keyboard picks a popular search: down twice, Enter. The list is the server's answer:
    // the keys wait for it, or they would move through nothing.
    const box = page.getByRole('combobox', { name: 'Search tutors' });
    await box.focus();
    const popular = page.getByRole('listbox', { name: 'Popular searches' }).getByRole('option');
    await popular.nth(1).waitFor();
    const second = await popular.nth(1).innerText();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === second);
    expect(await box.inputValue()).toBe(second);

    await page.goto(`${suite.server.url}/student/tutors`);
    await page.getByRole('button', { name: 'Physics', exact: true, pressed: false }).click();
    await page.getByRole('button', { name: 'English', exact: true, pressed: false }).click();
    await page.waitForURL((url) => url.searchParams.get('subjects') === 'Physics,English');
    const both = await apiSearch(page, 'subjects=Physics,English');
    // More matches than one page: the count says how many are shown of how many (issue #29).
    await expectResultText(
      page,
      both.total > both.tutors.length
        ? M.showingOfFor(both.tutors.length, both.total, ['Physics', 'English'])
        : M.showingFor(both.total, ['Physics', 'English']),
    );

    await page.goto(`${suite.server.url}/student/tutors?q=zzzzqqqq`);
    await page.getByText(M.noTutors, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await page.waitForURL(`${suite.server.url}/student/tutors`);
    await expectResultText(page, M.showingOf(10, (await apiSearch(page, '')).total));
    assertNoErrors();
    await close();
  });

  it('shows Tutor Profile Not Found for an unknown tutor, with the toast and a way back', async () => {
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/tutors/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: M.profileNotFound }).waitFor();
    await page.getByText(M.loadProfileFailedText).waitFor();
    await page.getByText(M.loadProfileFailed, { exact: true }).waitFor();
    await checkScreen(page, 'discovery-profile-not-found');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(`${suite.server.url}/student/tutors`);
    assertNoErrors();
    await close();
  });

  it('fits a 375 px phone in light and dark: filters in a sheet, cards stacked', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, assertNoErrors, close } = await studentPage({
        viewport: { width: 375, height: 780 },
        colorScheme,
      });
      await page.goto(`${suite.server.url}/student/tutors?q=math`);
      await cards(page).first().waitFor();
      expect(
        await page.getByRole('complementary', { name: 'Filters side panel' }).isVisible(),
      ).toBe(false);
      const [first, second] = await Promise.all(
        [0, 1].map(async (i) => (await cards(page).nth(i).boundingBox())!),
      );
      expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
      const overflow = () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
      expect(await overflow()).toBe(0);
      await screenOnly(page, `discovery-search-${colorScheme}-phone`);

      await page.getByRole('button', { name: /^Filters/ }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.getByRole('radio', { name: '4.5 and up' }).check();
      await screenOnly(page, `discovery-filters-sheet-${colorScheme}-phone`);
      await sheet.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('minRating') === '4.5');
      expect(await sheet.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Filters (1)' }).waitFor();

      await cards(page).first().getByRole('link', { name: 'View Profile' }).click();
      await page.getByRole('heading', { name: 'About Me' }).waitFor();
      expect(await overflow()).toBe(0);
      await page.getByRole('button', { name: M.showFullSchedule }).click();
      await page.getByTestId('read-only-week').getByText('Available').first().waitFor();
      await checkScreen(page, `discovery-profile-${colorScheme}-phone`);
      await page.getByTestId('read-only-week').scrollIntoViewIfNeeded();
      await screenOnly(page, `discovery-schedule-${colorScheme}-phone`);
      assertNoErrors();
      await close();
    }
  });

  /**
   * Where the filter list meets the sticky Apply/Reset bar of the form in `scope`: how much of
   * the scroll box shows beneath the bar (where a language would peek out) with the list at its
   * top, and how far the last language ends above the bar once the list is scrolled to its end.
   */
  const filterListEdges = (page: Page, scope: 'aside' | 'dialog') =>
    page.evaluate(async (where) => {
      const form = document.querySelector<HTMLElement>(`${where} form[aria-label="Filters"]`)!;
      let scroller: HTMLElement = form;
      while (getComputedStyle(scroller).overflowY !== 'auto') scroller = scroller.parentElement!;
      const bar = [...form.querySelectorAll('button')].find(
        (b) => b.textContent === 'Apply Filters',
      )!.parentElement!;
      const languages = [...form.querySelectorAll('fieldset')].at(-1)!.querySelectorAll('label');
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const portBottom = () => {
        const box = scroller.getBoundingClientRect();
        return box.top + scroller.clientTop + scroller.clientHeight;
      };
      scroller.scrollTop = 0;
      await frame();
      const scrolls = scroller.scrollHeight > scroller.clientHeight;
      const belowBar = portBottom() - bar.getBoundingClientRect().bottom;
      scroller.scrollTop = scroller.scrollHeight;
      await frame();
      const lastAboveBar =
        bar.getBoundingClientRect().top -
        languages[languages.length - 1]!.getBoundingClientRect().bottom;
      scroller.scrollTop = 0;
      return { scrolls, belowBar, lastAboveBar };
    }, scope);

  it('scrolls the whole filter list above the sticky Apply bar, on a desktop and in the phone’s sheet', async () => {
    const desktop = await studentPage({ viewport: { width: 1280, height: 720 } });
    await desktop.page.goto(`${suite.server.url}/student/tutors`);
    await cards(desktop.page).first().waitFor();
    const panel = await filterListEdges(desktop.page, 'aside');
    expect(panel.scrolls).toBe(true);
    // Nothing of the list shows beneath the bar, and the last language clears it at the end.
    expect(panel.belowBar).toBeLessThanOrEqual(0.5);
    expect(panel.lastAboveBar).toBeGreaterThanOrEqual(0);
    // Scrolled so the side panel sits at its sticky place, its bar in view.
    await desktop.page.evaluate(() => window.scrollTo(0, 320));
    await checkScreen(desktop.page, 'discovery-filters-panel-light', { fullPage: false });
    desktop.assertNoErrors();
    await desktop.close();

    const phone = await studentPage({ viewport: { width: 375, height: 780 }, colorScheme: 'dark' });
    await phone.page.goto(`${suite.server.url}/student/tutors`);
    await cards(phone.page).first().waitFor();
    await phone.page.getByRole('button', { name: /^Filters/ }).click();
    await phone.page.getByRole('dialog', { name: 'Filters' }).waitFor();
    const sheet = await filterListEdges(phone.page, 'dialog');
    expect(sheet.scrolls).toBe(true);
    expect(sheet.belowBar).toBeLessThanOrEqual(0.5);
    expect(sheet.lastAboveBar).toBeGreaterThanOrEqual(0);
    await screenOnly(phone.page, 'discovery-filters-sheet-dark-phone-top');
    phone.assertNoErrors();
    await phone.close();
  });

  it('looks right in the dark theme on a desktop', async () => {
    const { page, assertNoErrors, close } = await studentPage({ colorScheme: 'dark' });
    await page.goto(`${suite.server.url}/student/tutors?q=math&minRating=4`);
    await cards(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await checkScreen(page, 'discovery-search-dark');
    await cards(page).first().getByRole('link', { name: 'View Profile' }).click();
    await page.getByRole('button', { name: M.showFullSchedule }).click();
    await page.getByTestId('read-only-week').getByText('Available').first().waitFor();
    await checkScreen(page, 'discovery-profile-dark');
    assertNoErrors();
    await close();
  });
});
