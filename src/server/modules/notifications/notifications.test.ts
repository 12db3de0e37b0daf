import { beforeAll, describe, expect, it } from 'vitest';
import type { EndpointOutput } from '../../../contracts/endpoint';
import { NOTIFICATION_MESSAGES as N } from '../../../domain/notifications/notification-messages';
import { TEST_PASSWORD } from '../../test/accounts';
import { createLesson, createSignedInTutor, createStudent } from '../../test/factories';
import { TestClient } from '../../test/http-client';
import type { TestApp } from '../../test/test-app';
import { fixedClockApp } from '../../test/fixed-clock-app';
import { TEST_DRIVERS } from '../../test/test-database';
import {
  HOUR_SLOTS,
  MORNING_TEACHING,
  NOW,
  VIEWER_ZONE,
  viewerDate,
  trialBooking,
} from '../../test/tokyo-mornings';
import { PAYMENT_HARNESSES } from '../../test/payment-harness';
import { NOTIFICATIONS_PAGE_SIZE } from './notifications';
import { notify } from './notify';
import { deleteAccount } from '../../../contracts/account.contract';
import { bookLesson, proposeMove, rescheduleLesson } from '../../../contracts/booking.contract';
import {
  getUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../../contracts/notifications.contract';
import { confirmCheckout, startCheckout } from '../../../contracts/payments.contract';

// The bell: events write a notification for the other party in their own transaction, and each
// user reads and marks only their own. The clock stands still at NOW (and moves where a test
// needs an order).

const DAY = 86_400_000;
const MINUTE = 60_000;

describe.each(TEST_DRIVERS)('in-app notifications on %s', (driver) => {
  let t: TestApp;
  const clock = fixedClockApp(driver, NOW, (app) => (t = app));

  const listOf = async (client: TestClient, page = 1) => {
    const response = await client.call(listNotifications, { query: { page } });
    return response as EndpointOutput<typeof listNotifications>;
  };
  const unreadOf = async (client: TestClient) => {
    const response = await client.call(getUnreadNotifications);
    return (response as { unread: number }).unread;
  };

  /** A tutor and a student with a lesson three days ahead, both signed in. */
  const lessonInThreeDays = async () => {
    const tutor = await createSignedInTutor(t, {
      ...MORNING_TEACHING,
      firstName: 'Clara',
      lastName: 'Whitfield',
    });
    const student = await createStudent(t, { firstName: 'Maya', lastName: 'Lindgren' });
    const lessonId = await createLesson(t.database.db, {
      tutor,
      studentId: student.id,
      start: new Date(NOW.getTime() + 3 * DAY),
    });
    return { tutor, student, lessonId };
  };

  it("tells the tutor of a student's booking, with who, which lesson and when", async () => {
    const tutor = await createSignedInTutor(t, MORNING_TEACHING);
    const student = await createStudent(t, { firstName: 'Maya', lastName: 'Lindgren' });
    expect(await unreadOf(tutor.client)).toBe(0);

    const booked = await student.client.call(bookLesson, {
      body: {
        ...trialBooking(tutor),
        notes: '',
      },
    });
    const { lesson } = booked as { lesson: { id: string; startTime: string } };

    expect(await unreadOf(tutor.client)).toBe(1);
    const list = await listOf(tutor.client);
    expect(list).toMatchObject({ page: 1, totalPages: 1, total: 1, unread: 1 });
    expect(list.notifications).toEqual([
      {
        id: expect.any(Number),
        kind: 'lesson_booked',
        createdAt: NOW.toISOString(),
        readAt: null,
        actor: { name: 'Maya Lindgren', accountClosed: false },
        lesson: {
          id: lesson.id,
          subject: expect.any(String),
          startsAt: lesson.startTime,
          isTrial: true,
        },
        refund: null,
        payout: null,
      },
    ]);
    // The one who booked is not told of their own booking.
    expect(await unreadOf(student.client)).toBe(0);
  });

  it("tells the other party of a reschedule, and the student of a tutor's request to move", async () => {
    const { tutor, student, lessonId } = await lessonInThreeDays();
    const moved = await student.client.call(rescheduleLesson, {
      params: { id: lessonId },
      body: {
        bookingDate: viewerDate(5),
        slotLabel: HOUR_SLOTS[1],
        viewerZone: VIEWER_ZONE,
        reason: 'A clash at work.',
      },
    });
    const newId = (moved as { lesson: { id: string } }).lesson.id;
    const [toTutor] = (await listOf(tutor.client)).notifications;
    expect(toTutor).toMatchObject({
      kind: 'lesson_rescheduled',
      actor: { name: 'Maya Lindgren' },
      lesson: { id: newId },
    });
    expect(await unreadOf(student.client)).toBe(0);

    // The tutor asks instead (ADR 032): the student is told of the request.
    await tutor.client.call(proposeMove, {
      params: { id: newId },
      body: {
        bookingDate: viewerDate(6),
        slotLabel: HOUR_SLOTS[2],
        viewerZone: VIEWER_ZONE,
        reason: 'I am away that day.',
      },
    });
    const [toStudent] = (await listOf(student.client)).notifications;
    expect(toStudent).toMatchObject({
      kind: 'move_requested',
      actor: { name: 'Clara Whitfield', accountClosed: false },
      lesson: { id: newId },
    });
    expect(await unreadOf(tutor.client)).toBe(1);
  });

  it('tells the other party of each lesson an account closing canceled', async () => {
    const { tutor, student, lessonId } = await lessonInThreeDays();
    await student.client.call(deleteAccount, {
      body: {
        password: TEST_PASSWORD,
        confirm: 'DELETE',
      },
    });
    const list = await listOf(tutor.client);
    expect(list.notifications).toMatchObject([
      {
        kind: 'lesson_canceled',
        // The closed account is anonymised; the bell says the account is gone.
        actor: { name: 'Deleted Account', accountClosed: true },
        lesson: { id: lessonId },
      },
    ]);
  });

  it('lets no one see or mark another user’s notifications', async () => {
    const { tutor, student, lessonId } = await lessonInThreeDays();
    const stranger = await createStudent(t);
    await t.database.db.transaction().execute((trx) =>
      notify(trx, {
        userId: student.id,
        kind: 'lesson_canceled',
        lessonId,
        actorId: tutor.userId,
        at: NOW,
      }),
    );
    const [mine] = (await listOf(student.client)).notifications;
    expect(mine).toBeDefined();

    expect((await listOf(stranger.client)).total).toBe(0);
    expect(await unreadOf(stranger.client)).toBe(0);
    const theirs = await stranger.client.post(`/api/notifications/${mine!.id}/read`);
    expect(theirs.status, theirs.text).toBe(404);
    expect(theirs.json.error).toEqual({ code: 'NOT_FOUND', message: N.notFound });
    // Marking all their own read leaves the student's alone.
    await stranger.client.call(markAllNotificationsRead);
    expect(await unreadOf(student.client)).toBe(1);

    const anonymous = new TestClient(t.url);
    expect((await anonymous.callError(listNotifications)).status).toBe(401);
    expect((await anonymous.callError(getUnreadNotifications)).status).toBe(401);
    expect(
      (await anonymous.callError(markNotificationRead, { params: { id: String(mine!.id) } }))
        .status,
    ).toBe(401);
    expect(await unreadOf(student.client)).toBe(1);
  });

  it('refuses ids that are not notification numbers, changing nothing', async () => {
    const { student, lessonId } = await lessonInThreeDays();
    await t.database.db
      .transaction()
      .execute((trx) =>
        notify(trx, { userId: student.id, kind: 'lesson_canceled', lessonId, at: NOW }),
      );
    for (const bad of ['abc', '0', '-1', '1.5', '01', '9'.repeat(16), lessonId]) {
      const response = await student.client.callError(markNotificationRead, {
        params: { id: bad },
      });
      expect(response.status).toBe(400);
      expect(response.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await student.client.callError(listNotifications, { query: { page: '0' } })).status,
    ).toBe(400);
    expect(await unreadOf(student.client)).toBe(1);
  });

  it('counts unread ones, marks one and then all read, and pages newest first', async () => {
    const { tutor, student, lessonId } = await lessonInThreeDays();
    const count = NOTIFICATIONS_PAGE_SIZE + 2;
    await t.database.db.transaction().execute(async (trx) => {
      for (let index = 0; index < count; index += 1)
        await notify(trx, {
          userId: student.id,
          kind: 'lesson_rescheduled',
          lessonId,
          actorId: tutor.userId,
          // Two share each instant: the order of writing breaks the tie.
          at: new Date(NOW.getTime() + Math.floor(index / 2) * MINUTE),
        });
    });
    expect(await unreadOf(student.client)).toBe(count);
    const first = await listOf(student.client);
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: count, unread: count });
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    const second = await listOf(student.client, 2);
    expect(second.notifications).toHaveLength(2);
    const ids = [...first.notifications, ...second.notifications].map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const times = first.notifications.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // A page past the last answers the last.
    expect((await listOf(student.client, 9)).page).toBe(2);

    clock.set(new Date(NOW.getTime() + DAY));
    const newest = first.notifications[0]!;
    const marked = await student.client.call(markNotificationRead, {
      params: { id: String(newest.id) },
    });
    expect(marked).toEqual({ unread: count - 1 });
    // Again: still read, at the first time.
    clock.set(new Date(NOW.getTime() + 2 * DAY));
    expect(
      await student.client.call(markNotificationRead, { params: { id: String(newest.id) } }),
    ).toEqual({
      unread: count - 1,
    });
    const [read] = (await listOf(student.client)).notifications;
    expect(read).toMatchObject({
      id: newest.id,
      readAt: new Date(NOW.getTime() + DAY).toISOString(),
    });

    const all = await student.client.call(markAllNotificationsRead);
    expect(all).toEqual({ unread: 0 });
    expect(await unreadOf(student.client)).toBe(0);
    expect((await listOf(student.client)).notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  describe('and money', () => {
    const local = PAYMENT_HARNESSES.find((harness) => harness.name === 'local')!;
    let h: Awaited<ReturnType<typeof local.start>>;
    beforeAll(async () => {
      h = await local.start(clock);
    });

    /** A single lesson three days ahead, at the hosted checkout. */
    const openCheckout = async (
      student: { client: TestClient },
      tutor: { id: string; subjectId: number },
    ) => {
      const started = await student.client.call(startCheckout, {
        body: {
          ...trialBooking(tutor),
          mode: 'single',
        },
      });
      return started as { payment: { id: string }; sessionId: string; sessionUrl: string };
    };
    const pay = async (
      student: { client: TestClient },
      checkout: Awaited<ReturnType<typeof openCheckout>>,
    ) => {
      await h.pay(t, checkout);
      const confirmed = await student.client.call(confirmCheckout, {
        params: { id: checkout.sessionId },
      });
      return confirmed as { outcome: string };
    };
    const amountOf = async (paymentId: string) =>
      (
        await t.database.db
          .selectFrom('payments')
          .select('amount_cents')
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow()
      ).amount_cents;
    const kindsOf = async (client: TestClient) =>
      (await listOf(client)).notifications.map((n) => n.kind);

    it('tells the tutor of a paid booking, and the student of the cancel and refund when the tutor closes', async () => {
      const tutor = await createSignedInTutor(t, { ...MORNING_TEACHING, rateCents: 4000 });
      const student = await createStudent(t);
      const checkout = await openCheckout(student, tutor);
      // Held, not paid: the tutor hears nothing yet.
      expect(await unreadOf(tutor.client)).toBe(0);
      expect((await pay(student, checkout)).outcome).toBe('booked');
      expect(await kindsOf(tutor.client)).toEqual(['lesson_booked']);

      await tutor.client.call(deleteAccount, {
        body: {
          password: TEST_PASSWORD,
          confirm: 'DELETE',
        },
      });
      // The refund is a job: it lands when the provider has given the money back.
      await expect
        .poll(() => kindsOf(student.client), { timeout: 15_000 })
        .toEqual(['refund_issued', 'lesson_canceled']);
      const [refund] = (await listOf(student.client)).notifications;
      expect(refund).toMatchObject({
        actor: null,
        refund: {
          amountCents: await amountOf(checkout.payment.id),
          currency: 'USD',
          reason: 'account_closed',
        },
      });
    });

    it('tells the student of the refund when their slot was taken before the payment arrived', async () => {
      const tutor = await createSignedInTutor(t, { ...MORNING_TEACHING, rateCents: 4000 });
      const [late, quick] = [await createStudent(t), await createStudent(t)];
      const checkout = await openCheckout(late, tutor);
      // Paid in time at the provider, but the news reaches us only after the hold lapsed.
      await h.pay(t, checkout);
      clock.set(new Date(NOW.getTime() + 20 * MINUTE));
      await quick.client.call(bookLesson, {
        body: { ...trialBooking(tutor), notes: '' },
      });

      const settled = await late.client.post(
        `/api/checkout/sessions/${checkout.sessionId}/confirm`,
      );
      expect(settled.json.outcome, settled.text).toBe('refunded');
      await expect.poll(() => kindsOf(late.client), { timeout: 15_000 }).toEqual(['refund_issued']);
      const [refund] = (await listOf(late.client)).notifications;
      expect(refund).toMatchObject({
        refund: {
          amountCents: await amountOf(checkout.payment.id),
          currency: 'USD',
          reason: 'slot_taken',
        },
        lesson: { subject: expect.any(String) },
      });
      // The tutor was told of the booking that happened, not of the one that did not.
      expect(await kindsOf(tutor.client)).toEqual(['lesson_booked']);
    });
  });
});
