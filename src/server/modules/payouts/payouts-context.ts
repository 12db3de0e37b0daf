import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock';
import type { JobQueue } from '../../adapters/jobs/job-queue';
import type { Mailer } from '../../adapters/mail/mailer';
import type { DB } from '../../db/types';
import type { StripeConnect } from './stripe-payout-provider';

/** What the payouts use cases need (the app's deps carry all of it). */
export interface PayoutsContext {
  db: Kysely<DB>;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  signingSecret: string;
  env: { PUBLIC_URL: string; PAYOUT_MINIMUM_CENTS: number };
  /** Stripe Connect, when STRIPE_SECRET_KEY is set: tutors are paid through it. */
  stripeConnect?: StripeConnect;
}
