import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../../contracts/booking.contract';
import { createSignedInTutor, createStudent } from '../../test/factories';
import type { TestClient } from '../../test/http-client';
import { TEST_DRIVERS } from '../../test/test-database';
import { MORNING_TEACHING, VIEWER_ZONE, viewerDate } from '../../test/tokyo-mornings';
import { localCheckoutSuite, paidSingleLesson } from '../../test/payment-harness';
import { bookLesson, getLesson } from '../../../contracts/booking.contract';
import { cancelLesson, getCancellationQuote } from '../../../contracts/cancellation.contract';
import { listNotifications } from '../../../contracts/notifications.contract';

// A tutor's move is a request (issue #29, ADR 032), on each database with a paid lesson and a
// fixed clock: the lesson keeps its time until its student accepts; a decline or no answer
// leaves it there and makes the student's cancel free; who may take each step, with its code.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const RATE_CENTS = 4200;
/** A proposed time: the fourth day's 06:30 in Tokyo (01:00 UTC). */
const PROPOSED = { bookingDate: viewerDate(4), slotLabel: '06:30-07:30', viewerZone: VIEWER_ZONE };
const PROPOSED_START = `${viewerDate(4)}T01:00:00.000Z`;

type Who = { client: TestClient };

describe.each(TEST_DRIVERS)('move requests on %s', (driver) => {
  const suite = localCheckoutSuite(driver);
  const { clock } = suite;

  /** A paid lesson three days on, its tutor and student signed in, and a stranger. */
  const paidLesson = async () => {
    const tutor = await createSignedInTutor(suite.app, {
      ...MORNING_TEACHING,
      rateCents: RATE_CENTS,
    });
    const student = await createStudent(suite.app);
    const stranger = await createStudent(suite.app);
    const paid = await paidSingleLesson(suite.app, suite.harness.pay, student, tutor);
    return { tutor, student, stranger, paid, lessonId: paid.lessonId };
  };
  const propose = (who: Who, id: string, body: Record<string, unknown> = PROPOSED) =>
    who.client.post(`/api/lessons/${id}/move-request`, body);
  const accept = (who: Who, id: string) =>
    who.client.post(`/api/lessons/${id}/move-request/accept`);
  const decline = (who: Who, id: string) =>
    who.client.post(`/api/lessons/${id}/move-request/decline`);
  const withdraw = (who: Who, id: string) =>
    who.client.request('DELETE', `/api/lessons/${id}/move-request`);
  const lessonOf = async (who: Who, id: string) => {
    const response = await who.client.call(getLesson, { params: { id } });
    return response.lesson as Lesson;
  };
  const kinds = async (who: Who) =>
    (
      (await who.client.call(listNotifications, { query: {} })).notifications as { kind: string }[]
    ).map((notification) => notification.kind);
  const refused = (response: { status: number; json: { error: { code: string } } }) => [
    response.status,
    response.json.error.code,
  ];

  it('asks the student, who accepts: the lesson moves then, and the tutor is told', async () => {
    const { tutor, student, stranger, paid, lessonId } = await paidLesson();
    const studentMail = suite.app.inbox.countTo(student.email);

    // The tutor cannot move it alone; the student cannot propose; a stranger sees nothing.
    expect(
      refused(await tutor.client.post(`/api/lessons/${lessonId}/reschedule`, PROPOSED)),
    ).toEqual([403, 'FORBIDDEN']);
    expect(refused(await propose(student, lessonId))).toEqual([403, 'FORBIDDEN']);
    expect((await propose(stranger, lessonId)).status).toBe(404);

    const asked = await propose(tutor, lessonId, { ...PROPOSED, reason: 'A conference' });
    expect(asked.status, asked.text).toBe(201);
    const pending = asked.json.lesson as Lesson;
    // The lesson keeps its time; the request shows on it, to both parties.
    expect(pending.startTime).toBe(paid.lesson.starts_at.toISOString());
    expect(pending.moveRequest).toMatchObject({
      state: 'open',
      startTime: PROPOSED_START,
      reason: 'A conference',
      requestedAt: clock.now().toISOString(),
    });
    expect((await lessonOf(student, lessonId)).moveRequest?.state).toBe('open');
    expect(await kinds(student)).toContain('move_requested');
    const mail = await suite.app.inbox.waitFor(student.email, { afterCount: studentMail });
    expect(mail.subject).toMatch(/asks to move your .* lesson$/);
    expect(mail.text).toContain('Reason: A conference');

    // One open request per lesson; only the student answers, only the tutor withdraws.
    expect(refused(await propose(tutor, lessonId))).toEqual([409, 'MOVE_REQUEST_OPEN']);
    expect(refused(await accept(tutor, lessonId))).toEqual([403, 'FORBIDDEN']);
    expect(refused(await decline(tutor, lessonId))).toEqual([403, 'FORBIDDEN']);
    expect(refused(await withdraw(student, lessonId))).toEqual([403, 'FORBIDDEN']);
    expect((await accept(stranger, lessonId)).status).toBe(404);

    const tutorMail = suite.app.inbox.countTo(tutor.email);
    const accepted = await accept(student, lessonId);
    expect(accepted.status, accepted.text).toBe(201);
    const moved = accepted.json.lesson as Lesson;
    expect(moved).toMatchObject({
      startTime: PROPOSED_START,
      status: 'scheduled',
      movedFrom: paid.lesson.starts_at.toISOString(),
      moveRequest: null,
    });
    const old = await suite.app.database.db
      .selectFrom('lessons')
      .select(['status', 'cancel_cause', 'cancel_reason'])
      .where('id', '=', lessonId)
      .executeTakeFirstOrThrow();
    expect(old).toEqual({
      status: 'canceled',
      cancel_cause: 'moved',
      cancel_reason: 'A conference',
    });
    expect(await kinds(tutor)).toContain('move_accepted');
    const answer = await suite.app.inbox.waitFor(tutor.email, { afterCount: tutorMail });
    expect(answer.subject).toMatch(/accepted the new time/);
    // Answered once: nothing is left to answer on the old lesson.
    expect(refused(await accept(student, lessonId))).toEqual([409, 'MOVE_REQUEST_CLOSED']);
    expect((await lessonOf(student, moved.id)).movedFrom).toBe(paid.lesson.starts_at.toISOString());
  });

  it('keeps the lesson when the student declines, and then lets them cancel free with a full refund', async () => {
    const { tutor, student, paid, lessonId } = await paidLesson();
    expect((await propose(tutor, lessonId)).status).toBe(201);
    const declined = await decline(student, lessonId);
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json.lesson).toMatchObject({
      startTime: paid.lesson.starts_at.toISOString(),
      moveRequest: { state: 'declined' },
    });
    expect(await kinds(tutor)).toContain('move_declined');
    expect(refused(await accept(student, lessonId))).toEqual([409, 'MOVE_REQUEST_CLOSED']);
    expect(refused(await withdraw(tutor, lessonId))).toEqual([409, 'MOVE_REQUEST_CLOSED']);

    // Two hours before the start, well inside the 24 hours that are otherwise not refunded.
    clock.set(new Date(paid.lesson.starts_at.getTime() - 2 * HOUR));
    const canceled = await student.client.call(cancelLesson, {
      params: { id: lessonId },
      body: {},
    });
    expect(canceled.cancellation).toMatchObject({
      settlement: 'refund',
      refundCents: paid.amountCents,
    });
  });

  it('leaves an unanswered request at the start: the lesson keeps its time', async () => {
    const { tutor, student, paid, lessonId } = await paidLesson();
    expect((await propose(tutor, lessonId)).status).toBe(201);
    // While it waits, even late, the student's cancel would be free.
    clock.set(new Date(paid.lesson.starts_at.getTime() - HOUR));
    const quote = await student.client.call(getCancellationQuote, { params: { id: lessonId } });
    expect(quote).toMatchObject({ settlement: 'refund', refundCents: paid.amountCents });

    clock.set(paid.lesson.starts_at);
    const lesson = await lessonOf(student, lessonId);
    expect(lesson).toMatchObject({
      startTime: paid.lesson.starts_at.toISOString(),
      status: 'in_progress',
      moveRequest: { state: 'unanswered' },
    });
    expect(refused(await accept(student, lessonId))).toEqual([409, 'MOVE_REQUEST_CLOSED']);
    expect(refused(await decline(student, lessonId))).toEqual([409, 'MOVE_REQUEST_CLOSED']);
  });

  it('lets the tutor withdraw, telling the student, and ask again later', async () => {
    const { tutor, student, lessonId } = await paidLesson();
    expect((await propose(tutor, lessonId)).status).toBe(201);
    const withdrawn = await withdraw(tutor, lessonId);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.json.lesson.moveRequest).toBeNull();
    expect(await kinds(student)).toContain('move_withdrawn');
    expect(refused(await accept(student, lessonId))).toEqual([409, 'MOVE_REQUEST_CLOSED']);
    // Nothing waits any more: the tutor may ask again.
    const again = await propose(tutor, lessonId, { ...PROPOSED, slotLabel: '07:00-08:00' });
    expect(again.status, again.text).toBe(201);
    expect(again.json.lesson.moveRequest.state).toBe('open');
  });

  it('refuses the accept with SLOT_TAKEN when the time was taken meanwhile; the request waits', async () => {
    const { tutor, student, stranger, paid, lessonId } = await paidLesson();
    expect((await propose(tutor, lessonId)).status).toBe(201);
    await stranger.client.call(bookLesson, {
      body: {
        tutorProfileId: tutor.id,
        subjectId: tutor.subjectId,
        mode: 'trial',
        lessonMinutes: 50,
        ...PROPOSED,
      },
    });
    expect(refused(await accept(student, lessonId))).toEqual([409, 'SLOT_TAKEN']);
    expect(await lessonOf(student, lessonId)).toMatchObject({
      startTime: paid.lesson.starts_at.toISOString(),
      moveRequest: { state: 'open' },
    });
    // The student may still say no.
    expect((await decline(student, lessonId)).status).toBe(200);
  });
});
