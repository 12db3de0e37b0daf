import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK_PLACEHOLDER } from '../../src/domain/messaging/masking';
import { MESSAGES_PAGE as M } from '../../src/domain/messaging/messaging-page-messages';
import { MESSAGING_MESSAGES } from '../../src/domain/messaging/messaging-rules';
import { testDatabaseUrl } from '../../src/server/env';
import { paths } from '../../src/web/lib/paths';
import { startSecondAppServer, type AppServer } from './support/app-server';
import { checkScreen, hasChromium, newPage } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { controlLiveSocket, recordLiveEvents } from './support/live-socket';
import { signUpStudent, signUpTutor } from './support/sign-up';

// Issue #16 in a browser: a student writes to a tutor from the tutor's profile, and each sees the
// other's messages, the unread badge and the read receipt arrive without a reload. With the
// PostgreSQL server (TEST_DATABASE_URL), the tutors' tabs are served by a second API process:
// what a student sends on the first reaches the tutor's socket through LISTEN/NOTIFY. Without it
// the same journeys run on one process over PGlite.

const TWO_PROCESSES = Boolean(testDatabaseUrl());
const TUTOR_PROCESS = TWO_PROCESSES ? 'on another API process' : 'on the same API process';

type Signed = { state: BrowserContextOptions['storageState'] };

const SENT_MESSAGE = /^\/api\/conversations\/[^/]+\/messages$/;

