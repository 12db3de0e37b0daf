import { useMemo, useState, type FormEvent } from 'react';
import type { WeeklyWindow } from '../../../../domain/availability/weekly-window';
import { availabilitySchema } from '../../../../domain/tutors/tutor-profile-rules';
import { AvailabilityEditor } from '../../../components/availability/availability-editor';
import { browserTimeZone } from '../../../components/availability/timezone-select';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/labelled-field';
import { StepShell } from '../step-shell';
import type { StepProps } from '../step-props';

const schema = availabilitySchema({ allowEmpty: false });

/**
 * The last step: the weekly availability, then the confirmed submission of the profile (on the
 * Edit profile page, a plain save).
 */
export function AvailabilityStep({ initial, onSave, avatarUrl: _avatar, ...shell }: StepProps) {
  const saved = schema.safeParse(initial);
  const [timezone, setTimezone] = useState(saved.success ? saved.data.timezone : browserTimeZone());
  const [slots, setSlots] = useState<WeeklyWindow[]>(saved.success ? saved.data.slots : []);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const result = useMemo(() => schema.safeParse({ timezone, slots }), [timezone, slots]);
  const issue = (field: string) =>
    result.success
      ? undefined
      : result.error.issues.find((item) => item.path[0] === field)?.message;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!result.success) return;
    if (shell.editing) void save();
    else setConfirming(true);
  };
  const save = async () => {
    if (!result.success) return;
    setSaving(true);
    try {
      await onSave(result.data);
    } catch {
      // The wizard showed what failed; the week stays as the tutor drew it.
      setSaving(false);
      setConfirming(false);
    }
  };

  return (
    <StepShell
      {...shell}
      onSubmit={submit}
      canSubmit={result.success}
      isSaving={isSaving}
      showStepError={touched || slots.length > 0}
    >
      <AvailabilityEditor
        windows={slots}
        onWindowsChange={(next) => {
          setSlots(next);
          setTouched(true);
        }}
        timezone={timezone}
        onTimezoneChange={setTimezone}
        timezoneError={issue('timezone')}
      />
      {touched && <FieldError message={issue('slots')} />}
      <ConfirmDialog
        open={confirming}
        title="Submit your profile?"
        message="Your profile will be sent for approval. You can change your availability later from My Schedule."
        confirmLabel={isSaving ? 'Saving...' : 'Submit profile'}
        busy={isSaving}
        onCancel={() => setConfirming(false)}
        onConfirm={save}
      />
    </StepShell>
  );
}
