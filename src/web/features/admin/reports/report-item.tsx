import { EyeOff, ExternalLink } from 'lucide-react';
import type { AdminReport } from '../../../../contracts/reports.contract';
import { ADMIN_USERS_MESSAGES, REPORT_MESSAGES as M } from '../../../../domain/messages';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Stars } from '../../../components/ui/stars';
import { useAccountZone } from '../../../lib/account-zone';
import { shortDate } from '../../../lib/lesson-time';
import { paths } from '../../../lib/paths';

const kindLabel = { user: M.kindUser, review: M.kindReview, message: M.kindMessage };
const statusLabel = { open: M.tabOpen, dismissed: M.statusDismissed, actioned: M.statusActioned };

/** One name–value group of the report's <dl>: a <dl> takes only <div>s holding dt/dd directly. */
function Person({
  label,
  person,
  children,
}: {
  label: string;
  person: AdminReport['reporter'];
  children?: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="text-sm break-words">
        <span className="font-semibold">{person.name}</span> ·{' '}
        {ADMIN_USERS_MESSAGES.roles[person.role]}
        <br />
        <span className="text-slate-600 dark:text-slate-400">{person.email}</span>
        {children}
      </dd>
    </div>
  );
}

/** One report as the admin sees it, with what can be done about it. */
export function ReportItem({
  report,
  onHide,
  onDismiss,
  onRestore,
  busy,
}: {
  report: AdminReport;
  onHide: () => void;
  onDismiss: () => void;
  onRestore: () => void;
  busy: boolean;
}) {
  const zone = useAccountZone();
  const isOpen = report.status === 'open';
  const review = report.review;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <article aria-labelledby={`report-${report.id}`} className="space-y-3">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`report-${report.id}`} className="font-semibold">
            {kindLabel[report.kind]}: {report.reasonLabel}
          </h2>
          <span className="text-xs text-slate-500 dark:text-slate-400">
            <time dateTime={report.createdAt}>{shortDate(report.createdAt, zone)}</time>
            {!isOpen && ` · ${statusLabel[report.status]}`}
          </span>
        </header>
        {review && (
          <figure className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
            <figcaption className="mb-1 flex flex-wrap items-center gap-2 text-sm font-medium">
              {M.reviewOf(review.tutorName)}
              {review.hiddenAt && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                  <EyeOff aria-hidden className="h-3 w-3" /> {M.reviewHidden}
                </span>
              )}
            </figcaption>
            <Stars rating={review.rating} />
            <blockquote className="mt-1 text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
              {review.text}
            </blockquote>
          </figure>
        )}
        {report.message && (
          <figure className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
            <figcaption className="mb-1 text-sm font-medium">
              {M.messageFrom(report.reportedUser.name)}
            </figcaption>
            <blockquote className="text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">
              {report.message.text}
            </blockquote>
          </figure>
        )}
        <dl className="grid gap-3 sm:grid-cols-2">
          <Person label={M.reportedBy} person={report.reporter} />
          <Person label={M.reportedUser} person={report.reportedUser}>
            {report.reportedUser.isSuspended && (
              <>
                <br />
                <span className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
                  {M.suspended}
                </span>
              </>
            )}
          </Person>
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">
              {M.details}
            </dt>
            <dd className="text-sm break-words whitespace-pre-line">
              {report.details || (
                <span className="text-slate-500 dark:text-slate-400">{M.noDetails}</span>
              )}
            </dd>
          </div>
          {!isOpen && report.resolvedAt && (
            <div className="sm:col-span-2">
              <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">
                {M.resolvedOn(shortDate(report.resolvedAt, zone))}
              </dt>
              <dd className="text-sm break-words">
                {[report.resolvedBy, report.resolutionNote].filter(Boolean).join(': ')}
              </dd>
            </div>
          )}
        </dl>
        <div className="flex flex-wrap gap-2">
          {isOpen && review && !review.hiddenAt && (
            <Button onClick={onHide} disabled={busy}>
              {M.hideReview}
            </Button>
          )}
          {isOpen && (
            <Button variant="secondary" onClick={onDismiss} disabled={busy}>
              {M.dismiss}
            </Button>
          )}
          {!isOpen && review?.hiddenAt && (
            <Button variant="secondary" onClick={onRestore} disabled={busy}>
              {M.restoreReview}
            </Button>
          )}
          <ButtonLink variant="ghost" to={paths.adminUser(report.reportedUser.id)}>
            <ExternalLink aria-hidden className="h-4 w-4" />
            {M.openUser}
            <span className="sr-only">: {report.reportedUser.name}</span>
          </ButtonLink>
        </div>
      </article>
    </li>
  );
}
