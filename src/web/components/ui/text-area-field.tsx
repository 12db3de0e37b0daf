import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { fieldControlClass, LabelledField } from './labelled-field';

type Props = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  /** Shown under the text area and read with it (a character count, advice). */
  hint?: ReactNode;
  /** Classes for the text area itself (its height); `className` is the whole field's. */
  controlClassName?: string;
};

/** A labelled multi-line text field with its validation message and an optional hint. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, Props>(function TextAreaField(
  { label, error, hint, className, controlClassName = '', ...props },
  ref,
) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(a11y) => (
        <textarea
          ref={ref}
          {...a11y}
          className={`${fieldControlClass(error)} ${controlClassName}`}
          {...props}
        />
      )}
    </LabelledField>
  );
});
