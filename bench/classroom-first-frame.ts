import { classroomPath } from '../src/domain/booking/classroom';
import { CLASSROOM_MESSAGES as M } from '../src/domain/messages/classroom';
import type { Db } from '../src/server/modules/classroom/classroom-db';
import { attendanceOf } from '../src/server/modules/classroom/classroom.repository';
import { createLesson } from '../src/server/test/factories';
import { buildAll, buildIsStale } from '../scripts/build-steps.mjs';
import { startAppServer } from '../tests/e2e/support/app-server';
import { launchBrowser } from '../tests/e2e/support/browser';
import {
  classroomContext,
  FAKE_MEDIA,
  OFFLINE_ICE,
  readInbound,
} from '../tests/e2e/support/classroom-call';
import { FIXED_NOW } from '../tests/e2e/support/fixed-time';
import { signUpStudent, signUpTutor } from '../tests/e2e/support/sign-up';

// Part of `npm run bench:classroom`: the time from both parties opening the classroom to each
// seeing the other's video (a frame decoded, per getStats), in two Chromium contexts with the
// fake camera and microphone, on the built app (one API process, its embedded database). The
// reference, in the same join: both pages loaded (the load event).

/** How often the pages' getStats are read: the figures are this coarse. */
const POLL_MS = 20;
const FRAME_TIMEOUT_MS = 30_000;

export interface JoinTimes {
  /** Both pages loaded, from the start of the navigation. */
  loadedMs: number;
  /**
   * Each side decoded a frame of the other's video, from the start of the navigation; null
   * when one side saw none within 30 s (counted, not timed).
   */
  firstFrameMs: number | null;
}

async function firstFrame(page: Parameters<typeof readInbound>[0], started: number) {
  while (performance.now() - started < FRAME_TIMEOUT_MS) {
    // Before the classroom's page commits, the blank page's context goes away: not yet.
    const inbound = await readInbound(page).catch(() => null);
    if (inbound && inbound.frames > 0) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return null;
}

/** Both parties' stays closed: the last join's tabs have told the server they left. */
async function bothLeft(db: Db, lessonId: string) {
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    const stays = await attendanceOf(db, lessonId);
    if (stays.every((stay) => stay.left_at !== null)) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function measureFirstFrames(joins: number): Promise<JoinTimes[]> {
  if (buildIsStale()) await buildAll({ quiet: true });
  const [server, browser] = await Promise.all([
    startAppServer({ env: OFFLINE_ICE }),
    launchBrowser(FAKE_MEDIA),
  ]);
  try {
    const student = await signUpStudent(server);
    const tutor = await signUpTutor(server);
    const lessonId = await createLesson(server.app.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(FIXED_NOW.getTime() + 5 * 60_000),
    });
    const url = `${server.url}${classroomPath(lessonId)}`;
    const times: JoinTimes[] = [];
    for (let join = 0; join < joins; join += 1) {
      const tabs = await Promise.all([
        classroomContext(browser, student.state),
        classroomContext(browser, tutor.state),
      ]);
      const started = performance.now();
      const loaded = Promise.all(tabs.map((tab) => tab.page.goto(url))).then(
        () => performance.now() - started,
      );
      const frames = await Promise.all(tabs.map((tab) => firstFrame(tab.page, started)));
      const firstFrameMs = frames.includes(null) ? null : Math.max(...(frames as number[]));
      times.push({ loadedMs: await loaded, firstFrameMs });
      console.log(
        `   join ${join + 1}: ${firstFrameMs === null ? 'no frame in 30 s' : `${firstFrameMs.toFixed(0)} ms`}`,
      );
      for (const tab of tabs) tab.assertNoErrors();
      // Each leaves as a person does (Leave), so the next join starts with nobody in the room.
      await Promise.all(
        tabs.map(async (tab) => {
          await tab.page.getByRole('button', { name: M.leave }).click();
          await tab.page.getByText(M.left).waitFor();
          await tab.close();
        }),
      );
      await bothLeft(server.app.database.db, lessonId);
    }
    return times;
  } finally {
    await browser.close();
    await server.close();
  }
}
