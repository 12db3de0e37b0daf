import { useEffect, useState } from 'react';
import { MODERATION_NOTE_MAX } from '../../../../domain/admin/report-rules';
import { REPORT_MESSAGES as M } from '../../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';

/** What the admin is about to do: hide needs a reason, dismiss takes an optional note. */
export type ModerationAction = { kind: 'hide' | 'dismiss'; reportId: string; reviewId?: string };

/** Asks for the admin's words before an action; the action runs on confirm. */
export function ModerationDialog({
  action,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  action: ModerationAction | null;
  pending: boolean;
  error: string | null;
  onConfirm: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setText('');
    setMissing(false);
  }, [action]);
  const isHide = action?.kind === 'hide';
  const formId = 'moderation-form';
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      title={isHide ? M.hideTitle : M.dismissTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {isHide ? M.confirmHide : M.confirmDismiss}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (isHide && !text.trim()) {
            setMissing(true);
            return;
          }
          onConfirm(text.trim());
        }}
      >
        {isHide && <p className="text-sm text-slate-600 dark:text-slate-400">{M.hideExplain}</p>}
        <TextAreaField
          label={isHide ? M.hideReasonLabel : M.dismissNoteLabel}
          value={text}
          required={isHide}
          maxLength={MODERATION_NOTE_MAX}
          onChange={(event) => {
            setText(event.target.value);
            setMissing(false);
          }}
          error={missing ? M.hideReasonRequired : undefined}
          controlClassName="min-h-20"
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
