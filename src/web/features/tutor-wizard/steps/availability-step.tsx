import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { WeeklyWindow } from '../../../../domain/availability/weekly-window';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../../domain/messages';
import { availabilitySchema } from '../../../../domain/tutors/tutor-profile-rules';
import { AvailabilityEditor } from '../../../components/availability/availability-editor';
import { browserTimeZone } from '../../../components/availability/timezone-select';
import { Banner } from '../../../components/ui/banner';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/labelled-field';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { useSession } from '../../../lib/session';
import {
  clearAvailabilityDraft,
  loadAvailabilityDraft,
  saveAvailabilityDraft,
  type AvailabilityDraft,
} from '../availability-draft';
import { StepShell } from '../step-shell';
import type { StepProps } from '../step-props';

const schema = availabilitySchema({ allowEmpty: false });

/** The same zone and windows, whatever their order. */
function sameWeek(a: AvailabilityDraft, b: AvailabilityDraft): boolean {
  const windows = (week: AvailabilityDraft) =>
    week.slots
      .map((slot) => `${slot.dayOfWeek} ${slot.startTime}-${slot.endTime}`)
      .sort()
      .join();
  return a.timezone === b.timezone && windows(a) === windows(b);
}

/**
 * The last step: the weekly availability, then the confirmed submission of the profile (on the
 * Edit profile page, a plain save). The week being drawn is kept in the tab until it is saved (a
 * reload or a visit elsewhere restores it), and leaving with it unsaved asks first.
 */
export function AvailabilityStep({ initial, onSave, avatarUrl: _avatar, ...shell }: StepProps) {
  const userId = useSession().user?.id ?? '';
  const [saved, setSaved] = useState<AvailabilityDraft>(() => {
    const parsed = schema.safeParse(initial);
    return parsed.success ? parsed.data : { timezone: browserTimeZone(), slots: [] };
  });
  const [restored] = useState(() => {
    const draft = loadAvailabilityDraft(userId);
    return draft && !sameWeek(draft, saved) ? draft : null;
  });
  const [timezone, setTimezone] = useState((restored ?? saved).timezone);
  const [slots, setSlots] = useState<WeeklyWindow[]>((restored ?? saved).slots);
  const isDirty = !sameWeek({ timezone, slots }, saved);
  useEffect(() => {
    if (isDirty) saveAvailabilityDraft(userId, { timezone, slots });
    else clearAvailabilityDraft();
  }, [isDirty, userId, timezone, slots]);
  const [touched, setTouched] = useState(restored !== null);
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
      // At once, not in the effect after the next render: a tutor leaving right away must not
      // find the submitted week offered back as an unsaved drawing.
      clearAvailabilityDraft();
      setSaved(result.data);
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
      {restored && (
        <Banner kind="info" dismissible={false}>
          {M.availabilityDraftRestored}
        </Banner>
      )}
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
      <UnsavedChangesGuard
        when={isDirty && !isSaving}
        title={M.leaveAvailabilityTitle}
        message={M.leaveAvailability}
      />
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
