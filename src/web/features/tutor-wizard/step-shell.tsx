import type { FormEvent, ReactNode } from 'react';
import { TUTOR_PROFILE_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';

/**
 * A wizard step's frame: heading, fields, and Back / Continue (or Complete Profile); on the
 * Edit profile page Cancel / Save changes.
 */
export function StepShell({
  title,
  description,
  children,
  onSubmit,
  onBack,
  isLast,
  canSubmit,
  isSaving,
  showStepError,
  stepError = M.stepInvalid,
  editing = false,
}: {
  title: string;
  description: string;
  children: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack?: () => void;
  isLast: boolean;
  canSubmit: boolean;
  isSaving: boolean;
  /** Shown once the tutor has touched an invalid form, so the disabled button is explained. */
  showStepError: boolean;
  stepError?: string;
  editing?: boolean;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <div>
        <h2 className="text-xl font-bold">{title}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
      {children}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        {onBack ? (
          <Button variant="secondary" onClick={onBack} disabled={isSaving}>
            {editing ? 'Cancel' : 'Back'}
          </Button>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {showStepError && !canSubmit && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {stepError}
            </p>
          )}
          <Button type="submit" disabled={!canSubmit || isSaving}>
            {isSaving
              ? 'Saving...'
              : editing
                ? 'Save changes'
                : isLast
                  ? 'Complete Profile'
                  : 'Continue'}
          </Button>
        </div>
      </div>
    </form>
  );
}
