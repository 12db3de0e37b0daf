import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fixedClock, type Clock, type FixedClock } from '../adapters/clock';
import type { DatabaseDriver } from '../db/database';
import { completeOpenSession, sessionAt } from '../adapters/payments/local-checkout.repository';
import { newId, toSessionState, webhookEvent } from '../adapters/payments/local-provider';
import {
  deriveLocalWebhookSecret,
  LOCAL_SIGNATURE_HEADER,
  signatureHeader,
} from '../adapters/payments/local-webhook-signature';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import { stripeProvider } from '../adapters/payments/stripe-provider';
import Stripe from 'stripe';
import { startStripeFake } from './stripe-fake';
import { startTestApp, TEST_SESSION_SECRET, type TestApp } from './test-app';
import { confirmCheckout, startCheckout } from '../../contracts/payments.contract';
import type { TestClient } from './http-client';
import { HOUR_SLOTS, NOW, VIEWER_ZONE, viewerDate } from './tokyo-mornings';
import { TEST_DRIVERS } from './test-database';

// How a test pays on each provider, so that one fulfilment suite runs against both: the
// built-in hosted checkout (through its own page and signed webhooks) and Stripe (the real SDK
// against a local fake that signs events like Stripe does).

export interface StartedCheckout {
  payment: { id: string };
  sessionId: string;
  sessionUrl: string;
}

export interface PaymentHarness {
  name: 'local' | 'stripe';
  start(clock: Clock): Promise<{
    /** The provider for the app; undefined: the app's own default. */
    provider?: PaymentProvider;
    /** The card is charged at the provider; its webhook is not delivered (yet). */
    pay(t: TestApp, checkout: StartedCheckout): Promise<void>;
    /** A signed checkout.session.completed delivery for the session as it is now. */
    completedEvent(
      t: TestApp,
      checkout: StartedCheckout,
      timestamp?: Date,
    ): Promise<{ body: string; headers: Record<string, string> }>;
    /**
     * A correctly signed, paid checkout.session.completed about a session that is not ours,
     * carrying `paymentId` as its reference (Stripe: client_reference_id and metadata).
     */
    foreignEvent(
      t: TestApp,
      paymentId: string,
    ): { id: string; body: string; headers: Record<string, string> };
    /** What the provider says it refunded. */
    refundedCents(t: TestApp, checkout: StartedCheckout): Promise<number>;
    /** Makes the provider fail its next calls; the returned function mends it. */
    breakProvider?: () => Promise<() => Promise<void>>;
    close(): Promise<void>;
  }>;
}

const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';

const stripe: PaymentHarness = {
  name: 'stripe',
  async start(clock) {
    const fake = await startStripeFake({ webhookSecret: STRIPE_WEBHOOK_SECRET, now: clock.now });
    const providerAt = (apiBase: string) =>
      stripeProvider({ secretKey: 'sk_test_fake', webhookSecret: STRIPE_WEBHOOK_SECRET, apiBase });
    const reachable = await providerAt(fake.url);
    // The provider talks to whichever of these `current` says at call time, so a test can cut
    // it off.
    let current = reachable;
    const provider: PaymentProvider = { ...reachable };
    for (const method of [
      'createCheckout',
      'retrieveSession',
      'expireSession',
      'refund',
      'findRefund',
      'parseWebhook',
    ] as const) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (provider as any)[method] = (...args: unknown[]) => (current as any)[method](...args);
    }
    return {
      provider,
      pay: async (_t, checkout) => {
        fake.pay(checkout.sessionId);
      },
      completedEvent: async (_t, checkout, timestamp) =>
        fake.signedEvent('checkout.session.completed', checkout.sessionId, {
          timestamp,
          id: `evt_${checkout.sessionId}`,
        }),
      foreignEvent: (_t, paymentId) => {
        const id = newId('evt');
        const created = Math.floor(clock.now().getTime() / 1000);
        const body = JSON.stringify({
          id,
          object: 'event',
          created,
          type: 'checkout.session.completed',
          livemode: false,
          data: {
            object: {
              id: newId('cs'),
              object: 'checkout.session',
              client_reference_id: paymentId,
              metadata: { paymentId },
              status: 'complete',
              payment_status: 'paid',
              amount_total: 3333,
              currency: 'usd',
              payment_intent: newId('pi'),
            },
          },
        });
        const signature = Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: STRIPE_WEBHOOK_SECRET,
          timestamp: created,
        });
        return { id, body, headers: { 'stripe-signature': signature } };
      },
      refundedCents: async (_t, checkout) => fake.refundedCents(checkout.sessionId),
      breakProvider: async () => {
        current = await providerAt('http://127.0.0.1:9');
        return async () => {
          current = reachable;
        };
      },
      close: () => fake.close(),
    };
  },
};

