import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { classroomPath } from '../../src/domain/booking/classroom';
import { CLASSROOM_MESSAGES as M } from '../../src/domain/messages/classroom';
import { testDatabaseUrl } from '../../src/server/env';
import { createLesson } from '../../src/server/test/factories';
import { startAppServer, startSecondAppServer, type AppServer } from './support/app-server';
import { checkScreen, hasChromium, launchBrowser, newPage } from './support/browser';
import {
  classroomTab,
  FAKE_MEDIA,
  OFFLINE_ICE,
  readInbound,
  type Inbound,
} from './support/classroom-call';
import { hasTurnserver, startCoturn, type Coturn } from './support/coturn';
import { FIXED_NOW } from './support/fixed-time';
import { signUpStudent, signUpTutor } from './support/sign-up';

// Issue #26 in a browser: the lesson's two parties meet in the classroom with a fake camera and
// microphone. With the PostgreSQL server (TEST_DATABASE_URL) the tutor's tab is served by a
// second API process, so signals and the whiteboard cross processes through LISTEN/NOTIFY.
// Media go peer to peer on this machine (host candidates; no STUN server is reachable here),
// and once through a coturn on loopback with relay forced.

const TWO_PROCESSES = Boolean(testDatabaseUrl());
const MINUTE = 60_000;

/**
 * Waits until the page's live connection has received more video than `than` (frames decoded
 * and bytes received, per getStats) and answers what it has; `localType` is the kind of our
 * side's candidate in the selected pair (host, relay).
 */
async function inboundVideoAbove(page: Page, than: Inbound): Promise<Inbound> {
  let now: Inbound | null = null;
  // page.waitForFunction does not await an async predicate: poll the stats from here.
  await expect
    .poll(
      async () => {
        now = await readInbound(page);
        return Boolean(now && now.frames > than.frames && now.bytes > than.bytes);
      },
      { interval: 200, timeout: 30_000 },
    )
    .toBe(true);
  return now!;
}

/** The other party's video plays: frames and bytes arrive, and keep arriving. */
async function seesRemoteVideo(page: Page) {
  const first = await inboundVideoAbove(page, { frames: 0, bytes: 0, localType: null });
  const later = await inboundVideoAbove(page, first);
  return { first, later };
}

const shapesOn = (page: Page) =>
  page.getByTestId('whiteboard').getAttribute('data-shapes').then(Number);
const boardShows = (page: Page, count: number) =>
  page.waitForFunction(
    (expected) =>
      document.querySelector<HTMLElement>('[data-testid=whiteboard]')?.dataset.shapes ===
      String(expected),
    count,
  );

/** The size of the one shape on the lesson's stored board (read as its party). */
async function storedShapeSize(tab: { context: BrowserContext }, url: string, lessonId: string) {
  const answer = await tab.context.request.get(
    `${url}/api/lessons/${lessonId}/classroom/whiteboard`,
  );
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Buffer.from(((await answer.json()) as { state: string }).state, 'base64'));
  const [shape] = [...doc.getMap<{ width: number; height: number }>('elements').values()];
  return shape && { width: Math.round(shape.width), height: Math.round(shape.height) };
}

/** Draws a rectangle on the board with the mouse, as a person would. */
async function drawRectangle(page: Page) {
  // Excalidraw's tool is a hidden radio under its icon, inside a <label>: a person clicks the
  // icon (the label), and the radio is then checked.
  const board = page.getByTestId('whiteboard');
  await board.locator('label', { has: page.getByTestId('toolbar-rectangle') }).click();
  await expect.poll(() => board.getByTestId('toolbar-rectangle').isChecked()).toBe(true);
  const box = (await page.getByTestId('whiteboard').boundingBox())!;
  const x = box.x + box.width / 2 - 60;
  const y = box.y + box.height / 2 - 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 120, y + 80, { steps: 8 });
  await page.mouse.up();
}

