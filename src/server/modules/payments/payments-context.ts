import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { CommissionTier } from '../../../domain/ledger/commission';
import type { NoticeContext } from '../lessons/lesson-booked-notice';

/** What the payments use cases need: the lessons' context, queue and mail, plus the provider. */
export interface PaymentsContext extends NoticeContext {
  paymentProvider: PaymentProvider;
  env: NoticeContext['env'] & {
    PAYMENT_HOLD_MINUTES: number;
    COMMISSION_TIERS: readonly CommissionTier[];
  };
}
