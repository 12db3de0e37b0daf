import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lesson } from '../../src/contracts/booking.contract';
import { BOOKING_MESSAGES as M, TUTOR_PROFILE_MESSAGES } from '../../src/domain/messages';
import {
  createLesson,
  createSignedInTutor,
  createTutor,
  type TestTutor,
} from '../../src/server/test/factories';
import { everyDay } from '../../src/server/test/weekly-availability';
import { browserSuite } from './support/browser-suite';
import { holdRequests } from './support/held-requests';
import { signUpStudent } from './support/sign-up';
import { openTutorSchedule } from './support/tutor-schedule';

import { checkScreen, hasChromium, newPage } from './support/browser';
import { FIXED_NOW } from './support/fixed-time';

// Rich-text lesson notes in the lesson detail dialog: the student writes their notes with the
// toolbar and the keyboard (with a picture), the tutor reads them and writes preparation notes
// the student never receives.

const ZONE = 'Europe/London';
const VIEWER = { timezoneId: ZONE, locale: 'en-US' } satisfies BrowserContextOptions;
const T = M.notesTools;

// What the student writes, block by block.
const HEADING = 'Quadratic equations';
const BOLD = 'Bring the worksheet';
const PLAIN = 'from last week';
const ITEMS = ['Completing the square', 'The discriminant'];
// What the tutor writes.
const PREP_ITALIC = 'Start with a warm-up quiz';
const PREP_ITEMS = ['Review homework', 'Factorising practice'];
const LINK_TYPED = 'example.com/plan';

/** The spec's preview, worked out here from the written words: 40 characters, then an ellipsis. */
const preview = (blocks: string[]) => {
  const text = blocks.join(' ');
  return text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text;
};