const local: PaymentHarness = {
  name: 'local',
  async start(clock) {
    const sessionOf = async (t: TestApp, sessionId: string) =>
      (await sessionAt(t.database.db, sessionId, clock.now()))!;
    return {
      // The app's own: the hosted page it serves records the payment in its database.
      pay: async (t, checkout) => {
        const paid = await completeOpenSession(t.database.db, checkout.sessionId, {
          paymentIntentId: newId('pi'),
          cardLast4: '4242',
          now: clock.now(),
        });
        if (!paid) throw new Error(`session ${checkout.sessionId} was not payable`);
      },
      completedEvent: async (t, checkout, timestamp = clock.now()) => {
        const session = toSessionState(await sessionOf(t, checkout.sessionId), t.url);
        const body = JSON.stringify(webhookEvent('checkout.session.completed', session, timestamp));
        const secret = deriveLocalWebhookSecret(TEST_SESSION_SECRET);
        return {
          body,
          headers: { [LOCAL_SIGNATURE_HEADER]: signatureHeader(secret, body, timestamp) },
        };
      },
      foreignEvent: (_t, paymentId) => {
        const now = clock.now();
        const session = {
          sessionId: newId('cs'),
          paymentId,
          status: 'complete' as const,
          paymentStatus: 'paid' as const,
          amountCents: 3333,
          currency: 'USD',
          paymentIntentId: newId('pi'),
          receiptUrl: null,
        };
        const event = webhookEvent('checkout.session.completed', session, now);
        const body = JSON.stringify(event);
        const secret = deriveLocalWebhookSecret(TEST_SESSION_SECRET);
        return {
          id: event.id,
          body,
          headers: { [LOCAL_SIGNATURE_HEADER]: signatureHeader(secret, body, now) },
        };
      },
      refundedCents: async (t, checkout) => (await sessionOf(t, checkout.sessionId)).refunded_cents,
      close: async () => undefined,
    };
  },
};

export const PAYMENT_HARNESSES: PaymentHarness[] = [local, stripe];

/**
 * A single lesson the student paid for through the hosted checkout and the success page:
 * `days` ahead at the first of the morning slots (tokyo-mornings), 50 minutes. Its booking
 * emails are out before it returns (each party's first mail after the sign-up code), so what
 * a test counts next is its own.
 */
export async function paidSingleLesson(
  t: TestApp,
  pay: (t: TestApp, checkout: StartedCheckout) => Promise<void>,
  student: { client: TestClient; email: string },
  tutor: { id: string; subjectId: number; email: string },
  days = 3,
) {
  const checkout = await openSingleCheckout(student, tutor, days);
  await pay(t, checkout);
  await student.client.call(confirmCheckout, { params: { id: checkout.sessionId } });
  await t.inbox.waitFor(student.email, { afterCount: 1 });
  await t.inbox.waitFor(tutor.email, { afterCount: 1 });
  const lesson = await t.database.db
    .selectFrom('lessons as l')
    .innerJoin('payments as p', 'p.id', 'l.payment_id')
    .select(['l.id', 'l.starts_at', 'l.ends_at', 'p.amount_cents'])
    .where('l.payment_id', '=', checkout.payment.id)
    .executeTakeFirstOrThrow();
  return { ...checkout, lessonId: lesson.id, lesson, amountCents: lesson.amount_cents };
}

/** A single lesson `days` ahead, held while the student is at the hosted checkout. */
export async function openSingleCheckout(
  student: { client: TestClient },
  tutor: { id: string; subjectId: number },
  days = 3,
): Promise<StartedCheckout> {
  return student.client.call(startCheckout, {
    body: {
      mode: 'single',
      tutorProfileId: tutor.id,
      subjectId: tutor.subjectId,
      bookingDate: viewerDate(days),
      slotLabel: HOUR_SLOTS[0]!,
      viewerZone: VIEWER_ZONE,
      lessonMinutes: 50,
    },
  });
}

/** Every provider on every database: describe.each's rows [provider name, driver, harness]. */
export const PAYMENT_SETUPS = PAYMENT_HARNESSES.flatMap((harness) =>
  TEST_DRIVERS.map((driver) => [harness.name, driver, harness] as const),
);

/**
 * For one describe block on `driver`: a test app paying through `harness` (the built-in
 * checkout by default), its clock standing at NOW (tokyo-mornings) and put back there before
 * each test. Read `app`, `harness` and `clock` inside tests.
 */
export function paymentSuite(driver: DatabaseDriver, harness: PaymentHarness = local) {
  const clock = fixedClock(NOW);
  const suite = { clock } as {
    clock: FixedClock;
    app: TestApp;
    harness: Awaited<ReturnType<PaymentHarness['start']>>;
  };
  beforeAll(async () => {
    suite.harness = await harness.start(clock);
    suite.app = await startTestApp(driver, {}, { clock, paymentProvider: suite.harness.provider });
  });
  beforeEach(() => clock.set(NOW));
  afterAll(async () => {
    await suite.app.close();
    await suite.harness.close();
  });
  return suite;
}

/** The built-in checkout's suite (see paymentSuite). */
export const localCheckoutSuite = (driver: DatabaseDriver) => paymentSuite(driver, local);
