import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../../src/domain/messages';
import { signUpAndVerify, TEST_PASSWORD } from '../../src/server/test/accounts';
import { browserSuite } from './support/browser-suite';
import { checkScreen, hasChromium, newPage } from './support/browser';

const BIO =
  'I have taught mathematics and physics to secondary and university students for eight years. ' +
  'My lessons mix clear explanations with plenty of worked problems.';

async function signIn(page: Page, url: string, email: string) {
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

/** Drags on the week calendar from one time to another in one weekday column. */
async function dragSlot(page: Page, weekday: string, from: string, to: string) {
  const calendar = page.getByTestId('availability-calendar');
  // The rows in the middle of the window: a drag that ends near an edge makes the calendar
  // scroll under the pointer (auto-scroll), and the slot grows by however far it scrolled.
  await calendar
    .locator(`[data-time="${from}:00"]`)
    .first()
    .evaluate((row) => row.scrollIntoView({ block: 'center' }));
  const column = await calendar
    .locator(`[role="columnheader"]`, { hasText: weekday })
    .boundingBox();
  const row = async (time: string) =>
    calendar.locator(`[data-time="${time}:00"]`).first().boundingBox();
  const start = await row(from);
  const end = await row(to);
  if (!column || !start || !end) throw new Error('calendar cells not found');
  const x = column.x + column.width / 2;
  await page.mouse.move(x, start.y + 4);
  await page.mouse.down();
  await page.mouse.move(x, (start.y + end.y) / 2, { steps: 5 });
  await page.mouse.move(x, end.y - 4, { steps: 5 });
  await page.mouse.up();
}

describe.skipIf(!hasChromium)('the tutor wizard in a browser', () => {
  const suite = browserSuite();

  it('a new tutor completes all six steps, reloads midway, submits and sees the schedule', async () => {
    const { email } = await signUpAndVerify(suite.server.url, suite.server.inbox, 'tutor', {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    // A 24-hour locale: the windows read as they are stored ('09:00 – 11:00').
    const { page, assertNoErrors, close } = await newPage(suite.browser, { locale: 'en-GB' });
    await signIn(page, suite.server.url, email);
    await page.waitForURL('**/tutor/complete-profile');

    // 1. Basic information
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await page.getByLabel('Professional bio').fill('Too short');
    await page.getByLabel('Professional bio').blur();
    await page.getByText(M.bioTooShort).waitFor();
    expect(await continueButton.isDisabled()).toBe(true);
    await page.getByLabel('Professional bio').fill(BIO);
    await page.getByLabel('Teaching experience (years)').fill('8');
    await page.getByLabel('Hourly rate (USD)').fill('30');
    await page.getByLabel('Country of residence').selectOption('Portugal');
    await page.getByLabel('Native language').selectOption('English');
    await checkScreen(page, 'wizard-basic-info');
    await continueButton.click();
    await toast(page, M.progressSaved);
    // The rate is saved in cents; back on the step it shows in dollars, as it was typed.
    await page.getByRole('heading', { name: 'Education & Certifications' }).waitFor();
    await page.getByRole('button', { name: /^Basic Information/ }).click();
    expect(await page.getByLabel('Hourly rate (USD)').inputValue()).toBe('30');
    await continueButton.click();

    // 2. Education, with a certificate
    await page.getByRole('heading', { name: 'Education & Certifications' }).waitFor();
    await page.getByLabel('Education level').selectOption("Master's Degree");
    await page.getByLabel('Degree or title').fill('MSc Applied Mathematics');
    await page.getByLabel('University or institution').fill('University of Lisbon');
    await page.getByLabel('Year of graduation').selectOption('2016');
    await page.getByRole('button', { name: 'Add certificate' }).click();
    await page.getByLabel('Certificate name').fill('CELTA');
    await page.getByLabel('Issuing organization').fill('Cambridge Assessment English');
    await page.getByLabel('Year', { exact: true }).fill('2019');
    await checkScreen(page, 'wizard-education');
    await continueButton.click();
    await toast(page, M.progressSaved);
    await page.getByRole('heading', { name: 'Subjects & Languages' }).waitFor();

    // A reload keeps the progress: the wizard resumes at step 3 with two steps done.
    await page.reload();
    await page.getByRole('heading', { name: 'Subjects & Languages' }).waitFor();
    expect(await page.getByText('(completed)').count()).toBe(2);

    // 3. Two subjects and a language
    await page.getByLabel('Subject 1', { exact: true }).selectOption('Mathematics');
    await page.getByLabel('Level').first().selectOption('expert');
    await page.getByRole('button', { name: 'Add subject' }).click();
    await page.getByLabel('Subject 2', { exact: true }).selectOption('Physics');
    await page.getByLabel('Level').nth(1).selectOption('advanced');
    await page.getByLabel('Language 1', { exact: true }).selectOption('English');
    await page.getByLabel('Level').nth(2).selectOption('native');
    await checkScreen(page, 'wizard-subjects');
    await continueButton.click();
    await toast(page, M.progressSaved);

    // 4. Teaching style
    await page.getByRole('heading', { name: 'Teaching Style' }).waitFor();
    await page.getByText('Interactive', { exact: true }).click();
    await page.getByText('Homework Help', { exact: true }).click();
    await page.getByText('Problem Solving', { exact: true }).click();
    await page.getByText('Exam Preparation', { exact: true }).click();
    await checkScreen(page, 'wizard-teaching-style');
    await continueButton.click();
    await toast(page, M.progressSaved);

    // 5. Photo (a real PNG, cropped) and video
    await page.getByRole('heading', { name: 'Profile Media' }).waitFor();
    // A text file named .jpg is refused before the crop dialog (which would show it black).
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('just some text, honestly'),
    });
    await toast(page, M.imageTypeInvalid);
    expect(await page.getByRole('heading', { name: 'Crop your photo' }).count()).toBe(0);
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByRole('heading', { name: 'Crop your photo' }).waitFor();
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await checkScreen(page, 'wizard-crop-dialog');
    await page.getByRole('button', { name: 'Save photo' }).click();
    await toast(page, M.imageUploaded);
    await page.getByRole('img', { name: 'Your profile photo' }).waitFor();
    await page.getByLabel('Video URL').fill('https://youtu.be/not-valid');
    await page.getByText(M.invalidVideoUrl).waitFor();
    await page.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    // A poster and the video's link until the player is asked for (issue #29).
    expect(await page.getByRole('link', { name: 'Watch on YouTube' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    await page.getByRole('button', { name: 'Play Introduction video' }).waitFor();
    await checkScreen(page, 'wizard-media');
    await continueButton.click();
    await toast(page, M.progressSaved);

    // 6. Availability: two dragged slots, then submit
    await page.getByRole('heading', { name: 'Availability' }).waitFor();
    await page.getByLabel('Timezone').selectOption('Europe/London');
    await dragSlot(page, 'Mon', '09:00', '11:00');
    await toast(page, M.slotAdded);
    await dragSlot(page, 'Wed', '14:00', '16:00');
    await page.getByRole('list', { name: 'Your weekly slots' }).getByText('Wednesday').waitFor();
    await checkScreen(page, 'wizard-availability');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await checkScreen(page, 'wizard-availability-dark');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await page.getByRole('button', { name: 'Submit profile' }).click();
    await toast(page, M.profileSubmitted);
    await page.waitForURL('**/tutor/overview');
    const profile = await suite.server.app.database.db
      .selectFrom('tutor_profiles')
      .innerJoin('users', 'users.id', 'tutor_profiles.user_id')
      .select('hourly_rate_cents')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(profile.hourly_rate_cents).toBe(3000);

    await page.getByRole('link', { name: 'My Schedule' }).click();
    const card = page.getByRole('region', { name: 'Your Availability' });
    await card.getByText('Monday').waitFor();
    expect(await card.textContent()).toContain('09:00 – 11:00');
    expect(await card.textContent()).toContain('14:00 – 16:00');
    expect(await card.textContent()).toContain('4 hours per week');
    expect(await card.textContent()).toContain('London');
    // The sidebar shows the uploaded photo through its signed URL.
    const avatar = page.locator('aside img').first();
    await avatar.waitFor();
    expect(await avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
      0,
    );
    await checkScreen(page, 'tutor-schedule');

    // Edit: delete Wednesday's slot with confirmation, save, and the card reloads.
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Your Availability' });
    await checkScreen(page, 'availability-dialog');
    await dialog.getByRole('button', { name: 'Delete Wednesday 14:00 – 16:00' }).click();
    await page.getByText(M.deleteSlotConfirm).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, M.slotRemoved);
    await dialog.getByRole('button', { name: 'Save Availability' }).click();
    await toast(page, M.availabilityUpdated);
    await card.getByText('2 hours per week').waitFor();
    expect(await card.textContent()).not.toContain('14:00 – 16:00');

    // Saving an empty week asks first, then leaves the empty state.
    await card.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('button', { name: 'Clear all' }).click();
    await page
      .getByRole('dialog', { name: 'Clear all slots' })
      .getByRole('button', { name: 'Clear all' })
      .click();
    await toast(page, M.slotsCleared);
    await dialog.getByRole('button', { name: 'Save Availability' }).click();
    await page.getByRole('dialog', { name: 'No Availability Set' }).waitFor();
    await page.getByRole('button', { name: 'Continue Anyway' }).click();
    await card
      .getByText(
        "You haven't set any availability yet. Students won't be able to book lessons with you.",
      )
      .waitFor();
    await checkScreen(page, 'tutor-schedule-empty');

    // On a phone the editor starts in scroll mode; Select turns on press-and-hold creation.
    await page.setViewportSize({ width: 375, height: 740 });
    await card.getByRole('button', { name: 'Set Your Availability' }).click();
    await dialog.getByRole('button', { name: 'Select' }).click();
    expect(await dialog.getByRole('button', { name: 'Select' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await dialog.getByRole('button', { name: 'Add slot' }).click();
    await toast(page, M.slotAdded);
    await checkScreen(page, 'availability-dialog-phone');
    assertNoErrors();
    await close();
  });

  it('shows an incomplete tutor the completion overlay, snoozes it, and works on a phone in dark', async () => {
    const { email } = await signUpAndVerify(suite.server.url, suite.server.inbox, 'tutor');
    const { page, assertNoErrors, close } = await newPage(suite.browser, {
      viewport: { width: 375, height: 740 },
      colorScheme: 'dark',
    });
    await signIn(page, suite.server.url, email);
    await page.waitForURL('**/tutor/complete-profile');
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    await checkScreen(page, 'wizard-phone-dark');
    expect(await overflow()).toBe(false);

    await page.goto(`${suite.server.url}/tutor/schedule`);
    const overlay = page.getByRole('dialog', {
      name: 'Complete your tutor profile to start accepting students',
    });
    await overlay.waitFor();
    await checkScreen(page, 'profile-overlay-phone-dark');
    await overlay.getByRole('button', { name: 'Dismiss' }).click();
    await overlay.waitFor({ state: 'detached' });
    // Snoozed: another page of the area does not bring it back.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL('**/tutor/overview');
    expect(await overlay.count()).toBe(0);
    // After the snooze it returns, and leads to the wizard.
    await page.evaluate(() => localStorage.setItem('profileOverlaySnoozedUntil', '1'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'My Schedule' }).click();
    await overlay.getByRole('link', { name: 'Complete Profile' }).click();
    await page.waitForURL('**/tutor/complete-profile');
    assertNoErrors();
    await close();
  });
});
