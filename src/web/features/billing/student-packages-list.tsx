import { AlertTriangle, CalendarPlus, TimerOff } from 'lucide-react';
import type { StudentPackageView } from '../../../contracts/payments.contract';
import type { StudentPackageStatus } from '../../../domain/payments/payment-rules';
import { BILLING_MESSAGES as M, PAYMENT_MESSAGES as P } from '../../../domain/messages';
import { ButtonLink } from '../../components/ui/button';
import { shortDate } from '../../lib/lesson-time';
import { paths } from '../../lib/paths';
import { canScheduleFrom, packageExpiry, type PackageExpiry } from './package-expiry';

const STATUS_CLASSES: Record<StudentPackageStatus, string> = {
  awaiting_payment: 'bg-amber-100 text-amber-900 dark:bg-amber-900/70 dark:text-amber-100',
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/70 dark:text-emerald-100',
  expired: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  refunded: 'bg-sky-100 text-sky-900 dark:bg-sky-900/70 dark:text-sky-100',
};

function ExpiryNotice({
  expiry,
  expiresAt,
  zone,
}: {
  expiry: PackageExpiry;
  expiresAt: string | null;
  zone: string;
}) {
  if (expiry.state === 'expired')
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-red-700 dark:text-red-300">
        <TimerOff aria-hidden className="h-4 w-4" />
        {expiresAt ? M.expiredOn(shortDate(expiresAt, zone)) : M.packageStatuses.expired}
      </p>
    );
  if (expiry.state === 'soon')
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-200">
        <AlertTriangle aria-hidden className="h-4 w-4" />
        {expiry.days === 0 ? M.expiresToday : M.expiresInDays(expiry.days)}
      </p>
    );
  return null;
}

function PackageCard({ pkg, zone, now }: { pkg: StudentPackageView; zone: string; now: number }) {
  const expiry = packageExpiry(pkg, now, zone);
  // Past its date the server may not have marked it yet: say what it is now.
  const status = expiry.state === 'expired' ? 'expired' : pkg.status;
  const credits =
    pkg.expiresAt && status === 'active'
      ? P.creditsLeft(pkg.lessonsLeft, pkg.numberOfLessons, shortDate(pkg.expiresAt, zone))
      : M.lessonsLeftOf(pkg.lessonsLeft, pkg.numberOfLessons);
  return (
    <li
      data-testid="student-package"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{pkg.name}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{M.withTutor(pkg.tutorName)}</p>
        </div>
        <span
          data-status={status}
          className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`}
        >
          {M.packageStatuses[status]}
        </span>
      </div>
      <p className="text-sm">{M.packageLessons(pkg.subject, pkg.lessonMinutes)}</p>
      <div className="space-y-1">
        <p className="text-sm font-medium">{credits}</p>
        <div
          aria-hidden
          className="h-1.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-indigo-500"
            style={{ width: `${(100 * pkg.lessonsLeft) / Math.max(pkg.numberOfLessons, 1)}%` }}
          />
        </div>
      </div>
      <ExpiryNotice expiry={expiry} expiresAt={pkg.expiresAt} zone={zone} />
      {canScheduleFrom(pkg, expiry) && (
        <ButtonLink
          to={paths.bookingPlan(pkg.tutorProfileId)}
          variant="secondary"
          className="self-start"
        >
          <CalendarPlus aria-hidden className="h-4 w-4" />
          {M.scheduleLesson}
        </ButtonLink>
      )}
    </li>
  );
}

export function StudentPackagesList({
  packages,
  zone,
  now,
}: {
  packages: StudentPackageView[];
  zone: string;
  now: number;
}) {
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {packages.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} zone={zone} now={now} />
      ))}
    </ul>
  );
}
