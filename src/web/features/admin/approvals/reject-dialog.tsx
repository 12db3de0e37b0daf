import { useId, useState, type FormEvent } from 'react';
import { APPROVAL_NOTE_MAX } from '../../../../contracts/tutor-approval.contract';
import type { RejectInput } from '../../../../contracts/tutor-approval.contract';
import { APPROVAL_MESSAGES as M } from '../../../../domain/admin/approval-messages';
import { REJECTION_REASONS, type RejectionReason } from '../../../../domain/admin/moderation';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';

const REASONS = Object.entries(REJECTION_REASONS) as [RejectionReason, string][];

/**
 * Why a profile is rejected: one reason from the list (a radio group) and a note the tutor
 * reads, both required, as the server requires them.
 */
export function RejectDialog({
  tutorName,
  open,
  pending,
  onClose,
  onReject,
  copy = { title: M.rejectTitle, intro: M.rejectIntro, confirm: M.confirmReject },
}: {
  tutorName: string;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onReject: (input: RejectInput) => void;
  /** The words of the dialog: a rejection from the queue, or sending an approved profile back. */
  copy?: { title: (name: string) => string; intro: string; confirm: string };
}) {
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const formId = useId();
  const reasonErrorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      reason: reason ? undefined : M.reasonRequired,
      note: note.trim()
        ? note.trim().length > APPROVAL_NOTE_MAX
          ? M.noteTooLong(APPROVAL_NOTE_MAX)
          : undefined
        : M.noteRequired,
    };
    setErrors(found);
    if (reason && !found.note) onReject({ reason, note: note.trim() });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={copy.title(tutorName)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {M.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {copy.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{copy.intro}</p>
        <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
          <legend className="mb-2 text-sm font-medium">{M.reasonLabel}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {REASONS.map(([code, label]) => (
              <label
                key={code}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-indigo-500 has-[:checked]:bg-indigo-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950"
              >
                <input
                  type="radio"
                  name={`${formId}-reason`}
                  value={code}
                  checked={reason === code}
                  onChange={() => setReason(code)}
                  className="accent-indigo-600"
                />
                {label}
              </label>
            ))}
          </div>
          {errors.reason && (
            <p
              id={reasonErrorId}
              role="alert"
              className="mt-1 text-sm text-red-600 dark:text-red-400"
            >
              {errors.reason}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label={M.noteLabel}
          placeholder={M.notePlaceholder}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={errors.note}
          maxLength={APPROVAL_NOTE_MAX}
          required
          controlClassName="min-h-28"
        />
      </form>
    </Dialog>
  );
}
