import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TUTOR_PROFILE_MESSAGES as M } from '../../src/domain/messages';
import { browserSuite } from './support/browser-suite';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { signUpTutor } from './support/sign-up';

// The availability editor on a phone, with real touch events (CDP Input.dispatchTouchEvent):
// press and hold an empty time adds a window and nothing else; a tap on a window asks to
// delete it; press and hold a window, then slide, moves it.

type Point = { x: number; y: number };
const finger = ({ x, y }: Point) => [{ x, y, radiusX: 4, radiusY: 4, force: 1, id: 1 }];

/**
 * A finger on `from` for `holdMs`, slid to `to` (if given) in small steps, then lifted: what a
 * person's press-and-hold (and drag) sends.
 */
async function pressAndHold(page: Page, from: Point, holdMs: number, to?: Point) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: finger(from) });
  await new Promise((resolve) => setTimeout(resolve, holdMs));
  const steps = 10;
  for (let step = 1; to && step <= steps; step += 1) {
    const at = {
      x: from.x + ((to.x - from.x) * step) / steps,
      y: from.y + ((to.y - from.y) * step) / steps,
    };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: finger(at) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The centre of the calendar's cell on `date` (the editor's week starts Monday 2024-01-01) at `time`. */
async function cellCentre(page: Page, date: string, time: string) {
  // FullCalendar's classes are minified: its data attributes name the cells. The second of each
  // pair is the grid's own (the first is a header or an axis label).
  const row = page.locator(`[data-time="${time}"]`).last();
  await row.scrollIntoViewIfNeeded();
  const rowBox = (await row.boundingBox())!;
  const columnBox = (await page.locator(`[data-date="${date}"]`).last().boundingBox())!;
  return { x: columnBox.x + columnBox.width / 2, y: rowBox.y + rowBox.height / 2 };
}

describe.skipIf(!hasChromium)('the availability editor by touch', () => {
  const suite = browserSuite();

  /** A tutor with Monday 09:00–10:00, in the editor on a touch phone, in Select mode. */
  async function openEditorOnPhone(colorScheme: 'light' | 'dark') {
    const tutor = await signUpTutor(suite.server, {
      availability: [{ dayOfWeek: 1, startTime: '09:00', endTime: '10:00' }],
    });
    const tab = await newPage(suite.browser, {
      storageState: tutor.state,
      // A 24-hour locale: the windows read as they are stored ('09:00 – 10:00').
      locale: 'en-GB',
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
      colorScheme,
    });
    await tab.page.goto(`${suite.server.url}/tutor/schedule`);
    const card = tab.page.getByRole('region', { name: 'Your Availability' });
    await card.getByRole('button', { name: 'Edit' }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'Set Your Availability' });
    await dialog.getByRole('button', { name: 'Select' }).click();
    return { ...tab, dialog };
  }

  it('adds a window by press-and-hold without asking to delete it, and deletes one by a tap', async () => {
    const { page, dialog, assertNoErrors, close } = await openEditorOnPhone('light');

    // Wednesday 14:00, held for 600 ms (the editor's long-press delay is 300 ms).
    const cell = await cellCentre(page, '2024-01-03', '14:00:00');
    await pressAndHold(page, cell, 600);
    await dialog.getByRole('button', { name: /^Delete Wednesday 14:00/ }).waitFor();
    await page.getByText(M.slotAdded).first().waitFor();
    // The finger lifting off the new window is not a tap on it.
    expect(await page.getByText(M.deleteSlotConfirm).count()).toBe(0);
    await checkScreen(page, 'availability-touch-added-phone', { fullPage: false });

    // A tap on an existing window asks to delete it.
    const calendar = page.getByTestId('availability-calendar');
    const monday = calendar.getByText('09:00 – 10:00');
    await monday.scrollIntoViewIfNeeded();
    await monday.tap();
    await page.getByText(M.deleteSlotConfirm).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(M.slotRemoved).first().waitFor();
    expect(await monday.count()).toBe(0);
    assertNoErrors();
    await close();
  }, 120_000);

  it('moves a window by press-and-hold and a slide to another time', async () => {
    const { page, dialog, assertNoErrors, close } = await openEditorOnPhone('dark');

    // From the window's first half hour (Monday 09:00) to Monday 11:00: two hours later.
    const from = await cellCentre(page, '2024-01-01', '09:00:00');
    const to = await cellCentre(page, '2024-01-01', '11:00:00');
    await pressAndHold(page, from, 600, to);
    await page.getByText(M.slotMoved).first().waitFor();
    const calendar = page.getByTestId('availability-calendar');
    await calendar.getByText('11:00 – 12:00').waitFor();
    expect(await calendar.getByText('09:00 – 10:00').count()).toBe(0);
    await dialog.getByRole('button', { name: /^Delete Monday 11:00/ }).waitFor();
    // Moving is not tapping: nothing asks to delete it.
    expect(await page.getByText(M.deleteSlotConfirm).count()).toBe(0);
    await checkScreen(page, 'availability-touch-moved-phone-dark', { fullPage: false });
    assertNoErrors();
    await close();
  }, 120_000);
});
