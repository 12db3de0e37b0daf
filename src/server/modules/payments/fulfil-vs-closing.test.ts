import { sql } from 'kysely';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createSignedInTutor, createStudent } from '../../test/factories';
import { TEST_DRIVERS } from '../../test/test-database';
import { MORNING_TEACHING } from '../../test/tokyo-mornings';
import { cancelLessons } from '../lessons/lesson-lifecycle';
import { localCheckoutSuite, openSingleCheckout } from '../../test/payment-harness';

// Closing (or suspending) an account and fulfilling a payment of one of its lessons at the same
// moment (issue #31: PostgreSQL aborted one as a deadlock, 500s, a paid payment left pending).
// Forced here: the closing transaction holds the tutor's user row, as it does first, while the
// webhook arrives; then it cancels the lesson. Only PostgreSQL runs transactions side by side.

describe.skipIf(!TEST_DRIVERS.includes('postgres'))('fulfilment racing a closing account', () => {
  const suite = localCheckoutSuite('postgres');

  /** Resolves once some other connection is waiting for a lock (the webhook's transaction). */
  async function someoneWaitsForALock() {
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`.execute(
        suite.app.database.db,
      );
      if (rows[0]!.n > 0) return;
      await delay(10);
    }
  }

  it('neither deadlocks nor answers 500: the closing commits and the payment settles at once', async () => {
    const { app, harness } = suite;
    const tutor = await createSignedInTutor(app, MORNING_TEACHING);
    const student = await createStudent(app);
    const checkout = await openSingleCheckout(student, tutor);
    await harness.pay(app, checkout);
    const event = await harness.completedEvent(app, checkout);
    const lesson = await app.database.db
      .selectFrom('lessons')
      .select('id')
      .where('payment_id', '=', checkout.payment.id)
      .executeTakeFirstOrThrow();

    const { delivery } = await app.database.db.transaction().execute(async (trx) => {
      // The closing's first step: the account's user row (closing.repository lockOpenAccount).
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', tutor.userId)
        .forUpdate()
        .execute();
      const delivery = fetch(`${app.url}/api/payments/webhooks/local`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...event.headers },
        body: event.body,
      });
      await someoneWaitsForALock();
      // Then its lessons, as endFutureLessons does.
      await cancelLessons(trx, [lesson.id], {
        by: tutor.userId,
        reason: 'Account deleted',
        cause: 'account_closed',
        now: suite.clock.now(),
      });
      // Not awaited in here: the webhook can only finish once this commits.
      return { delivery };
    });
    const delivered = await delivery;
    expect(delivered.status, await delivered.text()).toBe(200);
    // Settled at once: paid, and the money on its way back, since the lesson is gone.
    const payment = await app.database.db
      .selectFrom('payments')
      .select(['status', 'refund_reason'])
      .where('id', '=', checkout.payment.id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'completed', refund_reason: 'slot_taken' });
  });
});
