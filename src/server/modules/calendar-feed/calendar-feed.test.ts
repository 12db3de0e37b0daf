import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_TOKEN_PATTERN } from '../../../domain/calendar/calendar-feed-rules';
import { MS_PER_DAY as DAY, MS_PER_MINUTE as MINUTE } from '../../../domain/scheduling/local-date';
import { fixedClock } from '../../adapters/clock';
import * as factories from '../../test/factories';
import { TestClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import {
  createCalendarFeed,
  getCalendarFeed,
  revokeCalendarFeed,
} from '../../../contracts/calendar-feed.contract';

const { createLesson, createSignedInTutor, createStudent, createTutor } = factories;

// The calendar feed end to end: made, read by a client with no session, parsed back with
// Mozilla's iCalendar parser (Thunderbird's) and compared with the lessons stored; rotated and
// revoked links answer 404 at once. Lessons are stored directly around a fixed NOW.
const NOW = new Date('2030-03-10T12:00:00Z');
const at = (offset: number) => new Date(NOW.getTime() + offset);
const ROOM = 'https://meet.jit.si/tutora-3f1c2a9e8d4b4c7e';

/** The feed's events by UID, read by an independent parser. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = new Map(
    calendar.getAllSubcomponents('vevent').map((vevent) => {
      const time = (name: string) =>
        (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
      const event = {
        start: time('dtstart'),
        end: time('dtend'),
        startZone: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).zone?.tzid,
        summary: vevent.getFirstPropertyValue('summary'),
        description: vevent.getFirstPropertyValue('description') as string,
        status: vevent.getFirstPropertyValue('status'),
        location: vevent.getFirstPropertyValue('location') ?? null,
        url: vevent.getFirstPropertyValue('url'),
        sequence: vevent.getFirstPropertyValue('sequence'),
        lastModified: time('last-modified'),
        stamp: time('dtstamp'),
      };
      return [vevent.getFirstPropertyValue('uid') as string, event];
    }),
  );
  return { calendar, events };
}

const uid = (lessonId: string) => `lesson-${lessonId}@tutora`;
const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe.each(TEST_DRIVERS)('the calendar feed on %s', (driver) => {
  let t: TestApp;
  let webRoot: string;
  /** A calendar app: no cookies, no Origin. */
  const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, { headers: { accept: 'text/calendar', ...headers } });

  beforeAll(async () => {
    // A built SPA beside the API, so that its fallback (index.html for pages) is in play.
    webRoot = mkdtempSync(path.join(tmpdir(), 'tutora-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Tutora</title>');
    t = await startTestApp(driver, {}, { clock: fixedClock(NOW), webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  async function world() {
    const db = t.database.db;
    // Multi-octet names: folding must count octets and never cut a character.
    const tutor = await createSignedInTutor(t, {
      firstName: 'Jürgen',
      lastName: 'Müller-Lüdenscheidt 東京',
      timezone: 'Asia/Tokyo',
    });
    const otherTutor = await createTutor(db, { firstName: 'Omar', lastName: 'Haddad' });
    const student = await createStudent(t, { firstName: 'Zoë', lastName: 'Ångström' });
    const otherStudent = await createStudent(t, { firstName: 'Noah', lastName: 'Berg' });
    await db
      .updateTable('users')
      .set({ timezone: 'Europe/Berlin' })
      .where('id', '=', student.id)
      .execute();
    const mine = { tutor, studentId: student.id };
    const lessons = {
      upcoming: await createLesson(db, { ...mine, start: at(2 * DAY), meetingUrl: ROOM }),
      canceled: await createLesson(db, { ...mine, start: at(3 * DAY), status: 'canceled' }),
      trialLastWeek: await createLesson(db, {
        ...mine,
        start: at(-7 * DAY),
        isTrial: true,
        durationMinutes: 25,
      }),
      longAgo: await createLesson(db, { ...mine, start: at(-40 * DAY) }),
      awaitingPayment: await createLesson(db, {
        ...mine,
        start: at(4 * DAY),
        status: 'awaiting_payment',
        holdExpiresAt: at(10 * MINUTE),
      }),
      lapsedHold: await createLesson(db, {
        ...mine,
        start: at(5 * DAY),
        status: 'expired',
        holdExpiresAt: at(-MINUTE),
      }),
      withOtherTutor: await createLesson(db, {
        tutor: otherTutor,
        studentId: student.id,
        start: at(6 * DAY),
      }),
      otherStudent: await createLesson(db, {
        tutor,
        studentId: otherStudent.id,
        start: at(7 * DAY),
      }),
      neither: await createLesson(db, {
        tutor: otherTutor,
        studentId: otherStudent.id,
        start: at(8 * DAY),
      }),
    };
    return { tutor, student, otherStudent, lessons };
  }

  it("shows a student's booked and canceled lessons, in UTC with their zone, and no one else's", async () => {
    const { student, otherStudent, lessons } = await world();

    const before = await student.client.call(getCalendarFeed);
    expect(before).toEqual({ feed: null });

    const made = await student.client.call(createCalendarFeed);
    const { url, webcalUrl, feed } = made as { url: string; webcalUrl: string; feed: object };
    expect(feed).toEqual({ createdAt: NOW.toISOString() });
    const token = url.match(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/(.+)\.ics$/)?.[1];
    expect(url.startsWith(`${t.url}/calendar/`)).toBe(true);
    expect(token).toMatch(CALENDAR_FEED_TOKEN_PATTERN);
    expect(webcalUrl).toBe(url.replace(/^http:/, 'webcal:'));
    // The link is answered once: the status never holds it, and the database only its hash.
    const after = await student.client.get('/api/calendar-feed');
    expect(after.json).toEqual({ feed: { createdAt: NOW.toISOString() } });
    expect(after.text).not.toContain(token!);
    const stored = await t.database.db
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', student.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token!);

    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();

    // RFC 5545 3.1: CRLF only, and no physical line over 75 octets (the names are multi-octet).
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = text.split('\r\n').slice(0, -1);
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(physical.some((line) => line.startsWith(' '))).toBe(true);

    const { calendar, events } = parseFeed(text);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Berlin');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Tutora lessons');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');

    // Booked and canceled lessons of the last 30 days and after; never a hold, a lapsed hold,
    // an older lesson, or a lesson the student is not in.
    expect([...events.keys()].sort()).toEqual(
      [lessons.upcoming, lessons.canceled, lessons.trialLastWeek, lessons.withOtherTutor]
        .map(uid)
        .sort(),
    );
    for (const hidden of [
      lessons.longAgo,
      lessons.awaitingPayment,
      lessons.lapsedHold,
      lessons.otherStudent,
      lessons.neither,
    ])
      expect(text).not.toContain(hidden);

    expect(events.get(uid(lessons.upcoming))).toEqual({
      start: at(2 * DAY).toISOString(),
      // The lesson's own 50 minutes, not its 60-minute slot.
      end: at(2 * DAY + 50 * MINUTE).toISOString(),
      startZone: 'UTC',
      summary: 'Mathematics lesson with Jürgen Müller-Lüdenscheidt 東京',
      description: [
        // 12:00 UTC is 13:00 in Berlin on March 12.
        'Tuesday, March 12, 2030, 1:00 PM – 1:50 PM (Europe/Berlin)',
        'Tutora lesson, 50 minutes.',
        `Join: ${ROOM}`,
        `Your lessons: ${t.url}/student/schedule`,
      ].join('\n'),
      status: 'CONFIRMED',
      location: ROOM,
      url: `${t.url}/student/schedule`,
      sequence: 0,
      lastModified: expect.any(String),
      stamp: NOW.toISOString(),
    });
    expect(events.get(uid(lessons.canceled))).toMatchObject({
      status: 'CANCELLED',
      location: null,
      url: `${t.url}/student/lessons`,
    });
    expect(events.get(uid(lessons.canceled))!.description).toContain('canceled');
    expect(events.get(uid(lessons.trialLastWeek))).toMatchObject({
      start: at(-7 * DAY).toISOString(),
      end: at(-7 * DAY + 25 * MINUTE).toISOString(),
      status: 'CONFIRMED',
      url: `${t.url}/student/lessons`,
    });
    expect(events.get(uid(lessons.trialLastWeek))!.description).toContain(
      'Tutora free trial lesson, 25 minutes.',
    );
    expect(events.get(uid(lessons.withOtherTutor))!.summary).toBe(
      'Mathematics lesson with Omar Haddad',
    );

    // Another user's session changes nothing about this feed, and their own has none of it.
    const theirs = await otherStudent.client.call(createCalendarFeed);
    const theirFeed = await (await fetchFeed(theirs.url)).text();
    expect([...parseFeed(theirFeed).events.keys()].sort()).toEqual(
      [lessons.otherStudent, lessons.neither].map(uid).sort(),
    );
    expect(theirFeed).not.toContain(lessons.upcoming);
    expect((await fetchFeed(url)).status).toBe(200);
  });

  it("shows a tutor's lessons with each student's name, in the tutor's zone", async () => {
    const { tutor, lessons } = await world();
    const made = await tutor.client.call(createCalendarFeed);
    const { calendar, events } = parseFeed(await (await fetchFeed(made.url)).text());
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Tokyo');
    expect([...events.keys()].sort()).toEqual(
      [lessons.upcoming, lessons.canceled, lessons.trialLastWeek, lessons.otherStudent]
        .map(uid)
        .sort(),
    );
    expect(events.get(uid(lessons.upcoming))).toMatchObject({
      summary: 'Mathematics lesson with Zoë Ångström',
      url: `${t.url}/tutor/schedule`,
      location: ROOM,
    });
    // 12:00 UTC is 21:00 in Tokyo.
    expect(events.get(uid(lessons.upcoming))!.description).toMatch(
      /^Tuesday, March 12, 2030, 9:00 PM – 9:50 PM \(Asia\/Tokyo\)\n/,
    );
    expect(events.get(uid(lessons.otherStudent))!.summary).toBe(
      'Mathematics lesson with Noah Berg',
    );
  });

  it('raises SEQUENCE by one and LAST-MODIFIED when a lesson changes, keeping its UID', async () => {
    const { student, lessons } = await world();
    const { url } = await student.client.call(createCalendarFeed);
    const first = parseFeed(await (await fetchFeed(url)).text()).events.get(uid(lessons.upcoming));

    const created = await t.database.db
      .selectFrom('lessons')
      .select('created_at')
      .where('id', '=', lessons.upcoming)
      .executeTakeFirstOrThrow();
    const changedAt = new Date(created.created_at.getTime() + 90_000);
    await t.database.db
      .updateTable('lessons')
      .set({ status: 'canceled', updated_at: changedAt })
      .where('id', '=', lessons.upcoming)
      .execute();

    const second = parseFeed(await (await fetchFeed(url)).text()).events.get(uid(lessons.upcoming));
    expect(first!.sequence).toBe(0);
    expect(second).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
      lastModified: new Date(Math.floor(changedAt.getTime() / 1000) * 1000).toISOString(),
    });

    // A note written later changes nothing the event shows: the same SEQUENCE.
    await t.database.db
      .updateTable('lessons')
      .set({
        student_notes: '<p>Bring the workbook.</p>',
        updated_at: new Date(changedAt.getTime() + 60_000),
      })
      .where('id', '=', lessons.upcoming)
      .execute();
    const third = parseFeed(await (await fetchFeed(url)).text()).events.get(uid(lessons.upcoming));
    expect(third!.sequence).toBe(1);
  });

  it('answers 404 at once for a rotated or revoked link, and for any unknown one', async () => {
    const { student } = await world();
    const first = (await student.client.call(createCalendarFeed)).url as string;
    expect((await fetchFeed(first)).status).toBe(200);

    const rotated = await student.client.call(createCalendarFeed);
    const second = rotated.url as string;
    expect(second).not.toBe(first);
    const gone = await fetchFeed(first);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetchFeed(second)).status).toBe(200);
    const rows = await t.database.db
      .selectFrom('calendar_feeds')
      .select(['revoked_at'])
      .where('user_id', '=', student.id)
      .orderBy('revoked_at')
      .execute();
    expect(rows.map((row) => row.revoked_at)).toEqual([NOW, null]);

    await student.client.call(revokeCalendarFeed);
    expect((await fetchFeed(second)).status).toBe(404);
    expect(await student.client.call(getCalendarFeed)).toEqual({ feed: null });
    // Turning off a feed that is off is no error.
    await student.client.call(revokeCalendarFeed);

    // Unknown tokens: the right shape, a wrong one, and a page request for one (which the
    // SPA's fallback must not turn into index.html).
    const unknown = `${t.url}/calendar/${'A'.repeat(43)}.ics`;
    for (const href of [unknown, `${t.url}/calendar/short.ics`, `${t.url}/calendar/.ics`]) {
      const response = await fetchFeed(href);
      expect(response.status, href).toBe(404);
      expect((await response.json()).error.code).toBe('NOT_FOUND');
    }
    const asPage = await fetchFeed(unknown, { accept: 'text/html' });
    expect(asPage.status).toBe(404);
    expect(await asPage.text()).not.toContain('<title>Tutora</title>');
  });

  it('stops answering when the account is closed', async () => {
    const { student } = await world();
    const { url } = await student.client.call(createCalendarFeed);
    expect((await fetchFeed(url)).status).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ closed_at: NOW })
      .where('id', '=', student.id)
      .execute();
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('keeps one active link when two are asked for at once', async () => {
    const student = await createStudent(t);
    const [a, b] = await Promise.all([
      student.client.post('/api/calendar-feed'),
      student.client.post('/api/calendar-feed'),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const statuses = await Promise.all(
      [a, b].map(async (r) => (await fetchFeed(r.json.url)).status),
    );
    expect(statuses.sort()).toEqual([200, 404]);
    const active = await t.database.db
      .selectFrom('calendar_feeds')
      .select('id')
      .where('user_id', '=', student.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(active).toHaveLength(1);
  });

  it('lets no guest read, make or turn off a feed', async () => {
    const guest = new TestClient(t.url);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await guest.request(method, '/api/calendar-feed');
      expect(response.status, method).toBe(401);
      expect(response.json.error.code).toBe('UNAUTHENTICATED');
    }
    const count = await t.database.db
      .selectFrom('calendar_feeds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Only what the tests above made, none by a guest.
    const before = Number(count.n);
    await guest.callError(createCalendarFeed);
    const again = await t.database.db
      .selectFrom('calendar_feeds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(before);
  });
});
