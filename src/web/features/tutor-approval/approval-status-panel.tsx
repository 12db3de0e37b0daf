import { BadgeCheck, Clock, Pencil, RotateCcw, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { APPROVAL_MESSAGES as M } from '../../../domain/admin/approval-messages';
import { Button, ButtonLink } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useAccountZone } from '../../lib/account-zone';
import { shortDate } from '../../lib/lesson-time';
import { paths } from '../../lib/paths';
import { useOwnApproval, useResubmit } from './approval-api';

const panel = 'rounded-xl border p-4 sm:p-5';

/**
 * Where the tutor's profile stands with the Tutora team, on their overview. Pending: waiting
 * for review, listed without the tick. Rejected: why, a link to Edit profile and Resubmit.
 * Approved: one short line. Nothing while loading or when it cannot be read (the overview's
 * own content matters more).
 */
export function ApprovalStatusPanel() {
  const { data } = useOwnApproval();
  const resubmit = useResubmit();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const zone = useAccountZone();
  if (!data) return null;

  if (data.status === 'approved')
    return (
      <p className="flex items-center gap-2 text-sm text-emerald-700 dark:text-emerald-300">
        <BadgeCheck aria-hidden className="h-4 w-4" />
        {M.approvedText}
      </p>
    );

  if (data.status === 'pending')
    return (
      <section
        aria-labelledby={titleId}
        className={`${panel} border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100`}
      >
        <h2 id={titleId} className="flex items-center gap-2 font-semibold">
          <Clock aria-hidden className="h-5 w-5" />
          {M.pendingTitle}
        </h2>
        <p className="mt-1 text-sm">{M.pendingText}</p>
      </section>
    );

  const rejection = data.latestRejection;
  return (
    <section
      aria-labelledby={titleId}
      className={`${panel} border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100`}
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <XCircle aria-hidden className="h-5 w-5" />
        {M.rejectedTitle}
      </h2>
      {rejection && (
        <>
          <p className="mt-2 text-sm font-medium">
            {M.rejectedText(rejection.reasonLabel ?? '', shortDate(rejection.createdAt, zone))}
          </p>
          <p className="mt-1 text-sm whitespace-pre-line">{rejection.note}</p>
        </>
      )}
      <p className="mt-2 text-sm">{M.rejectedHelp}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <ButtonLink to={paths.tutor.editProfile} variant="secondary">
          <Pencil aria-hidden className="h-4 w-4" />
          {M.editProfile}
        </ButtonLink>
        <Button disabled={resubmit.isPending} onClick={() => setConfirming(true)}>
          <RotateCcw aria-hidden className="h-4 w-4" />
          {M.resubmit}
        </Button>
      </div>
      {/* Resubmitting puts the profile back in the queue at its end: asked once, so a click
          before the profile was fixed does not cost the tutor another round. */}
      <ConfirmDialog
        open={confirming}
        title={M.resubmitTitle}
        message={M.resubmitCheck}
        confirmLabel={M.resubmit}
        busy={resubmit.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          resubmit.mutate(undefined, {
            onSuccess: () => notify.success(M.resubmitted),
            onError: (error) => notify.error(messageOf(error, M.resubmitFailed)),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </section>
  );
}
