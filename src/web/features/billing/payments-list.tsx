import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PaymentView } from '../../../contracts/payments.contract';
import { formatMoney } from '../../../domain/money';
import {
  BILLING_MESSAGES as M,
  CANCELLATION_MESSAGES,
  PAYMENT_MESSAGES as P,
} from '../../../domain/messages';
import { shortDateTime } from '../../lib/lesson-time';
import { RECEIPT_STATUSES } from '../../../domain/payments/payment-rules';
import { paths } from '../../lib/paths';
import { PaymentStatusBadge } from './payment-status-badge';

// The student's payments: a table's columns on wide screens (from 1024 px: five columns need
// the room the sidebar leaves), one card per payment below, from one list whose every value
// carries its label (visible on cards, for screen readers where the header row names the
// columns).

const COLUMNS =
  'lg:grid lg:grid-cols-[minmax(0,1.8fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.3fr)] lg:gap-3';

/** Why money went back without the student asking, as a sentence they understand. */
const REFUND_REASONS: Record<string, string> = {
  slot_taken: P.slotTakenRefunded,
  ...CANCELLATION_MESSAGES.refundReasons,
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 lg:block">
      <dt className="text-xs text-slate-500 lg:sr-only dark:text-slate-400">{label}</dt>
      <dd className="text-right text-sm lg:text-left">{children}</dd>
    </div>
  );
}

function PaymentRow({ payment, zone }: { payment: PaymentView; zone: string }) {
  // Our own receipt, once the money came in (the server answers it to the payer only).
  const hasReceipt = (RECEIPT_STATUSES as readonly string[]).includes(payment.status);
  const reason = payment.refundReason ? REFUND_REASONS[payment.refundReason] : undefined;
  return (
    <li className="space-y-2 p-4" data-testid="payment">
      <dl className={`space-y-1.5 lg:items-start lg:space-y-0 ${COLUMNS}`}>
        <div className="lg:pr-2">
          <dt className="sr-only">{M.columns.description}</dt>
          <dd className="font-semibold break-words">{payment.description}</dd>
          {hasReceipt && (
            <dd className="mt-1 text-sm">
              <Link
                to={paths.receipt(payment.id)}
                aria-label={M.receiptFor(payment.description)}
                className="inline-flex items-center gap-1 font-medium text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-200"
              >
                <FileText aria-hidden className="h-3.5 w-3.5" />
                {M.receipt}
              </Link>
            </dd>
          )}
        </div>
        <Field label={M.columns.tutor}>{payment.tutorName}</Field>
        <Field label={M.columns.date}>
          <time dateTime={payment.createdAt}>{shortDateTime(payment.createdAt, zone)}</time>
        </Field>
        <Field label={M.columns.amount}>
          <span className="font-semibold tabular-nums">
            {formatMoney(payment.amountCents, payment.currency)}
          </span>
          {(payment.status === 'canceled' || payment.status === 'expired') && (
            <span className="block text-xs text-slate-600 dark:text-slate-400">{M.notCharged}</span>
          )}
          {payment.refundedCents > 0 && (
            <span className="block text-xs text-slate-600 tabular-nums dark:text-slate-400">
              {M.refundedAmount(formatMoney(payment.refundedCents, payment.currency))}
            </span>
          )}
        </Field>
        <Field label={M.columns.status}>
          <PaymentStatusBadge status={payment.status} />
        </Field>
      </dl>
      {reason && (
        <p className="rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
          {reason}
        </p>
      )}
    </li>
  );
}

export function PaymentsList({ payments, zone }: { payments: PaymentView[]; zone: string }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800">
      <div
        aria-hidden
        className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300 ${COLUMNS}`}
      >
        <span>{M.columns.description}</span>
        <span>{M.columns.tutor}</span>
        <span>{M.columns.date}</span>
        <span>{M.columns.amount}</span>
        <span>{M.columns.status}</span>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {payments.map((payment) => (
          <PaymentRow key={payment.id} payment={payment} zone={zone} />
        ))}
      </ul>
    </div>
  );
}
