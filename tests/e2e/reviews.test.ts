import type { BrowserContextOptions } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERY_MESSAGES, REVIEW_MESSAGES as M } from '../../src/domain/messages';
import {
  createLesson,
  createStudent,
  createTutor,
  type TestTutor,
} from '../../src/server/test/factories';
import { accessibilityViolations } from './support/accessibility';
import { checkScreen, checkScreenAlso, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { FIXED_NOW } from './support/fixed-time';
import { signUpStudent } from './support/sign-up';

// After a lesson ends (the server's clock moves past it), the student overview asks for a
// review; the student rates it from the keyboard on a phone in the dark, and the review shows on
// the tutor's profile with the new average.

const MINUTE = 60_000;
const REVIEW_TEXT = 'Patient and clear: the fractions finally make sense to me.';

describe.skipIf(!hasChromium)('reviews in a browser', () => {
  const suite = browserSuite();
  let tutor: TestTutor;
  let student: { id: string; state: BrowserContextOptions['storageState'] };

  beforeAll(async () => {
    const db = suite.server.app.database.db;
    tutor = await createTutor(db, { firstName: 'Clara', lastName: 'Whitfield' });
    student = await signUpStudent(suite.server, {
      firstName: 'Maya',
      lastName: 'Okafor',
    });
    // Another student's earlier review: 3 stars, so the new average is visibly a new one.
    const other = await createStudent(suite.server.app, { firstName: 'Noah', lastName: 'Berg' });
    const earlier = await createLesson(db, {
      tutor,
      studentId: other.id,
      start: new Date(FIXED_NOW.getTime() - 3 * 24 * 60 * MINUTE),
    });
    const written = await other.client.post(`/api/lessons/${earlier}/review`, {
      rating: 3,
      text: 'A good lesson, a little fast for me.',
    });
    expect(written.status, written.text).toBe(201);
    // The student's lesson is under way at FIXED_NOW and ends 30 minutes later.
    await createLesson(db, {
      tutor,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() - 30 * MINUTE),
    });
  });

  it('asks for a review once the lesson has ended, and shows it on the profile with the new average', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      storageState: student.state,
      viewport: { width: 375, height: 780 },
      colorScheme: 'dark',
    });
    const prompt = page.getByRole('region', { name: M.prompt('Clara Whitfield') });

    // Not before the lesson's end.
    const asked = page.waitForResponse((response) =>
      response.url().endsWith('/api/student/reviews'),
    );
    await page.goto(`${suite.server.url}/student/overview`);
    expect((await asked).status()).toBe(200);
    await page.getByRole('heading', { name: 'Welcome, Maya' }).waitFor();
    expect(await prompt.count()).toBe(0);

    suite.server.clock.set(new Date(FIXED_NOW.getTime() + 30 * MINUTE));
    await page.clock.setSystemTime(new Date(FIXED_NOW.getTime() + 30 * MINUTE));
    await page.reload();
    await prompt.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await checkScreenAlso(page, 'review-form-light', {
      width: 1280,
      colorScheme: 'light',
      ready: () => prompt.getByText('0/2000').waitFor(),
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    // From the keyboard: a star, arrows to four, the text, the submit button.
    await prompt.getByRole('radio', { name: M.starLabel(1) }).focus();
    await page.keyboard.press('Space');
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    expect(await prompt.getByRole('radio', { name: M.starLabel(4) }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type(REVIEW_TEXT);
    // The counter under the text, as every other counter (issue #29).
    await prompt.getByText(`${REVIEW_TEXT.length}/2000`).waitFor();
    await checkScreen(page, 'review-form-dark-phone');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const mine = page.getByRole('region', { name: M.yourReview('Clara Whitfield') });
    await mine.getByText(REVIEW_TEXT).waitFor();
    await page.getByText(M.saved).waitFor();
    expect(await prompt.count()).toBe(0);

    // The profile: the review first, by first name and initial, and (3 + 4) / 2 = 3.5 of 2.
    await page.goto(`${suite.server.url}/student/tutors/${tutor.id}`);
    const reviews = page.getByRole('list', { name: 'Reviews' });
    await reviews.getByText(REVIEW_TEXT).waitFor();
    const first = reviews.getByRole('listitem').first();
    expect(await first.textContent()).toContain('Maya O.');
    expect(await first.getByRole('img', { name: '4 out of 5 stars' }).count()).toBe(1);
    expect(await page.getByTestId('profile-rating').textContent()).toBe('3.5(2 reviews)');
    expect(await page.getByText(DISCOVERY_MESSAGES.noReviewsList).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    assertNoErrors();
    await close();
  });
});