describe.skipIf(!hasChromium)('the classroom in two browsers', () => {
  let studentServer: AppServer;
  let tutorServer: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    [studentServer, browser] = await Promise.all([
      startAppServer({ driver: TWO_PROCESSES ? 'postgres' : 'pglite', env: OFFLINE_ICE }),
      launchBrowser(FAKE_MEDIA),
    ]);
    tutorServer = TWO_PROCESSES
      ? await startSecondAppServer(studentServer, OFFLINE_ICE)
      : studentServer;
  });
  afterAll(async () => {
    await browser?.close();
    if (tutorServer !== studentServer) await tutorServer?.close();
    await studentServer?.close();
  });

  it('connects the two parties: video, mute, a shared board that stays; nobody else gets in', async () => {
    const student = await signUpStudent(studentServer, { firstName: 'Maya', lastName: 'Okafor' });
    const tutor = await signUpTutor(studentServer, { firstName: 'Tomas', lastName: 'Berg' });
    // Five minutes before the start: inside the window (it opens ten minutes before).
    const lessonId = await createLesson(studentServer.app.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() + 5 * MINUTE),
    });
    const path = classroomPath(lessonId);

    const studentTab = await classroomTab(browser, student.state, `${studentServer.url}${path}`);
    let tutorTab = await classroomTab(browser, tutor.state, `${tutorServer.url}${path}`);
    const studentPage = studentTab.page;
    let tutorPage = tutorTab.page;

    // Each sees the other's camera: frames decoded and bytes received grow.
    const [studentSees, tutorSees] = await Promise.all([
      seesRemoteVideo(studentPage),
      seesRemoteVideo(tutorPage),
    ]);
    expect(studentSees.later.frames).toBeGreaterThan(studentSees.first.frames);
    expect(tutorSees.later.bytes).toBeGreaterThan(tutorSees.first.bytes);

    // The student mutes: the tutor's side says so.
    await studentPage.getByRole('button', { name: M.mute }).click();
    await tutorPage
      .getByTestId('other-state')
      .filter({ hasText: M.otherMuted('Maya Okafor') })
      .waitFor();
    await studentPage.getByRole('button', { name: M.unmute }).waitFor();

    // The tutor draws; the student's board shows it.
    await Promise.all([boardShows(studentPage, 0), boardShows(tutorPage, 0)]);
    await drawRectangle(tutorPage);
    await boardShows(tutorPage, 1);
    await boardShows(studentPage, 1);
    // The whole stroke was sent, not only its start: the stored rectangle is the one drawn
    // (120 × 80 px dragged at 100 %).
    await expect
      .poll(async () => {
        const size = await storedShapeSize(studentTab, studentServer.url, lessonId);
        return Boolean(size && size.width > 100 && size.height > 60);
      })
      .toBe(true);

    // Both reload: the board is still there (from the database).
    await Promise.all([studentPage.reload(), tutorPage.reload()]);
    await Promise.all([boardShows(studentPage, 1), boardShows(tutorPage, 1)]);

    // The tutor's API process restarts (a fresh one on the same database): still there, and
    // the call comes back.
    if (TWO_PROCESSES) {
      await tutorTab.close();
      await tutorServer.close();
      tutorServer = await startSecondAppServer(studentServer, OFFLINE_ICE);
      tutorTab = await classroomTab(browser, tutor.state, `${tutorServer.url}${path}`);
      tutorPage = tutorTab.page;
      await boardShows(tutorPage, 1);
      await seesRemoteVideo(tutorPage);
    }
    expect(await shapesOn(studentPage)).toBe(1);

    // Another student: refused on the page, the whiteboard and the signalling channel.
    const stranger = await signUpStudent(studentServer, { firstName: 'Ivo', lastName: 'Stranger' });
    const strangerTab = await newPage(browser, { storageState: stranger.state });
    const pageAnswer = strangerTab.page.waitForResponse((response) =>
      response.url().endsWith(`/api/lessons/${lessonId}/classroom`),
    );
    await strangerTab.page.goto(`${studentServer.url}${path}`);
    expect((await pageAnswer).status()).toBe(403);
    await strangerTab.page.getByText(M.notYours).waitFor();
    const api = strangerTab.context.request;
    const origin = { origin: studentServer.url };
    const board = await api.get(
      `${studentServer.url}/api/lessons/${lessonId}/classroom/whiteboard`,
    );
    expect(board.status()).toBe(403);
    const signal = await api.post(
      `${studentServer.url}/api/lessons/${lessonId}/classroom/signals`,
      {
        headers: origin,
        data: { signal: { kind: 'join' } },
      },
    );
    expect(signal.status()).toBe(403);
    await strangerTab.close();

    // The open classroom, wide and on a phone (the video above the board), light and dark:
    // axe-clean each time, nothing wider than the screen.
    for (const width of [1280, 375]) {
      await studentPage.setViewportSize({ width, height: 800 });
      for (const theme of ['light', 'dark'] as const) {
        await studentPage.emulateMedia({ colorScheme: theme });
        await studentPage.evaluate(
          (dark) => document.documentElement.classList.toggle('dark', dark),
          theme === 'dark',
        );
        if (width === 375) {
          const video = (await studentPage.getByTestId('remote-video').boundingBox())!;
          const whiteboard = (await studentPage.getByTestId('whiteboard').boundingBox())!;
          expect(video.y + video.height).toBeLessThanOrEqual(whiteboard.y);
        }
        expect(
          await studentPage.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        ).toBe(0);
        await checkScreen(studentPage, `classroom-student-${width}-${theme}`);
      }
    }

    studentTab.assertNoErrors();
    tutorTab.assertNoErrors();
    await studentTab.close();
    await tutorTab.close();
  });

  it('before the window, says when the classroom opens', async () => {
    const student = await signUpStudent(studentServer, { firstName: 'Ana', lastName: 'Early' });
    const tutor = await signUpTutor(studentServer);
    const start = new Date(FIXED_NOW.getTime() + 3 * 60 * MINUTE);
    const lessonId = await createLesson(studentServer.app.database.db, {
      tutor,
      studentId: student.id,
      start,
    });
    const tab = await classroomTab(
      browser,
      student.state,
      `${studentServer.url}${classroomPath(lessonId)}`,
    );
    const opens = new Date(start.getTime() - 10 * MINUTE).toLocaleString('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/London',
    });
    await tab.page.getByText(M.opensAt(opens)).waitFor();
    expect(await tab.page.getByTestId('remote-video').count()).toBe(0);
    await checkScreen(tab.page, 'classroom-before');
    tab.assertNoErrors();
    await tab.close();
  });
});

