import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_HOLDING_STATUSES } from '../../../domain/booking/booking-rules';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { fixedClock } from '../../adapters/clock';
import {
  createStudents,
  createTutor,
  type TestStudent,
  type TestTutor,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TEST_DRIVERS } from '../../test/test-database';
import { everyDay } from '../../test/weekly-availability';
import {
  PAYMENT_HARNESSES,
  type PaymentHarness,
  type StartedCheckout,
} from '../../test/payment-harness';

// Two hundred students want one slot at the same moment, on each database: the slot is held
// for exactly one checkout and the others are told it is gone; when that hold lapses with its
// payment still in flight, the next race is won by one other student, and the two payments'
// webhooks, raced, give one lesson and one refund. The tutor never holds overlapping time.

const STUDENTS = 200;
const ZONE = 'UTC';
const NOW = new Date('2030-01-07T03:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const dateIn = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString().slice(0, 10);

const local = PAYMENT_HARNESSES.find((harness) => harness.name === 'local')!;

describe.each(TEST_DRIVERS)('%s: many students racing for one slot', (driver) => {
  let t: TestApp;
  let h: Awaited<ReturnType<PaymentHarness['start']>>;
  let students: TestStudent[];
  const clock = fixedClock(NOW);
  beforeAll(async () => {
    h = await local.start(clock);
    t = await startTestApp(driver, {}, { clock });
    students = await createStudents(t, STUDENTS);
  });
  afterAll(async () => {
    await t?.close();
    await h?.close();
  });

  const newTutor = () =>
    createTutor(t.database.db, { timezone: ZONE, availability: everyDay('09:00', '12:00') });

  const checkout = (student: TestStudent, tutor: TestTutor, bookingDate: string, slot: string) =>
    student.client.post('/api/checkout', {
      mode: 'single',
      tutorProfileId: tutor.id,
      subjectId: tutor.subjectId,
      bookingDate,
      slotLabel: slot,
      viewerZone: ZONE,
      lessonMinutes: 50,
    });

  /** Everyone at once; the one checkout that got the slot, and the refusals' messages. */
  const race = async (
    racers: { student: TestStudent; slot: string }[],
    tutor: TestTutor,
    date: string,
  ) => {
    const responses = await Promise.all(
      racers.map(({ student, slot }) => checkout(student, tutor, date, slot)),
    );
    const won = responses.flatMap((response, index) =>
      response.status === 201
        ? [{ student: racers[index]!.student, checkout: response.json as StartedCheckout }]
        : [],
    );
    const refusals = responses.filter((response) => response.status !== 201);
    return { won, refusals };
  };

  const deliver = async (checkout: StartedCheckout) => {
    const event = await h.completedEvent(t, checkout);
    return fetch(`${t.url}/api/payments/webhooks/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...event.headers },
      body: event.body,
    });
  };

  const paymentRow = (id: string) =>
    t.database.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The tutor's lessons that hold time now (an awaiting one only until its hold's end). */
  const holdingLessons = (tutor: TestTutor) =>
    t.database.db
      .selectFrom('lessons')
      .select(['id', 'status', 'payment_id', 'starts_at'])
      .where('tutor_profile_id', '=', tutor.id)
      .where('status', 'in', TIME_HOLDING_STATUSES)
      .where((eb) =>
        eb.or([eb('hold_expires_at', 'is', null), eb('hold_expires_at', '>', clock.now())]),
      )
      .execute();

  /** Pairs of the tutor's time-holding lessons whose times overlap (the constraint's rule). */
  const overlaps = async (tutor: TestTutor) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from lessons a join lessons b
        on a.tutor_profile_id = b.tutor_profile_id and a.id < b.id
       and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
     where a.tutor_profile_id = ${tutor.id}
       and a.status in (${sql.join(TIME_HOLDING_STATUSES)})
       and b.status in (${sql.join(TIME_HOLDING_STATUSES)})`.execute(t.database.db);
    return rows[0]!.n;
  };

  it('gives the slot to one of 200 students; a lapsed hold goes to one other; raced payments book one lesson and refund the other', async () => {
    const tutor = await newTutor();
    const date = dateIn(3);
    const first = await race(
      students.map((student) => ({ student, slot: '09:00-10:00' })),
      tutor,
      date,
    );
    expect(first.won).toHaveLength(1);
    expect(first.refusals).toHaveLength(STUDENTS - 1);
    for (const refusal of first.refusals) {
      expect(refusal.status, refusal.text).toBe(409);
      expect(refusal.json.error.message).toBe(M.slotUnavailable);
      expect(refusal.json.error.code).toBe('SLOT_TAKEN');
    }
    const [early] = first.won;
    // Paid at the provider in time, but the webhook is late: the hold lapses meanwhile.
    await h.pay(t, early!.checkout);
    clock.advance(16 * MINUTE);

    const others = students.filter((student) => student !== early!.student);
    const second = await race(
      others.map((student) => ({ student, slot: '09:00-10:00' })),
      tutor,
      date,
    );
    expect(second.won).toHaveLength(1);
    expect(second.refusals.map((refusal) => refusal.status)).toEqual(
      Array(others.length - 1).fill(409),
    );
    const [late] = second.won;
    await h.pay(t, late!.checkout);

    // Both payments' webhooks at once, each delivered five times, and both success pages.
    const winners = [early!, late!];
    const deliveries = await Promise.all([
      ...winners.flatMap(({ checkout }) => Array.from({ length: 5 }, () => deliver(checkout))),
      ...winners.map(({ student, checkout }) =>
        student.client.post(`/api/checkout/sessions/${checkout.sessionId}/confirm`),
      ),
    ]);
    expect(deliveries.map((response) => response.status)).toEqual(Array(12).fill(200));

    const holding = await holdingLessons(tutor);
    expect(holding).toEqual([
      expect.objectContaining({ status: 'scheduled', payment_id: late!.checkout.payment.id }),
    ]);
    expect((await paymentRow(late!.checkout.payment.id)).status).toBe('completed');
    await expect
      .poll(async () => (await paymentRow(early!.checkout.payment.id)).status)
      .toBe('refunded');
    expect(await paymentRow(early!.checkout.payment.id)).toMatchObject({
      refund_reason: 'slot_taken',
      refunded_cents: 2500,
    });
    expect(await h.refundedCents(t, early!.checkout)).toBe(2500);
    expect(await overlaps(tutor)).toBe(0);
  });

  it('gives one of two overlapping slots to one of 200 students, whichever they chose', async () => {
    const tutor = await newTutor();
    const date = dateIn(4);
    // Half ask for 10:00-11:00, half for 10:30-11:30: any one lesson excludes all the others.
    const { won, refusals } = await race(
      students.map((student, index) => ({
        student,
        slot: index % 2 === 0 ? '10:00-11:00' : '10:30-11:30',
      })),
      tutor,
      date,
    );
    expect(won).toHaveLength(1);
    expect(refusals.map((refusal) => refusal.status)).toEqual(Array(STUDENTS - 1).fill(409));
    await h.pay(t, won[0]!.checkout);
    expect((await deliver(won[0]!.checkout)).status).toBe(200);
    expect(await holdingLessons(tutor)).toEqual([
      expect.objectContaining({ status: 'scheduled', payment_id: won[0]!.checkout.payment.id }),
    ]);
    expect(await overlaps(tutor)).toBe(0);
  });
});
