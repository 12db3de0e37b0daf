import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's field messages on the form's fields (the server re-checks every rule). */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields))
    setError(field as Path<T>, { message });
}
