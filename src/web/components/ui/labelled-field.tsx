import { useId, type ReactNode } from 'react';

// Every text-like form control (input, select, text area) is framed the same way: its label
// above, an optional hint and the validation message below, both read out with the control by
// screen readers.

/** The control's own look, with a red border while it has an error. */
export const fieldControlClass = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
    error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700'
  }`;

/** A validation message under a field (also under groups that are not one control). */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

/** What the framed control must carry: its id for the label, and what describes it. */
export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Label, control (rendered by `children` with its accessibility attributes), hint and error. */
export function LabelledField({
  label,
  error,
  hint,
  id,
  className = '',
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The control's id when the caller names it; a generated one otherwise. */
  id?: string;
  className?: string;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  // Only what is on screen describes the control.
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label
        htmlFor={controlId}
        className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
      >
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && <div id={hintId}>{hint}</div>}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
