import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from './text-field';

type NameValues = { firstName: string; lastName: string };

/** First and last name side by side, as sign-up asks them and Settings edits them. */
export function NameFields({
  register,
  errors,
}: {
  register: UseFormRegister<NameValues>;
  errors: FieldErrors<NameValues>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
    </div>
  );
}
