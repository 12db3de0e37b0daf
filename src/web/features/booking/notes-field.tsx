import { useId } from 'react';
import { MAX_BOOKING_NOTES_LENGTH } from '../../../domain/booking/booking-rules';
import { CharacterCount } from '../../components/ui/character-count';

/** A short optional note the tutor reads before the lesson (what to work on, the level). */
export function NotesField({
  value,
  onChange,
}: {
  value: string;
  onChange: (notes: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        Notes for your tutor{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={MAX_BOOKING_NOTES_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-count`}
        placeholder="What would you like to work on?"
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:placeholder:text-slate-400"
      />
      <CharacterCount id={`${id}-count`} used={value.length} max={MAX_BOOKING_NOTES_LENGTH} />
    </div>
  );
}
