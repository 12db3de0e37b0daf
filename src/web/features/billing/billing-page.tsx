import { PackageOpen, Receipt, Search } from 'lucide-react';
import { useState } from 'react';
import { BILLING_MESSAGES as M, BOOKING_MESSAGES } from '../../../domain/messages';
import { useAccountZone } from '../../lib/account-zone';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { zoneLabel } from '../../lib/lesson-time';
import { paths } from '../../lib/paths';
import { useBilling } from './billing-api';
import { PaymentsList } from './payments-list';
import { StudentPackagesList } from './student-packages-list';

const card =
  'rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900';

const findTutors = (
  <ButtonLink to={paths.student.tutors}>
    <Search aria-hidden className="h-4 w-4" />
    {BOOKING_MESSAGES.findTutors}
  </ButtonLink>
);

/** Student Billing: every payment with its status and receipt, and the packages bought. */
export function BillingPage() {
  const billing = useBilling();
  const zone = useAccountZone();
  // Expiry warnings count from when the page opened (a reload brings them up to date).
  const [now] = useState(() => Date.now());

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{M.title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{M.intro}</p>
      </div>
      {billing.isPending && <LoadingSkeleton label={M.loading} rows={4} />}
      {billing.isError && (
        <ErrorPanel message={M.loadFailed} onRetry={() => void billing.refetch()} />
      )}
      {billing.isSuccess && (
        <>
          <section aria-labelledby="billing-payments" className={card}>
            <h2 id="billing-payments" className="text-lg font-semibold">
              {M.paymentsTitle}
            </h2>
            {billing.data.payments.length === 0 ? (
              <div className="mt-4">
                <EmptyState
                  icon={Receipt}
                  title={M.noPayments}
                  hint={M.noPaymentsHint}
                  action={findTutors}
                />
              </div>
            ) : (
              <>
                <p className="mt-1 mb-4 text-xs text-slate-600 dark:text-slate-400">
                  {M.datesInZone(zoneLabel(zone))}
                </p>
                <PaymentsList payments={billing.data.payments} zone={zone} />
              </>
            )}
          </section>
          <section aria-labelledby="billing-packages" className={card}>
            <h2 id="billing-packages" className="mb-4 text-lg font-semibold">
              {M.packagesTitle}
            </h2>
            {billing.data.packages.length === 0 ? (
              <EmptyState
                icon={PackageOpen}
                title={M.noPackages}
                hint={M.noPackagesHint}
                action={findTutors}
              />
            ) : (
              <StudentPackagesList packages={billing.data.packages} zone={zone} now={now} />
            )}
          </section>
        </>
      )}
    </div>
  );
}
