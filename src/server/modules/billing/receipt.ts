import type { ReceiptView } from '../../../contracts/payments.contract';
import type { UserRole } from '../../../domain/accounts/account-rules';
import { PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { receiptNumber } from '../../../domain/payments/payment-rules';
import { AppError } from '../../errors';
import { isUuid } from '../../http/is-uuid';
import type { LessonsContext } from '../lessons/lessons-context';
import * as repository from './billing.repository';

// A payment's receipt (issue #25): only its payer and admins may read it. Anyone else gets the
// same 404 as for a payment that does not exist, so a receipt's id tells a stranger nothing.

export async function receiptFor(
  ctx: Pick<LessonsContext, 'db'>,
  viewer: { id: string; role: UserRole },
  paymentId: string,
): Promise<ReceiptView> {
  const row = isUuid(paymentId) ? await repository.receiptOf(ctx.db, paymentId) : undefined;
  if (!row || !row.completed_at || (row.student_id !== viewer.id && viewer.role !== 'admin'))
    throw new AppError('NOT_FOUND', P.paymentNotFound);
  const refunds = (await repository.confirmedRefunds(ctx.db, row.id)).map((refund) => ({
    refundedAt: (refund.refunded_at ?? row.completed_at!).toISOString(),
    amountCents: refund.amount_cents,
  }));
  const common = {
    description: row.description,
    tutorName: row.tutor_name,
    subject: row.subject,
    lessonMinutes: row.lesson_minutes ?? row.duration_minutes,
  };
  return {
    paymentId: row.id,
    receiptNumber: receiptNumber(row.id),
    paidAt: row.completed_at.toISOString(),
    student: { name: row.student_name, email: row.student_email },
    timeZone: row.time_zone,
    item:
      row.kind === 'package'
        ? {
            kind: 'package',
            ...common,
            packageName: row.package_name,
            numberOfLessons: row.number_of_lessons,
          }
        : {
            kind: 'single',
            ...common,
            startsAt: row.starts_at?.toISOString() ?? null,
            endsAt: row.ends_at?.toISOString() ?? null,
          },
    amountCents: row.amount_cents,
    currency: row.currency.trim(),
    card: row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    refunds,
    netCents: row.amount_cents - refunds.reduce((sum, refund) => sum + refund.amountCents, 0),
  };
}
