import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createReport, type ReportInput } from '../../../contracts/reports.contract';
import { REPORT_REASONS, type ReportReason } from '../../../domain/admin/moderation';
import { REPORT_DETAILS_MAX } from '../../../domain/admin/report-rules';
import { REPORT_MESSAGES as M } from '../../../domain/messages';
import { MESSAGES_PAGE } from '../../../domain/messaging/messaging-page-messages';
import { ApiError, call } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { CharacterCount } from '../ui/character-count';
import { TextAreaField } from '../ui/text-area-field';

// One dialog for every report a student or tutor files (issue #15): a user (a tutor from their
// profile, a student from the tutor's My Students), a review or a message. It lives among the shared components so each
// feature opens it without importing another feature.

export type ReportTarget =
  | { kind: 'user'; userId: string; name: string }
  | { kind: 'review'; reviewId: string }
  | { kind: 'message'; messageId: string };

const reasons = Object.entries(REPORT_REASONS) as [ReportReason, string][];

const bodyOf = (target: ReportTarget, reason: ReportReason, details: string): ReportInput => {
  switch (target.kind) {
    case 'user':
      return { kind: 'user', userId: target.userId, reason, details };
    case 'review':
      return { kind: 'review', reviewId: target.reviewId, reason, details };
    case 'message':
      return { kind: 'message', messageId: target.messageId, reason, details };
  }
};

const titleOf = (target: ReportTarget | null) => {
  if (target?.kind === 'user') return M.dialogTitleUser(target.name);
  return target?.kind === 'message' ? MESSAGES_PAGE.reportDialogTitle : M.dialogTitleReview;
};

/** Files a report; the server's refusal (too many, yourself) is shown as its message. */
export function ReportDialog({
  target,
  onClose,
}: {
  /** What is reported; null keeps the dialog closed. */
  target: ReportTarget | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: ReportInput) => call(createReport, { body }),
  });

  // Each report starts blank.
  useEffect(() => {
    setReason(null);
    setDetails('');
    setError(null);
  }, [target]);

  const submit = () => {
    if (!target) return;
    if (!reason) {
      setError(M.reasonRequired);
      return;
    }
    setError(null);
    send.mutate(bodyOf(target, reason, details), {
      onSuccess: () => {
        notify.success(M.sent, 'report-sent');
        onClose();
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.status < 500 && failure.code !== 'NETWORK'
            ? failure.message
            : M.failed,
        ),
    });
  };

  const formId = 'report-form';
  return (
    // Kept mounted while closed: the native dialog returns focus to what opened it.
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={titleOf(target)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={send.isPending}>
            {send.isPending ? M.submitting : M.submit}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">{M.dialogIntro}</p>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">{M.reasonLegend}</legend>
          {reasons.map(([key, label]) => (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:border-indigo-400 dark:has-[:checked]:bg-indigo-950"
            >
              <input
                type="radio"
                name="report-reason"
                value={key}
                checked={reason === key}
                onChange={() => setReason(key)}
                className="h-4 w-4 accent-indigo-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label={M.detailsLabel}
          value={details}
          maxLength={REPORT_DETAILS_MAX}
          onChange={(event) => setDetails(event.target.value)}
          controlClassName="min-h-24"
          hint={<CharacterCount used={details.length} max={REPORT_DETAILS_MAX} />}
        />
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
