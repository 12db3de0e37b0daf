import {
  forwardRef,
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const control = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
    error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700'
  }`;

export function FieldError({ id, message }: { id?: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

/** Label, control and validation message, wired for screen readers. */
function Labelled({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  className: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby': string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': `${id}-hint ${id}-error`,
      })}
      {hint && <div id={`${id}-hint`}>{hint}</div>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
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
  return (
    <Labelled label={label} error={error} className={className}>
      {(a11y) => (
        <select ref={ref} {...a11y} className={control(error)} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {children}
        </select>
      )}
    </Labelled>
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
  return (
    <Labelled label={label} error={error} hint={hint} className={className}>
      {(a11y) => (
        <textarea ref={ref} {...a11y} className={`${control(error)} min-h-40`} {...props} />
      )}
    </Labelled>
  );
});
