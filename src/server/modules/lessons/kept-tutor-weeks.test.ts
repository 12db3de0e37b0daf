import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSlots } from '../../../contracts/booking.contract';
import { fixedClock } from '../../adapters/clock';
import { once, unannounced } from '../../test/announced-changes';
import { createStudent, createTutor, type TestTutor } from '../../test/factories';
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

// A tutor's zone and weekly windows, kept by each process for their slots (ADR 047) until the
// database announces a change to the tutor; the lessons that hold time are read afresh.

/** The hour slots of a Tokyo morning seen from Kolkata, starting every half hour. */
const MORNING = ['05:30-06:30', '06:00-07:00', '06:30-07:30', '07:00-08:00', '07:30-08:30'];

/** The viewer's slot labels three days on, or the status when there are none to show. */
async function labels(client: TestClient, tutorId: string): Promise<string[] | number> {
  const response = await client.get(
    `/api/tutors/${tutorId}/slots?fromDate=${viewerDate(3)}&days=1&viewerZone=${VIEWER_ZONE}`,
  );
  if (response.status !== 200) return response.status;
  const { days } = getSlots.response.parse(response.json);
  return days[0]!.slots.map((slot) => slot.slotLabel);
}

describe.each(TEST_DRIVERS)('tutor weeks kept in memory on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, {}, { clock: fixedClock(NOW) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists slots from a kept week until a change is announced, and held time at once', async () => {
    const tutor = await createTutor(t.database.db, MORNING_TEACHING);
    const [booker, viewer] = [await createStudent(t), await createStudent(t)];
    expect(await labels(viewer.client, tutor.id)).toEqual(MORNING);

    const booked = await booker.client.post('/api/lessons', trialBooking(tutor));
    expect(booked.status, booked.text).toBe(201);
    // Lessons are not kept: the booked hour is gone from the very next list.
    const unbooked = ['06:30-07:30', '07:00-08:00', '07:30-08:30'];
    expect(await labels(viewer.client, tutor.id)).toEqual(unbooked);

    await unannounced(t.database.db, (db) =>
      db
        .updateTable('availability_slots')
        .set({ local_end_time: '11:00' })
        .where('tutor_profile_id', '=', tutor.id)
        .execute(),
    );
    // Kept: the change was not announced, so the kept week is what this process lists from.
    expect(await labels(viewer.client, tutor.id)).toEqual(unbooked);

    await t.database.db
      .updateTable('tutor_profiles')
      .set({ bio: 'Announced: every kept copy of this tutor is read again.' })
      .where('id', '=', tutor.id)
      .execute();
    await once(
      () => labels(viewer.client, tutor.id),
      (now) => JSON.stringify(now) === JSON.stringify(['06:30-07:30']),
    );
  });
});

const postgres = TEST_DRIVERS.filter((driver) => driver === 'postgres');

describe.skipIf(postgres.length === 0)('tutor weeks kept by two API processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp('postgres', {}, { clock: fixedClock(NOW) });
    b = await startSecondProcess(a, {}, { clock: fixedClock(NOW) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const changes: [string, (tutor: TestTutor) => Promise<unknown>, string[] | number][] = [
    [
      'its weekly windows',
      (tutor) =>
        setWeeklyAvailability(a.database.db, tutor.id, TUTOR_ZONE, everyDay('10:00', '12:00')),
      ['06:30-07:30', '07:00-08:00', '07:30-08:30'],
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
    async (_name, change, after) => {
      const tutor = await createTutor(a.database.db, MORNING_TEACHING);
      const student = await createStudent(a);
      const onB = student.client.on(b.url);
      expect(await labels(onB, tutor.id)).toEqual(MORNING);
      await change(tutor);
      await once(
        () => labels(onB, tutor.id),
        (now) => JSON.stringify(now) === JSON.stringify(after),
      );
    },
  );
});
