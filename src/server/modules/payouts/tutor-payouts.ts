import type { EndpointOutput } from '../../../contracts/endpoint';
import type { getTutorPayouts } from '../../../contracts/payouts.contract';
import { tierFor } from '../../../domain/ledger/commission';
import type { CommissionTier } from '../../../domain/ledger/commission';
import { balances } from '../ledger/ledger.repository';
import { taughtMinutes } from '../ledger/money-events';
import { earnAndReleaseDue } from '../ledger/release-earnings';
import type { PayoutsContext } from './payouts-context';
import { payoutView } from './payout-view';
import * as repository from './payouts.repository';

// A tutor's money as the ledger has it: every figure is a sum of ledger entries (negated: what
// the platform owes sums negative), the lesson lines are the lessons' money records.

type View = EndpointOutput<typeof getTutorPayouts>;
const CURRENCY = 'USD';

export async function tutorPayoutsOf(
  ctx: PayoutsContext & { env: { COMMISSION_TIERS: readonly CommissionTier[] } },
  tutorProfileId: string,
): Promise<View> {
  await earnAndReleaseDue(ctx.db, ctx.clock.now(), tutorProfileId);
  const owed = Object.fromEntries(
    (await balances(ctx.db, tutorProfileId))
      .filter((b) => b.currency === CURRENCY)
      .map((b) => [b.kind, -b.cents]),
  );
  const paidOut = await repository.paidOutCents(ctx.db, tutorProfileId);
  const minutes = await taughtMinutes(ctx.db, tutorProfileId);
  const tier = tierFor(ctx.env.COMMISSION_TIERS, minutes);
  const account = await repository.findPayoutAccount(ctx.db, tutorProfileId);
  const lessons = await repository.lessonEarningsOf(ctx.db, tutorProfileId);
  const payouts = await repository.payoutsOf(ctx.db, tutorProfileId);
  const available = owed.tutor_available ?? 0;
  const open = payouts.some((p) => p.status === 'requested' || p.status === 'in_transit');
  return {
    currency: CURRENCY,
    balances: {
      pendingCents: owed.tutor_pending ?? 0,
      availableCents: available,
      inTransitCents: owed.tutor_in_transit ?? 0,
      paidOutCents: paidOut,
    },
    commission: {
      rateBp: tier.rateBp,
      taughtHours: Math.round((minutes / 60) * 100) / 100,
      next: tier.next ?? null,
    },
    minimumCents: ctx.env.PAYOUT_MINIMUM_CENTS,
    canWithdraw: account?.status === 'active' && !open && available >= ctx.env.PAYOUT_MINIMUM_CENTS,
    account: {
      status: (account?.status ?? 'none') as View['account']['status'],
      reason: account?.attention_reason ?? '',
      displayName: account?.display_name ?? '',
    },
    lessons: lessons.map((line) => ({
      lessonId: line.lesson_id,
      endsAt: line.lesson_ends_at.toISOString(),
      studentName: line.full_name ?? '',
      priceCents: line.price_cents,
      rateBp: line.rate_bp,
      commissionCents: line.commission_cents,
      netCents: line.net_cents,
      status: line.status as 'pending' | 'available' | 'reversed',
    })),
    payouts: payouts.map(payoutView),
  };
}