describe.skipIf(!hasChromium)('messaging in a browser', () => {
  const suite = browserSuite({ driver: TWO_PROCESSES ? 'postgres' : 'pglite' });
  /** The process the tutors' tabs talk to (the students' is suite.server). */
  let tutorServer: AppServer;

  beforeAll(async () => {
    tutorServer = TWO_PROCESSES ? await startSecondAppServer(suite.server) : suite.server;
  });
  afterAll(async () => {
    if (tutorServer !== suite.server) await tutorServer?.close();
  });

  /** A new student and a new listed tutor, signed up through the API. */
  async function pair(student: [string, string], tutor: [string, string]) {
    const [studentAccount, tutorAccount] = await Promise.all([
      signUpStudent(suite.server, { firstName: student[0], lastName: student[1] }),
      signUpTutor(suite.server, { firstName: tutor[0], lastName: tutor[1] }),
    ]);
    return {
      student: { ...studentAccount, name: student.join(' ') },
      tutor: tutorAccount,
    };
  }

  /** Profiles embed the tutor's video: its player is answered locally (no network here). */
  const answerVideos = (context: BrowserContext) =>
    context.route(/youtube-nocookie\.com|youtube\.com|player\.vimeo\.com/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<body>video player</body>' }),
    );

  /** The student's tab (videos answered locally) and the tutor's, each signed in. */
  async function openTabs(
    signedIn: { student: Signed; tutor: Signed },
    tutorView: BrowserContextOptions = {},
  ) {
    const studentTab = await newPage(suite.browser, { storageState: signedIn.student.state });
    await answerVideos(studentTab.context);
    const tutorTab = await newPage(suite.browser, {
      storageState: signedIn.tutor.state,
      ...tutorView,
    });
    return {
      studentPage: studentTab.page,
      tutorPage: tutorTab.page,
      /** Fails on any console error either tab logged, and closes both. */
      async finish() {
        studentTab.assertNoErrors();
        tutorTab.assertNoErrors();
        await studentTab.close();
        await tutorTab.close();
      },
    };
  }

  const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const messagesItem = (page: Page) => mainNav(page).getByRole('link', { name: /^Messages/ });
  const unreadBadge = (page: Page, count: number) => mainNav(page).getByLabel(M.unread(count));
  /** The inbox's row for the conversation with `name`. */
  const inboxRow = (page: Page, name: string) =>
    page.getByRole('list', { name: M.conversations }).getByRole('link', { name: new RegExp(name) });
  /** The open conversation with `name`. */
  const thread = (page: Page, name: string) => page.getByRole('region', { name });
  /** The thread's messages that read `text`. */
  const bubbles = (page: Page, name: string, text: string) =>
    thread(page, name).getByTestId('message').filter({ hasText: text });

  /** Writes `text` in the open conversation's composer and sends it; returns once stored. */
  async function send(page: Page, text: string) {
    const stored = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        SENT_MESSAGE.test(new URL(response.url()).pathname),
    );
    await page.getByRole('textbox', { name: M.composerLabel }).fill(text);
    await page.getByRole('button', { name: M.send, exact: true }).click();
    expect((await stored).status()).toBe(201);
  }

  /** The student opens the tutor's profile and starts the conversation with its Message button. */
  async function messageFromProfile(page: Page, tutorProfileId: string) {
    await page.goto(`${suite.server.url}${paths.tutorProfile(tutorProfileId)}`);
    await page.getByRole('button', { name: M.messageButton, exact: true }).click();
    await page.waitForURL(/\/student\/messages\/[^/]+$/);
  }

  /** The tutor opens their Messages page and the conversation with `studentName`. */
  async function openFromInbox(page: Page, studentName: string) {
    await page.goto(`${tutorServer.url}${paths.tutor.messages}`);
    await inboxRow(page, studentName).click();
    await thread(page, studentName).waitFor();
  }

  it(`delivers a student's message to the tutor's tab ${TUTOR_PROCESS} live, with an unread badge that clears when read, and the reply and the read receipt back`, async () => {
    const { student, tutor } = await pair(['Maya', 'Okafor'], ['Clara', 'Whitfield']);
    const { studentPage, tutorPage, finish } = await openTabs({ student, tutor });

    // The tutor works on their overview, connected to the second process: nothing unread.
    const tutorLive = recordLiveEvents(tutorPage);
    await tutorPage.goto(`${tutorServer.url}${paths.tutor.overview}`);
    await messagesItem(tutorPage).waitFor();
    await expect.poll(() => tutorLive.count('ready')).toBe(1);
    expect(await unreadBadge(tutorPage, 1).count()).toBe(0);

    const studentLive = recordLiveEvents(studentPage);
    await messageFromProfile(studentPage, tutor.id);
    await expect.poll(() => studentLive.count('ready')).toBe(1);
    const question = 'Hello Clara! Could we work on quadratic equations before my exam in May?';
    await send(studentPage, question);
    await bubbles(studentPage, tutor.name, question).waitFor();

    // Live on the tutor's tab, without a reload: the sidebar's badge and the header's link.
    await unreadBadge(tutorPage, 1).waitFor();
    await tutorPage.getByRole('link', { name: M.headerLink(1) }).waitFor();
    await expect.poll(() => tutorLive.count('message')).toBe(1);
    await messagesItem(tutorPage).click();
    await inboxRow(tutorPage, student.name).click();
    await bubbles(tutorPage, student.name, question).waitFor();
    // Read: the badge clears, and the student's tab shows the receipt.
    await expect.poll(() => unreadBadge(tutorPage, 1).count()).toBe(0);
    expect(await tutorPage.getByRole('link', { name: M.headerLink(1) }).count()).toBe(0);
    await thread(studentPage, tutor.name).getByText(M.seen, { exact: true }).waitFor();
    await expect.poll(() => studentLive.count('read')).toBeGreaterThanOrEqual(1);

    const reply = 'Hi Maya, yes: send me two exercises you found hard and we start there.';
    await send(tutorPage, reply);
    await bubbles(studentPage, tutor.name, reply).waitFor();
    await thread(tutorPage, student.name).getByText(M.seen, { exact: true }).waitFor();
    // Nothing came twice, and neither tab reloaded or reconnected to show it.
    expect(await bubbles(tutorPage, student.name, question).count()).toBe(1);
    expect(await bubbles(studentPage, tutor.name, reply).count()).toBe(1);
    expect([studentLive.count('ready'), tutorLive.count('ready')]).toEqual([1, 1]);

    await checkScreen(studentPage, 'messages-student-thread');
    await checkScreen(tutorPage, 'messages-tutor-thread');
    await finish();
  });

  it('shows the messages sent while the socket was down once each, after it reconnects', async () => {
    const { student, tutor } = await pair(['Noah', 'Berg'], ['Omar', 'Haddad']);
    const { studentPage, tutorPage, finish } = await openTabs({ student, tutor });

    // Mid-conversation: both tabs have it open.
    const opening = 'Good evening, are you free on Tuesdays?';
    await messageFromProfile(studentPage, tutor.id);
    await send(studentPage, opening);
    const tutorSocket = await controlLiveSocket(tutorPage);
    const tutorLive = recordLiveEvents(tutorPage);
    await openFromInbox(tutorPage, student.name);
    await bubbles(tutorPage, student.name, opening).waitFor();
    await expect.poll(() => tutorLive.count('ready')).toBe(1);

    // The tutor's socket drops; two messages are sent before it is back.
    await tutorSocket.cut();
    const missed = ['I could do 6 pm.', 'Or 7 pm, if that suits you better.'];
    for (const text of missed) await send(studentPage, text);
    // The tab noticed the drop (it is trying to reconnect); nothing showed the two meanwhile.
    await expect.poll(tutorSocket.attempts).toBeGreaterThanOrEqual(2);
    for (const text of missed) expect(await bubbles(tutorPage, student.name, text).count()).toBe(0);

    tutorSocket.restore();
    await expect.poll(() => tutorLive.count('ready')).toBe(2);
    for (const text of missed) await bubbles(tutorPage, student.name, text).waitFor();
    // Live again: a later message arrives too, and by then each missed one still shows once.
    const later = 'Let me know which one works.';
    await send(studentPage, later);
    await bubbles(tutorPage, student.name, later).waitFor();
    for (const text of [opening, ...missed, later])
      expect(await bubbles(tutorPage, student.name, text).count()).toBe(1);

    await finish();
  });

  it("hides a student's email address from the tutor before their first paid lesson, with a notice", async () => {
    const { student, tutor } = await pair(['Lena', 'Novak'], ['Ines', 'Duarte']);
    const { studentPage, tutorPage, finish } = await openTabs(
      { student, tutor },
      { viewport: { width: 375, height: 780 }, colorScheme: 'dark' },
    );
    await messageFromProfile(studentPage, tutor.id);
    const email = 'lena.novak@example.org';
    await send(studentPage, `Could you write to me at ${email} instead?`);
    const masked = `Could you write to me at ${MASK_PLACEHOLDER} instead?`;
    await bubbles(studentPage, tutor.name, masked).waitFor();

    await openFromInbox(tutorPage, student.name);
    const received = bubbles(tutorPage, student.name, masked);
    await received.getByText(M.maskedMessage).waitFor();
    await tutorPage.getByText(MESSAGING_MESSAGES.maskedNotice).waitFor();
    expect(await tutorPage.getByText(email).count()).toBe(0);
    await checkScreen(tutorPage, 'messages-tutor-masked-375-dark');

    await finish();
  });

  it('shows the Messages page at 375 and 1280 px, light and dark, accessible', async () => {
    const { student, tutor } = await pair(['Sara', 'Lind'], ['Tomas', 'Lindqvist']);
    // A conversation made off screen: a question with a link, and the tutor's answer.
    const opened = await student.client.post('/api/conversations', { tutorId: tutor.id });
    expect(opened.status, opened.text).toBe(201);
    const conversationId: string = opened.json.conversation.id;
    for (const [client, body] of [
      [student.client, 'Is this the book you use? https://example.org/algebra-basics'],
      [tutor.client, 'Yes, that one. Chapters 1 to 3 before our first lesson, please.'],
    ] as const) {
      const sent = await client.post(`/api/conversations/${conversationId}/messages`, { body });
      expect(sent.status, sent.text).toBe(201);
    }

    for (const [width, colorScheme] of [
      [1280, 'dark'],
      [375, 'light'],
      [375, 'dark'],
    ] as const) {
      const tab = await newPage(suite.browser, {
        storageState: student.state,
        viewport: { width, height: 800 },
        colorScheme,
      });
      await tab.page.goto(`${suite.server.url}${paths.student.messages}`);
      await tab.page.getByRole('heading', { name: M.title }).waitFor();
      await checkScreen(tab.page, `messages-student-inbox-${width}-${colorScheme}`);
      await inboxRow(tab.page, tutor.name).click();
      await thread(tab.page, tutor.name)
        .getByRole('link', { name: /example\.org/ })
        .waitFor();
      // Read once shown (in the first size): the header's count clears (at 375 px the sidebar is
      // a drawer).
      await expect
        .poll(() => tab.page.getByRole('link', { name: M.headerLink(1) }).count())
        .toBe(0);
      await checkScreen(tab.page, `messages-student-thread-${width}-${colorScheme}`);
      const scrollWidth = await tab.page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      tab.assertNoErrors();
      await tab.close();
    }
  });
});
