import {
  forwardRef,
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

// The package form's select and text area, labelled and with their message announced like
// the shared TextField.

const control = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
    error ? 'border-red-500' : 'border-slate-300 dark:border-slate-700'
  }`;

function Labelled({
  label,
  error,
  className = '',
  children,
}: {
  label: string;
  error?: string;
  className?: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
      >
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, className, children, ...props },
  ref,
) {
  return (
    <Labelled label={label} error={error} className={className}>
      {(a11y) => (
        <select ref={ref} {...a11y} className={control(error)} {...props}>
          {children}
        </select>
      )}
    </Labelled>
  );
});

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
};

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, className, ...props },
  ref,
) {
  return (
    <Labelled label={label} error={error} className={className}>
      {(a11y) => <textarea ref={ref} rows={3} {...a11y} className={control(error)} {...props} />}
    </Labelled>
  );
});
