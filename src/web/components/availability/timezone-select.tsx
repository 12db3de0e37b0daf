import { useId, useMemo } from 'react';
import { timeZoneChoices } from '../../../domain/availability/time-zones';

import { deviceTimeZone, runtimeTimeZones } from '../../lib/account-zone';

/** The browser's own zone: the default for a tutor who has not chosen one. */
export const browserTimeZone = deviceTimeZone;

/** Common zones first (the ones most tutors pick), then every zone the browser knows. */
export function TimezoneSelect({
  value,
  onChange,
  error,
  label = 'Timezone',
}: {
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  label?: string;
}) {
  const id = useId();
  const { common, others } = useMemo(() => timeZoneChoices(runtimeTimeZones(), value), [value]);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        {!value && <option value="">Select your timezone</option>}
        <optgroup label="Common timezones">
          {common.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </optgroup>
        <optgroup label="All timezones">
          {others.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </optgroup>
      </select>
      {error && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{error}</p>}
    </div>
  );
}
