import {
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { forwardRef } from 'react';

const control =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100';
const border = (error?: string) =>
  error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700';

export function FieldError({ id, message }: { id?: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  placeholder?: string;
  children: ReactNode;
};

/** A labelled select with its validation message. */
export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, placeholder, children, className = '', ...props },
  ref,
) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${control} ${border(error)}`}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled multi-line text field with its validation message and an optional hint. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, hint, className = '', ...props },
  ref,
) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${error ? `${id}-error` : ''}`}
        className={`${control} ${border(error)} min-h-40`}
        {...props}
      />
      <div id={`${id}-hint`}>{hint}</div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});
