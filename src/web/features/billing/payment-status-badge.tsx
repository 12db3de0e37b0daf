import { Ban, CheckCircle2, Clock, RotateCcw, TimerOff, type LucideIcon } from 'lucide-react';
import type { PaymentStatus } from '../../../domain/payments/payment-rules';
import { BILLING_MESSAGES as M } from '../../../domain/messages';

// Each status has its words and an icon; the colour only adds to them (never the one signal).
const LOOK: Record<PaymentStatus, { icon: LucideIcon; classes: string }> = {
  pending: {
    icon: Clock,
    classes: 'bg-amber-100 text-amber-900 dark:bg-amber-900/70 dark:text-amber-100',
  },
  completed: {
    icon: CheckCircle2,
    classes: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/70 dark:text-emerald-100',
  },
  canceled: {
    icon: Ban,
    classes: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  },
  expired: {
    icon: TimerOff,
    classes: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  },
  refunded: {
    icon: RotateCcw,
    classes: 'bg-sky-100 text-sky-900 dark:bg-sky-900/70 dark:text-sky-100',
  },
  partially_refunded: {
    icon: RotateCcw,
    classes: 'bg-violet-100 text-violet-900 dark:bg-violet-900/70 dark:text-violet-100',
  },
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { icon: Icon, classes } = LOOK[status];
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${classes}`}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {M.paymentStatuses[status]}
    </span>
  );
}
