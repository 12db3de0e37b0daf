import type { z } from 'zod';
import type { EndpointOutput } from '../../../contracts/endpoint';
import type { adjustmentSchema, getFinance } from '../../../contracts/payouts.contract';
import { PAYOUT_MESSAGES as M } from '../../../domain/ledger/payout-messages';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import { recordAudit } from '../audit/audit.repository';
import { balances, post, totalsByKind } from '../ledger/ledger.repository';
import { earnAndReleaseDue } from '../ledger/release-earnings';
import type { PayoutsContext } from './payouts-context';
import { requestPayout } from './request-payout';
import * as repository from './payouts.repository';
import { payoutView } from './payout-view';
import { latestRun } from './reconciliation.repository';

// The admin's Finance page, read from the ledger: what students paid (gross bookings), what
// went back, the platform's commission, and what is owed to each tutor; the payouts; a manual
// adjustment of a tutor's available balance with a reason (audited, in the same transaction).

type Finance = EndpointOutput<typeof getFinance>;
type Finding = Finance['reconciliation']['findings'][number];
const CURRENCY = 'USD';

export async function financeOverview(ctx: PayoutsContext): Promise<Finance> {
  await earnAndReleaseDue(ctx.db, ctx.clock.now());
  const platform = Object.fromEntries(
    (await balances(ctx.db, null))
      .filter((b) => b.currency === CURRENCY)
      .map((b) => [b.kind, b.cents]),
  );
  const cashByKind = await totalsByKind(ctx.db, 'provider_cash', CURRENCY);
  const tutorRows = await repository.tutorBalancesByKind(ctx.db, CURRENCY);
  const tutors = new Map<string, Finance['tutors'][number]>();
  for (const row of tutorRows) {
    const id = row.tutor_profile_id!;
    const tutor = tutors.get(id) ?? {
      tutorProfileId: id,
      name: row.full_name,
      pendingCents: 0,
      availableCents: 0,
      inTransitCents: 0,
    };
    const owed = -Number(row.cents);
    if (row.kind === 'tutor_pending') tutor.pendingCents = owed;
    if (row.kind === 'tutor_available') tutor.availableCents = owed;
    if (row.kind === 'tutor_in_transit') tutor.inTransitCents = owed;
    tutors.set(id, tutor);
  }
  const list = [...tutors.values()].sort((a, b) => a.name.localeCompare(b.name));
  const payouts = await repository.recentPayouts(ctx.db);
  const reconciliation = await latestRun(ctx.db);
  return {
    currency: CURRENCY,
    grossBookingsCents: cashByKind.payment_received ?? 0,
    refundsCents: -(cashByKind.refund ?? 0),
    platformRevenueCents: -(platform.platform_revenue ?? 0),
    providerCashCents: platform.provider_cash ?? 0,
    unearnedCents: -(platform.unearned ?? 0),
    tutorsOwedCents: list.reduce(
      (sum, t) => sum + t.pendingCents + t.availableCents + t.inTransitCents,
      0,
    ),
    tutors: list,
    payouts: payouts.map((payout) => ({ ...payoutView(payout), tutorName: payout.full_name })),
    reconciliation: {
      checkedAt: reconciliation?.run.finished_at.toISOString() ?? null,
      provider: (reconciliation?.run.provider as 'local' | 'stripe' | undefined) ?? null,
      findings: (reconciliation?.findings ?? []).map((finding) => ({
        subject: finding.subject as Finding['subject'],
        kind: finding.kind as Finding['kind'],
        providerRef: finding.provider_ref,
        payoutId: finding.payout_id,
        paymentId: finding.payment_id,
        name: finding.name,
        currency: finding.currency.trim(),
        ledgerCents: Number(finding.ledger_cents),
        providerCents: Number(finding.provider_cents),
        differenceCents: Number(finding.provider_cents) - Number(finding.ledger_cents),
      })),
    },
  };
}

/** Gives a tutor money (positive) or takes it (negative), from the platform, with a reason. */
export async function adjustTutorBalance(
  ctx: PayoutsContext,
  adminId: string,
  input: z.output<typeof adjustmentSchema>,
) {
  if (input.amountCents === 0)
    throw new AppError('VALIDATION_FAILED', M.adjustmentAmount, {
      amountCents: M.adjustmentAmount,
    });
  const tutor = isUuid(input.tutorProfileId)
    ? await repository.findTutorProfile(ctx.db, input.tutorProfileId)
    : undefined;
  if (!tutor) throw new AppError('NOT_FOUND', M.tutorNotFound);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const id = await repository.insertAdjustmentAudit(trx, {
      adminId,
      targetUserId: tutor.user_id,
      reason: `${input.amountCents} cents: ${input.reason}`,
      at: now,
    });
    await post(trx, {
      kind: 'adjustment',
      eventKey: `adjustment:${id}`,
      currency: CURRENCY,
      legs: [
        { account: 'adjustments', cents: input.amountCents },
        { account: 'tutor_available', cents: -input.amountCents },
      ],
      at: now,
      tutorProfileId: tutor.id,
      memo: input.reason,
      createdBy: adminId,
    });
  });
}

/** Pays a failed payout's tutor again: a new payout of what is available now. */
export async function retryFailedPayout(ctx: PayoutsContext, adminId: string, payoutId: string) {
  const failed = isUuid(payoutId) ? await repository.findPayout(ctx.db, payoutId) : undefined;
  if (!failed) throw new AppError('NOT_FOUND', M.payoutNotFound);
  if (failed.status !== 'failed' || failed.retried_by)
    throw new AppError('CONFLICT', M.onlyFailedRetried);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const outcome = await requestPayout(ctx, trx, failed.tutor_profile_id, 'retry');
    if (outcome.kind === 'account_not_ready' || outcome.kind === 'no_account')
      throw new AppError('CONFLICT', M.accountNotReady);
    if (outcome.kind === 'open') throw new AppError('CONFLICT', M.payoutOnItsWay);
    if (outcome.kind === 'below_minimum')
      throw new AppError('CONFLICT', M.belowMinimum(ctx.env.PAYOUT_MINIMUM_CENTS));
    const payoutId = outcome.payoutId!;
    await repository.markPayoutRetried(trx, failed.id, payoutId);
    const tutorUserId = await repository.tutorUserIdOf(trx, failed.tutor_profile_id);
    await recordAudit(trx, {
      adminId,
      action: 'payout_retried',
      targetUserId: tutorUserId,
      reason: `payout ${failed.id} retried as ${payoutId}`,
      at: now,
    });
    return payoutId;
  });
}
