import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  changePasswordSchema,
  type ChangePasswordInput,
} from '../../../domain/accounts/account-settings-rules';
import { ACCOUNT_MESSAGES as A, SETTINGS_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { messageOf } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { notify } from '../../lib/notify';
import { useAccountActions } from './settings-api';
import { SectionCard } from './section-card';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current and new password, with the spec's toasts; Google-only accounts are told why not. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const actions = useAccountActions();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const toastId = notify.loading(A.updatingPassword);
    try {
      await actions.changePassword(values);
      form.reset(EMPTY);
      notify.success(A.passwordUpdated, toastId);
    } catch (error) {
      applyServerErrors(error, form.setError);
      notify.error(messageOf(error, A.failedToUpdatePassword), toastId);
    }
  });

  return (
    <SectionCard
      id="settings-password"
      title="Password"
      intro={hasPassword ? 'Changing it signs you out on your other devices.' : M.googleNoPassword}
    >
      {hasPassword && (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              error={errors.newPassword?.message}
              {...form.register('newPassword')}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...form.register('confirmPassword')}
            />
          </div>
          <Button type="submit" disabled={isSubmitting}>
            Update Password
          </Button>
        </form>
      )}
    </SectionCard>
  );
}