describe.skipIf(!hasChromium)('lesson notes in a browser', () => {
  const suite = browserSuite();
  let student: { id: string; state: BrowserContextOptions['storageState'] };
  let tutor: TestTutor;
  let otherTutor: TestTutor;
  let tutorEmail: string;
  /** The name the student sees: the signed-in tutor account's. */
  let tutorName: string;
  let lessonId: string;

  /** A scheduled 50-minute lesson of the student, `days` ahead, put straight into the database. */
  const insertLesson = (teacher: TestTutor, days: number) =>
    createLesson(suite.server.app.database.db, {
      tutor: teacher,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() + days * 86_400_000),
      timezone: ZONE,
    });

  beforeAll(async () => {
    const teaching = { timezone: ZONE, availability: everyDay('09:00', '21:00') };
    student = await signUpStudent(suite.server);
    // A tutor who signs in (their name is what the student sees), and another one.
    const signedIn = await createSignedInTutor(suite.server.app, teaching);
    [tutor, tutorEmail, tutorName] = [signedIn, signedIn.email, signedIn.name];
    otherTutor = await createTutor(suite.server.app.database.db, {
      ...teaching,
      firstName: 'Omar',
      lastName: 'Haddad',
    });
    lessonId = await insertLesson(tutor, 3);
  });

  /** Shoots a screen as it rests: colour transitions of the last click are skipped to their end. */
  async function shoot(page: Page, name: string, options?: { fullPage: boolean }) {
    await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important }' });
    await checkScreen(page, name, options);
  }

  const studentPage = (options: BrowserContextOptions = {}) =>
    newPage(suite.browser, { ...VIEWER, storageState: student.state, ...options });

  /** A GET of the app's API with the page's session: the status and the raw body. */
  const apiGet = (page: Page, path: string) =>
    page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, text: await response.text() };
    }, path);
  const lessonFromApi = async (page: Page) =>
    (JSON.parse((await apiGet(page, `/api/lessons/${lessonId}`)).text) as { lesson: Lesson })
      .lesson;

  const lessonRow = (page: Page, name: string) =>
    page.getByTestId('lesson-row').filter({ hasText: name });
  const detailDialog = (page: Page) => page.getByRole('dialog', { name: M.lessonDetails });
  const tool = (dialog: Locator, name: string) =>
    dialog.getByRole('toolbar', { name: M.notesToolbar }).getByRole('button', { name });
  const pressed = async (button: Locator) => (await button.getAttribute('aria-pressed')) === 'true';
  const isFocused = (locator: Locator) =>
    locator.evaluate((element) => element === document.activeElement);
  const toast = (page: Page, text: string) =>
    page.getByRole('status').filter({ hasText: text }).first().waitFor();
  /** Every picture in the locator has loaded for real (the browser decoded its pixels). */
  const imagesLoaded = (locator: Locator) =>
    locator
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0));

  /** Starts a list with its toolbar button, then types the items, Enter between them. */
  /**
   * Clicks a toolbar button and waits for the caret to be back in the editor: the editor takes
   * focus back a frame later, and keys typed before then would go elsewhere.
   */
  async function applyTool(button: Locator, editor: Locator) {
    await button.click();
    await expect.poll(() => isFocused(editor)).toBe(true);
  }

  async function typeList(page: Page, button: Locator, editor: Locator, items: string[]) {
    await applyTool(button, editor);
    expect(await pressed(button)).toBe(true);
    for (const [index, item] of items.entries()) {
      if (index > 0) await page.keyboard.press('Enter');
      await page.keyboard.type(item);
    }
  }

  async function openLesson(page: Page, name: string) {
    await lessonRow(page, name).getByRole('button').click();
    const dialog = detailDialog(page);
    await dialog.waitFor();
    return dialog;
  }

  const png = () =>
    sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 20, g: 140, b: 90 } },
    })
      .png()
      .toBuffer();

  it('lets a student write rich notes with the toolbar and keyboard, with a picture', async () => {
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/schedule`);
    const row = lessonRow(page, tutorName);
    await row.waitFor();
    expect(await row.getByTestId('lesson-notes-preview').count()).toBe(0);

    const dialog = await openLesson(page, tutorName);
    const own = dialog.getByTestId('own-notes');
    await own.getByRole('heading', { name: M.myNotes }).waitFor();
    expect(await own.getByText(M.noNotes).isVisible()).toBe(true);
    expect(await dialog.getByText(M.prepNotes).count()).toBe(0);

    await own.getByRole('button', { name: M.editNotes }).click();
    const editor = dialog.getByRole('textbox', { name: M.myNotes });
    // Ready with the caret in it (the editor focuses itself once created).
    await expect.poll(() => isFocused(editor)).toBe(true);

    // Arrow keys walk the toolbar.
    await tool(dialog, T.bold).focus();
    await page.keyboard.press('ArrowRight');
    expect(await isFocused(tool(dialog, T.italic))).toBe(true);

    // A heading from the toolbar, bold from the keyboard, a bulleted list from the toolbar.
    await applyTool(tool(dialog, T.heading), editor);
    expect(await pressed(tool(dialog, T.heading))).toBe(true);
    await page.keyboard.type(HEADING);
    await page.keyboard.press('Enter');
    expect(await pressed(tool(dialog, T.heading))).toBe(false);
    await page.keyboard.press('Control+b');
    expect(await pressed(tool(dialog, T.bold))).toBe(true);
    await page.keyboard.type(BOLD);
    await page.keyboard.press('Control+b');
    expect(await pressed(tool(dialog, T.bold))).toBe(false);
    await page.keyboard.type(` ${PLAIN}`);
    await page.keyboard.press('Enter');
    await typeList(page, tool(dialog, T.bulletList), editor, ITEMS);
    // Enter on an empty item leaves the list.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // A real PNG, stored by the server and shown from its URL.
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'diagram.png',
      mimeType: 'image/png',
      buffer: await png(),
    });
    await expect.poll(() => imagesLoaded(editor)).toEqual([true]);
    expect(await editor.locator('img').getAttribute('src')).toMatch(/^\/api\/files\//);
    expect(await editor.locator('h2').innerText()).toBe(HEADING);
    expect(await editor.locator('strong').innerText()).toBe(BOLD);
    expect(await editor.locator('ul > li').allInnerTexts()).toEqual(ITEMS);
    await shoot(page, 'notes-student-editing');

    // Saving... while the server works, then the toast and the notes as saved.
    const save = await holdRequests(page, '**/notes');
    await dialog.getByRole('button', { name: M.saveNotes }).click();
    const saving = dialog.getByRole('button', { name: M.saving });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    save.release();
    await toast(page, M.notesSaved);
    await editor.waitFor({ state: 'detached' });
    const editButton = own.getByRole('button', { name: M.editNotes });
    await editButton.waitFor();
    expect(await isFocused(editButton)).toBe(true);

    const view = own.getByTestId('notes-view');
    const checkView = async () => {
      expect(await view.locator('h2').innerText()).toBe(HEADING);
      expect(await view.locator('strong').innerText()).toBe(BOLD);
      expect(await view.locator('ul > li').allInnerTexts()).toEqual(ITEMS);
      await expect.poll(() => imagesLoaded(view)).toEqual([true]);
    };
    await checkView();
    await shoot(page, 'notes-student-saved');

    // The server kept the formatting and the picture; the student gets no preparation notes.
    const saved = await lessonFromApi(page);
    expect(saved.studentNotes).toContain(`<h2>${HEADING}</h2>`);
    expect(saved.studentNotes).toContain(`<strong>${BOLD}</strong>`);
    expect(saved.studentNotes).toMatch(/<ul>.*<li>.*<\/li>.*<\/ul>/);
    expect(saved.studentNotes).toMatch(/<img src="\/api\/files\//);
    expect(saved.tutorPrepNotes).toBeNull();

    // The row shows the first 40 characters of the notes, and keeps them after a reload.
    const expected = preview([HEADING, `${BOLD} ${PLAIN}`, ...ITEMS]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('lesson-notes-preview').innerText()).toBe(expected);
    await shoot(page, 'notes-student-list-preview');
    await page.reload();
    await expect.poll(() => row.getByTestId('lesson-notes-preview').innerText()).toBe(expected);
    await openLesson(page, tutorName);
    await checkView();
    assertNoErrors();
    await close();
  });

  it('says why a picture did not upload, and keeps the text when saving fails', async () => {
    const { page, context, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/schedule`);
    const dialog = await openLesson(page, tutorName);
    await dialog.getByRole('button', { name: M.editNotes }).click();
    const editor = dialog.getByRole('textbox', { name: M.myNotes });
    await editor.waitFor();
    const file = dialog.locator('input[type="file"]');

    // A GIF is not a notes picture.
    const gif = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .gif()
      .toBuffer();
    await file.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: gif });
    const gifRefused = `${M.imageUploadFailed}: ${TUTOR_PROFILE_MESSAGES.imageTypeInvalid}`;
    await dialog.getByRole('alert').filter({ hasText: gifRefused }).waitFor();

    // Signed out meanwhile: the server refuses the picture and the notes.
    await context.clearCookies();
    await file.setInputFiles({ name: 'diagram.png', mimeType: 'image/png', buffer: await png() });
    const signedOut = dialog.getByRole('alert').filter({ hasText: M.imageUploadSignedOut });
    await signedOut.waitFor();
    await signedOut.scrollIntoViewIfNeeded();
    expect(await dialog.getByText(M.imageUploadFailed).count()).toBe(0);
    await shoot(page, 'notes-upload-signed-out');

    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Unsaved thought');
    await dialog.getByRole('button', { name: M.saveNotes }).click();
    await toast(page, M.notesFailed);
    expect(await editor.innerText()).toContain('Unsaved thought');
    expect(await dialog.getByRole('button', { name: M.saveNotes }).isEnabled()).toBe(true);

    // Cancel goes back to the notes as they were.
    await dialog.getByRole('button', { name: M.cancel, exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await dialog.getByTestId('notes-view').innerText()).not.toContain('Unsaved thought');
    assertNoErrors();
    await close();
  });

  it("shows 'Failed to load image' for a picture that cannot be loaded", async () => {
    // Notes that point at one of our image paths whose file does not exist.
    const missing = `${randomUUID()}/lessons/${randomUUID()}/${randomUUID()}.jpg`;
    const otherLesson = await insertLesson(otherTutor, 4);
    await suite.server.app.database.db
      .updateTable('lessons')
      .set({ student_notes: `<p>Old diagram</p><img src="/api/files/${missing}">` })
      .where('id', '=', otherLesson)
      .execute();
    const { page, assertNoErrors, close } = await studentPage();
    await page.goto(`${suite.server.url}/student/schedule`);
    const dialog = await openLesson(page, otherTutor.name);
    const view = dialog.getByTestId('notes-view');
    await view.getByText('Old diagram').waitFor();
    await view.getByText(M.imageLoadFailed).waitFor();
    expect(await view.locator('img').count()).toBe(0);
    assertNoErrors();
    await close();
  });

  it('lets the tutor read the student’s notes and write preparation notes the student never gets', async () => {
    const { page, assertNoErrors, close } = await newPage(suite.browser, VIEWER);
    const card = await openTutorSchedule(page, suite.server.url, tutorEmail);
    const row = card.getByTestId('lesson-row').filter({ hasText: 'Maya Okafor' });
    await row.waitFor();
    // A tutor's row previews their own notes: none yet (the student's are not theirs).
    expect(await row.getByTestId('lesson-notes-preview').count()).toBe(0);

    await row.getByRole('button').click();
    const dialog = detailDialog(page);
    const studentNotes = dialog.getByTestId('student-notes');
    await studentNotes.getByRole('heading', { name: M.studentNotesForTutor }).waitFor();
    expect(await studentNotes.locator('h2').innerText()).toBe(HEADING);
    expect(await studentNotes.locator('strong').innerText()).toBe(BOLD);
    expect(await studentNotes.locator('ul > li').allInnerTexts()).toEqual(ITEMS);
    await expect.poll(() => imagesLoaded(studentNotes)).toEqual([true]);
    // Read-only: the only Edit notes button is the tutor's own.
    expect(await studentNotes.getByRole('button').count()).toBe(0);
    expect(await studentNotes.locator('[contenteditable="true"]').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: M.editNotes }).count()).toBe(1);
    const own = dialog.getByTestId('own-notes');
    await own.getByRole('heading', { name: M.prepNotes }).waitFor();
    expect(await own.getByText(M.noNotes).isVisible()).toBe(true);
    await shoot(page, 'notes-tutor-reads');

    // Italic from the toolbar, a numbered list, a link through the prompt.
    await own.getByRole('button', { name: M.editNotes }).click();
    const editor = dialog.getByRole('textbox', { name: M.prepNotes });
    await expect.poll(() => isFocused(editor)).toBe(true);
    await applyTool(tool(dialog, T.italic), editor);
    await page.keyboard.type(PREP_ITALIC);
    await applyTool(tool(dialog, T.italic), editor);
    await page.keyboard.press('Enter');
    await typeList(page, tool(dialog, T.orderedList), editor, PREP_ITEMS);
    await page.keyboard.press('Shift+Home');
    page.once('dialog', (prompt) => void prompt.accept(LINK_TYPED));
    await tool(dialog, T.link).click();
    await editor.locator('a').waitFor();
    expect(await editor.locator('a').getAttribute('href')).toBe(`https://${LINK_TYPED}`);
    await shoot(page, 'notes-tutor-editing');
    await dialog.getByRole('button', { name: M.saveNotes }).click();
    await toast(page, M.notesSaved);
    await editor.waitFor({ state: 'detached' });

    const view = own.getByTestId('notes-view');
    expect(await view.locator('em').innerText()).toBe(PREP_ITALIC);
    expect(await view.locator('ol > li').allInnerTexts()).toEqual(PREP_ITEMS);
    expect(await view.locator('a').getAttribute('href')).toBe(`https://${LINK_TYPED}`);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => row.getByTestId('lesson-notes-preview').innerText())
      .toBe(preview([PREP_ITALIC, ...PREP_ITEMS]));
    const asTutor = await lessonFromApi(page);
    expect(asTutor.tutorPrepNotes).toContain(`<em>${PREP_ITALIC}</em>`);
    expect(asTutor.studentNotes).toContain(`<h2>${HEADING}</h2>`);
    assertNoErrors();
    await close();

    // The student: neither the screen nor any answer of the API carries the preparation notes.
    const asStudent = await studentPage();
    await asStudent.page.goto(`${suite.server.url}/student/schedule`);
    const studentDialog = await openLesson(asStudent.page, tutorName);
    await studentDialog.getByTestId('notes-view').locator('h2').waitFor();
    const seen = await studentDialog.innerText();
    expect(seen).not.toContain(M.prepNotes);
    for (const text of [PREP_ITALIC, ...PREP_ITEMS]) expect(seen).not.toContain(text);
    for (const path of [`/api/lessons/${lessonId}`, '/api/lessons/upcoming?days=14']) {
      const { status, text } = await apiGet(asStudent.page, path);
      expect(status).toBe(200);
      expect(text).not.toContain(PREP_ITALIC);
    }
    expect((await lessonFromApi(asStudent.page)).tutorPrepNotes).toBeNull();
    asStudent.assertNoErrors();
    await asStudent.close();
  });

  it('fits the notes editor on a 375 px phone in the dark theme', async () => {
    const { page, assertNoErrors, close } = await studentPage({
      viewport: { width: 375, height: 780 },
      colorScheme: 'dark',
    });
    await page.goto(`${suite.server.url}/student/schedule`);
    const dialog = await openLesson(page, tutorName);
    await dialog.getByRole('button', { name: M.editNotes }).click();
    const editor = dialog.getByRole('textbox', { name: M.myNotes });
    await editor.waitFor();
    await expect.poll(() => imagesLoaded(editor)).toEqual([true]);
    await tool(dialog, T.redo).scrollIntoViewIfNeeded();
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBe(0);
    await shoot(page, 'notes-editor-dark-phone', { fullPage: false });
    await dialog.getByRole('button', { name: M.cancel, exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    assertNoErrors();
    await close();
  });
});
