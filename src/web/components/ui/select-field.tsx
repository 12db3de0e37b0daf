import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { fieldControlClass, LabelledField } from './labelled-field';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  /** An empty first option ('' value) that asks for a choice. */
  placeholder?: string;
  children: ReactNode;
};

/** A labelled select with its validation message. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField(
  { label, error, placeholder, children, className, ...props },
  ref,
) {
  return (
    <LabelledField label={label} error={error} className={className}>
      {(a11y) => (
        <select ref={ref} {...a11y} className={fieldControlClass(error)} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {children}
        </select>
      )}
    </LabelledField>
  );
});
