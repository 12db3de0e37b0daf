import type { EndpointOutput } from '../../../contracts/endpoint';
import type { getBilling } from '../../../contracts/payments.contract';
import type { LessonsContext } from '../lessons/lessons-context';
import { paidPackagesOf } from '../packages/student-packages';
import { toPaymentView } from '../payments/payment-view';
import * as repository from './billing.repository';

// Student Billing: every payment with its amount, status, date and receipt, newest first, and
// every package paid for with its credits left and when they expire.

export async function billingOf(
  ctx: Pick<LessonsContext, 'db' | 'clock'>,
  studentId: string,
): Promise<EndpointOutput<typeof getBilling>> {
  const [payments, packages] = await Promise.all([
    repository.paymentsOf(ctx.db, studentId),
    paidPackagesOf(ctx, studentId),
  ]);
  return { payments: payments.map(toPaymentView), packages };
}
