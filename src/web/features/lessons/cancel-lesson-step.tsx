import { useId, useState } from 'react';
import type { Lesson } from '../../../contracts/booking.contract';
import {
  canReportNoShow,
  CANCELLATION_POLICY,
  isCancelable,
} from '../../../domain/booking/cancellation-policy';
import { CANCELLATION_MESSAGES as C } from '../../../domain/messages';
import { ErrorPanel, LoadingSkeleton } from '../../components/ui/page-states';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useCancelLesson, useCancellationQuote, useReportNoShow } from './cancellation-api';
import type { LessonViewer } from './lesson-status';
import { focusOnMount } from '../../lib/focus-on-mount';

// The lesson detail dialog's cancel and no-show steps (issue 14). Like Reschedule, each turns
// the same dialog into a second step (a phone never stacks two dialogs): the cancel step shows
// the server's quote of what happens to the money before anything is confirmed.

export type SettleMode = 'cancel' | 'no-show';

/** Which of the two actions the lesson offers now (the server checks again). */
export function settleActions(lesson: Lesson | null, now = new Date()) {
  if (!lesson) return { cancel: false, noShow: false };
  const startsAt = new Date(lesson.startTime);
  const endsAt = new Date(lesson.endTime);
  return {
    cancel: isCancelable({ status: lesson.status, startsAt }, now),
    noShow: canReportNoShow({ status: lesson.status, endsAt }, now),
  };
}

/** The step's state: the quote, the reason, and the cancel or report itself. */
export function useSettleStep({
  lesson,
  mode,
  onDone,
}: {
  lesson: Lesson | null;
  mode: SettleMode | null;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const quote = useCancellationQuote(mode === 'cancel' && lesson ? lesson.id : null);
  const cancel = useCancelLesson();
  const report = useReportNoShow();
  const busy = cancel.isPending || report.isPending;

  const reset = () => {
    setReason('');
    setReasonError(undefined);
    cancel.reset();
    report.reset();
  };
  const submit = () => {
    if (!lesson) return;
    if (mode === 'cancel' && quote.data?.reasonRequired && !reason.trim()) {
      setReasonError(C.reasonRequired);
      return;
    }
    const done = (message: string) => () => {
      notify.success(message);
      onDone();
    };
    const failed = (fallback: string) => (error: Error) => notify.error(messageOf(error, fallback));
    const input = { lessonId: lesson.id, reason: reason.trim() };
    if (mode === 'cancel')
      cancel.mutate(input, { onSuccess: done(C.canceled), onError: failed(C.cancelFailed) });
    else report.mutate(input, { onSuccess: done(C.reported), onError: failed(C.reportFailed) });
  };
  return {
    quote,
    reason,
    reasonError,
    setReason: (value: string) => {
      setReason(value);
      setReasonError(undefined);
    },
    busy,
    // A cancel waits for the quote: nobody confirms without having seen it.
    ready: mode === 'no-show' || quote.data?.canCancel === true,
    reset,
    submit,
  };
}
export type SettleStep = ReturnType<typeof useSettleStep>;

export function SettleStepView({
  mode,
  viewer,
  step,
}: {
  mode: SettleMode;
  viewer: LessonViewer;
  step: SettleStep;
}) {
  if (mode === 'no-show')
    return (
      <p className="text-sm" data-testid="no-show-explain">
        {viewer === 'student' ? C.reportExplainTutorAbsent : C.reportExplainStudentAbsent}
      </p>
    );
  const { quote } = step;
  if (quote.isPending) return <LoadingSkeleton label={C.canceling} rows={1} />;
  if (quote.isError)
    return <ErrorPanel message={C.loadQuoteFailed} onRetry={() => void quote.refetch()} />;
  // Moved, canceled or started meanwhile: say so, and offer nothing to confirm.
  if (!quote.data.canCancel)
    return (
      <p role="status" className="text-sm">
        {C.cannotCancel}
      </p>
    );
  return (
    <div className="space-y-4">
      <p
        data-testid="cancellation-quote"
        className="rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-50"
      >
        {quote.data.message}
      </p>
      <ReasonField
        required={quote.data.reasonRequired}
        value={step.reason}
        error={step.reasonError}
        onChange={step.setReason}
      />
    </div>
  );
}

function ReasonField({
  required,
  value,
  error,
  onChange,
}: {
  required: boolean;
  value: string;
  error?: string;
  onChange: (reason: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {required ? C.reasonLabel : C.reasonOptionalLabel}
      </label>
      <textarea
        id={id}
        rows={3}
        ref={focusOnMount}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        maxLength={CANCELLATION_POLICY.maxReasonLength}
        placeholder={C.reasonPlaceholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