describe.skipIf(!hasChromium || !hasTurnserver)('the classroom through TURN', () => {
  let server: AppServer;
  let browser: Browser;
  let coturn: Coturn;

  beforeAll(async () => {
    coturn = await startCoturn();
    [server, browser] = await Promise.all([
      startAppServer({
        env: {
          STUN_URLS: '',
          TURN_URLS: coturn.url,
          TURN_SECRET: coturn.secret,
          ICE_TRANSPORT_POLICY: 'relay',
        },
      }),
      launchBrowser(FAKE_MEDIA),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await coturn?.close();
  });

  it('connects with relayed candidates only, through coturn with minted credentials', async () => {
    const student = await signUpStudent(server);
    const tutor = await signUpTutor(server);
    const lessonId = await createLesson(server.app.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() + 5 * MINUTE),
    });
    const url = `${server.url}${classroomPath(lessonId)}`;
    const studentTab = await classroomTab(browser, student.state, url);
    const tutorTab = await classroomTab(browser, tutor.state, url);
    const [studentSees, tutorSees] = await Promise.all([
      seesRemoteVideo(studentTab.page),
      seesRemoteVideo(tutorTab.page),
    ]);
    expect(studentSees.later.localType).toBe('relay');
    expect(tutorSees.later.localType).toBe('relay');
    studentTab.assertNoErrors();
    tutorTab.assertNoErrors();
    await studentTab.close();
    await tutorTab.close();
  });
});
