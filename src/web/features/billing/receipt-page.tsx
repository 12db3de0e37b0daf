import { Printer, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { ReceiptView } from '../../../contracts/payments.contract';
import { formatMoney } from '../../../domain/money';
import { RECEIPT_MESSAGES as M } from '../../../domain/messages';
import { BackLink } from '../../components/ui/back-link';
import { Button } from '../../components/ui/button';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { ApiError } from '../../lib/api-client';
import { lessonTimes, longDate, shortDate, zoneLabel } from '../../lib/lesson-time';
import { paths } from '../../lib/paths';
import { useReceipt } from './billing-api';

// A payment's printable receipt (issue #25). A page of the SPA rather than a server-rendered
// one: it shares the session (a signed-out visitor is sent to sign in and back), the theme, the
// money and time formatting and the contract with Billing, and printing needs no PDF: the
// `receipt` class (styles.css) prints black on white whatever the theme, and the shell's
// chrome and this page's buttons carry `print:hidden`. Dates read in the student's account
// zone, which the server sends, so an admin reading it sees what the student sees.

export function ReceiptPage() {
  const { paymentId = '' } = useParams();
  const receipt = useReceipt(paymentId);
  const notFound = receipt.error instanceof ApiError && receipt.error.code === 'NOT_FOUND';
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={paths.student.billing}>{M.backToBilling}</BackLink>
        {receipt.isSuccess && (
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden className="h-4 w-4" />
            {M.print}
          </Button>
        )}
      </div>
      {receipt.isPending && <LoadingSkeleton label={M.loading} rows={6} />}
      {notFound && <EmptyState icon={Receipt} title={M.notFound} hint={M.notFoundHint} />}
      {receipt.isError && !notFound && (
        <ErrorPanel message={M.loadFailed} onRetry={() => void receipt.refetch()} />
      )}
      {receipt.isSuccess && <ReceiptDocument receipt={receipt.data.receipt} />}
    </div>
  );
}

function Row({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-2 ${strong ? 'font-semibold' : ''}`}
    >
      <dt className={`shrink-0 ${strong ? '' : 'text-slate-600 dark:text-slate-400'}`}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

function ItemLines({ receipt }: { receipt: ReceiptView }) {
  const { item, timeZone } = receipt;
  const details =
    item.subject && item.lessonMinutes ? M.lessonDetails(item.subject, item.lessonMinutes) : null;
  return (
    <div className="space-y-1">
      <p className="font-semibold">
        {item.kind === 'package' && item.numberOfLessons
          ? M.packageWith(item.numberOfLessons, item.tutorName)
          : item.kind === 'package'
            ? item.description
            : M.lessonWith(item.tutorName)}
      </p>
      {item.kind === 'package' && item.packageName && <p>{item.packageName}</p>}
      {details && <p>{details}</p>}
      {item.kind === 'single' && item.startsAt && (
        <p>
          <time dateTime={item.startsAt}>
            {longDate(item.startsAt, timeZone)} ·{' '}
            {lessonTimes(item.startsAt, item.lessonMinutes ?? 50, timeZone)}
          </time>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {M.timesIn(zoneLabel(timeZone, item.startsAt))}
          </span>
        </p>
      )}
    </div>
  );
}

/** The receipt itself: what prints. */
function ReceiptDocument({ receipt }: { receipt: ReceiptView }) {
  const money = (cents: number) => formatMoney(cents, receipt.currency);
  return (
    <article
      aria-labelledby="receipt-title"
      className="receipt rounded-xl border border-slate-200 bg-white p-4 sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4 dark:border-slate-800">
        <div>
          <p className="text-xl font-bold">{M.company}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{M.companyLine}</p>
        </div>
        <h1 id="receipt-title" className="text-2xl font-bold">
          {M.title}
        </h1>
      </header>
      <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <Row label={M.receiptNumber}>
          <span className="font-mono">{receipt.receiptNumber}</span>
        </Row>
        <Row label={M.datePaid}>
          <time dateTime={receipt.paidAt}>{shortDate(receipt.paidAt, receipt.timeZone)}</time>
        </Row>
        <Row label={M.billedTo}>
          <span className="block">{receipt.student.name}</span>
          <span className="block break-all">{receipt.student.email}</span>
        </Row>
      </dl>
      <section
        aria-label={M.item}
        className="mt-4 rounded-lg bg-slate-50 p-4 text-sm dark:bg-slate-800/60"
      >
        <ItemLines receipt={receipt} />
      </section>
      <dl className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800">
        <Row label={M.paymentMethod}>
          {M.card(receipt.card?.brand ?? null, receipt.card?.last4 ?? null)}
        </Row>
        <Row label={M.amountPaid}>{money(receipt.amountCents)}</Row>
        {receipt.refunds.map((refund, index) => (
          <Row key={index} label={M.refundOn(shortDate(refund.refundedAt, receipt.timeZone))}>
            −{money(refund.amountCents)}
          </Row>
        ))}
        <Row label={M.net} strong>
          {money(receipt.netCents)}
        </Row>
      </dl>
    </article>
  );
}
