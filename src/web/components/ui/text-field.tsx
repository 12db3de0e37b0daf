import { forwardRef, type InputHTMLAttributes } from 'react';
import { fieldControlClass, LabelledField } from './labelled-field';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string };

/** A labelled input with its validation message announced to screen readers. */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, error, id, className, ...props },
  ref,
) {
  return (
    <LabelledField label={label} error={error} id={id} className={className}>
      {(a11y) => (
        <input
          ref={ref}
          {...a11y}
          className={`${fieldControlClass(error)} placeholder:text-slate-400`}
          {...props}
        />
      )}
    </LabelledField>
  );
});
