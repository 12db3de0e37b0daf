import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getSlots } from '../../../contracts/booking.contract';
import { fixedClock } from '../../adapters/clock';
import { once, unannounced } from '../../test/announced-changes';
import { createLesson, createStudent, createTutor, type TestTutor } from '../../test/factories';
import type { TestClient } from '../../test/http-client';
import { startSecondProcess, startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import {
  MORNING_TEACHING,
  NOW,
  TUTOR_ZONE,
  VIEWER_ZONE,
  trialBooking,
  viewerDate,
} from '../../test/tokyo-mornings';
import { everyDay, setWeeklyAvailability } from '../../test/weekly-availability';

// What each process keeps for the slots it lists (ADR 047): a tutor's zone and weekly windows,
// and the lessons that hold a tutor's or a student's time, until the database announces a
// change (migrations 033-a and 033-b), whichever process or code path made it.

const MINUTE = 60_000;
/** The hour slots of a Tokyo morning seen from Kolkata, starting every half hour. */
const MORNING = ['05:30-06:30', '06:00-07:00', '06:30-07:30', '07:00-08:00', '07:30-08:30'];
/** The same morning once its first hour (05:30 in Kolkata, 09:00 in Tokyo) is held. */
const FIRST_HOUR_HELD = ['06:30-07:30', '07:00-08:00', '07:30-08:30'];
/** That first hour, three days on: 00:00 UTC. */
const FIRST_HOUR = new Date(`${viewerDate(3)}T00:00:00Z`);

/** The viewer's slot labels three days on, or the status when there are none to show. */
async function labels(client: TestClient, tutorId: string): Promise<string[] | number> {
  const response = await client.get(
    `/api/tutors/${tutorId}/slots?fromDate=${viewerDate(3)}&days=1&viewerZone=${VIEWER_ZONE}`,
  );
  if (response.status !== 200) return response.status;
  const { days } = getSlots.response.parse(response.json);
  return days[0]!.slots.map((slot) => slot.slotLabel);
}

/** The labels `client` is shown once they are `expected` (an announcement takes its time). */
const labelsOnceThey = (client: TestClient, tutorId: string, expected: string[] | number) =>
  once(
    () => labels(client, tutorId),
    (now) => JSON.stringify(now) === JSON.stringify(expected),
  );

describe.each(TEST_DRIVERS)('slot inputs kept in memory on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock: fixedClock(NOW) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists slots from a kept week until a change to the tutor is announced', async () => {
    const tutor = await createTutor(t.database.db, MORNING_TEACHING);
    const viewer = await createStudent(t);
    expect(await labels(viewer.client, tutor.id)).toEqual(MORNING);

    await unannounced(t.database.db, (db) =>
      db
        .updateTable('availability_slots')
        .set({ local_end_time: '11:00' })
        .where('tutor_profile_id', '=', tutor.id)
        .execute(),
    );
    // Kept: the change was not announced, so the kept week is what this process lists from.
    expect(await labels(viewer.client, tutor.id)).toEqual(MORNING);

    await t.database.db
      .updateTable('tutor_profiles')
      .set({ bio: 'Announced: every kept copy of this tutor is read again.' })
      .where('id', '=', tutor.id)
      .execute();
    await labelsOnceThey(viewer.client, tutor.id, MORNING.slice(0, 3));
  });

  it('lists slots from kept lessons until a booking is announced', async () => {
    const tutor = await createTutor(t.database.db, MORNING_TEACHING);
    const [booker, viewer] = [await createStudent(t), await createStudent(t)];
    expect(await labels(viewer.client, tutor.id)).toEqual(MORNING);

    await unannounced(t.database.db, (db) =>
      createLesson(db, { tutor, studentId: booker.id, start: FIRST_HOUR }),
    );
    expect(await labels(viewer.client, tutor.id)).toEqual(MORNING);

    // A booking through the API, in a later hour, is announced: both lessons show.
    const booked = await booker.client.post('/api/lessons', trialBooking(tutor, 3, 2));
    expect(booked.status, booked.text).toBe(201);
    await labelsOnceThey(viewer.client, tutor.id, ['06:30-07:30']);
  });
});

