import { useState } from 'react';
import type { WeeklyWindow } from '../../../domain/availability/weekly-window';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { availabilitySchema } from '../../../domain/tutors/tutor-profile-rules';
import { AvailabilityEditor } from '../../components/availability/availability-editor';
import { browserTimeZone } from '../../components/availability/timezone-select';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { scheduleApi } from './schedule-api';

const schema = availabilitySchema({ allowEmpty: true });

/** 'Set Your Availability': the editor over the saved week; an empty week needs a yes. */
export function AvailabilityDialog({
  initialTimezone,
  initialWindows,
  onClose,
  onSaved,
}: {
  initialTimezone: string | null;
  initialWindows: WeeklyWindow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [timezone, setTimezone] = useState(initialTimezone ?? browserTimeZone());
  const [slots, setSlots] = useState(initialWindows);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [saving, setSaving] = useState(false);
  const result = schema.safeParse({ timezone, slots });

  const save = async () => {
    if (!result.success) {
      notify.error(result.error.issues[0]?.message ?? M.availabilityUpdateFailed);
      return;
    }
    setSaving(true);
    try {
      await scheduleApi.saveAvailability(result.data.timezone, result.data.slots);
      notify.success(M.availabilityUpdated);
      onSaved();
    } catch (error) {
      notify.error(messageOf(error, M.availabilityUpdateFailed));
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!saving}
      size="xl"
      title="Set Your Availability"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button
            onClick={() => (slots.length === 0 ? setConfirmEmpty(true) : save())}
            disabled={saving}
          >
            {saving ? 'Saving...' : 'Save Availability'}
          </Button>
        </>
      }
    >
      <AvailabilityEditor
        windows={slots}
        onWindowsChange={setSlots}
        timezone={timezone}
        onTimezoneChange={setTimezone}
      />
      <ConfirmDialog
        open={confirmEmpty}
        title="No Availability Set"
        message="You haven't set any availability. Students won't be able to book lessons with you."
        cancelLabel="Go Back"
        confirmLabel="Continue Anyway"
        onCancel={() => setConfirmEmpty(false)}
        onConfirm={() => {
          setConfirmEmpty(false);
          void save();
        }}
      />
    </Dialog>
  );
}