const postgres = TEST_DRIVERS.filter((driver) => driver === 'postgres');

describe.skipIf(postgres.length === 0)('slot inputs kept by two API processes', () => {
  let a: TestApp;
  let b: TestApp;
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    a = await startTestApp('postgres', {}, { clock });
    b = await startSecondProcess(a, {}, { clock });
  });
  beforeEach(() => clock.set(NOW));
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A tutor, and a student whose slots of them process B has listed (so keeps both). */
  async function keptOnB() {
    const tutor = await createTutor(a.database.db, MORNING_TEACHING);
    const student = await createStudent(a);
    const onB = student.client.on(b.url);
    expect(await labels(onB, tutor.id)).toEqual(MORNING);
    return { tutor, student, onB };
  }

  const changes: [string, (tutor: TestTutor) => Promise<unknown>, string[] | number][] = [
    [
      'its weekly windows',
      (tutor) =>
        setWeeklyAvailability(a.database.db, tutor.id, TUTOR_ZONE, everyDay('10:00', '12:00')),
      FIRST_HOUR_HELD,
    ],
    [
      'its zone (the same wall-clock hours, three and a half hours later for the viewer)',
      (tutor) =>
        setWeeklyAvailability(a.database.db, tutor.id, VIEWER_ZONE, everyDay('09:00', '11:00')),
      ['09:00-10:00', '09:30-10:30', '10:00-11:00'],
    ],
    [
      'the tutor suspended',
      (tutor) =>
        a.database.db
          .updateTable('users')
          .set({ suspended_at: NOW, suspension_reason: 'Abusive messages' })
          .where('id', '=', tutor.userId)
          .execute(),
      404,
    ],
  ];

  it.each(changes)(
    'lists on B the slots after %s, changed through A',
    async (_n, change, after) => {
      const { tutor, onB } = await keptOnB();
      await change(tutor);
      await labelsOnceThey(onB, tutor.id, after);
    },
  );

  it('lists on B a booking made through A, and the hour again once it is canceled', async () => {
    const { tutor, onB } = await keptOnB();
    const booker = await createStudent(a);
    const booked = await booker.client.post('/api/lessons', trialBooking(tutor));
    expect(booked.status, booked.text).toBe(201);
    await labelsOnceThey(onB, tutor.id, FIRST_HOUR_HELD);

    await a.database.db
      .updateTable('lessons')
      .set({ status: 'canceled', canceled_at: NOW })
      .where('id', '=', booked.json.lesson.id)
      .execute();
    await labelsOnceThey(onB, tutor.id, MORNING);
  });

  it("lists on B the time of the student's own lesson with another tutor", async () => {
    const { student, tutor, onB } = await keptOnB();
    const other = await createTutor(a.database.db, MORNING_TEACHING);
    await createLesson(a.database.db, { tutor: other, studentId: student.id, start: FIRST_HOUR });
    await labelsOnceThey(onB, tutor.id, FIRST_HOUR_HELD);
  });

  it('frees on B a hold awaiting payment when it lapses, with nothing announced', async () => {
    const { tutor, onB } = await keptOnB();
    const payer = await createStudent(a);
    await createLesson(a.database.db, {
      tutor,
      studentId: payer.id,
      start: FIRST_HOUR,
      status: 'awaiting_payment',
      holdExpiresAt: new Date(NOW.getTime() + 15 * MINUTE),
    });
    await labelsOnceThey(onB, tutor.id, FIRST_HOUR_HELD);
    // The hold lapses by the clock alone: the kept lesson no longer holds its time.
    clock.set(new Date(NOW.getTime() + 15 * MINUTE));
    expect(await labels(onB, tutor.id)).toEqual(MORNING);
  });
});
