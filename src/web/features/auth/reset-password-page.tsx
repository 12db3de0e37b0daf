import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import {
  resetPasswordSchema,
  type ResetPasswordInput,
} from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField } from '../../components/ui/text-field';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { AuthLink } from './auth-link';
import { authApi } from './auth-api';
import { applyServerErrors } from '../../lib/form-errors';
import { paths } from '../../lib/paths';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const toastId = notify.loading(M.updatingPassword);
    try {
      await authApi.resetPassword({ token, ...values });
      notify.success(M.passwordUpdated, toastId);
      navigate(paths.signIn, { replace: true });
    } catch (error) {
      applyServerErrors(error, form.setError);
      const message = messageOf(error, M.failedToUpdatePassword);
      setFailure(message);
      notify.error(message, toastId);
    }
  });

  return (
    <div>
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      {!token ? (
        <div className="mt-6 space-y-4">
          <Banner kind="error" dismissible={false}>
            {M.resetLinkInvalid}
          </Banner>
          <AuthLink to={paths.forgotPassword}>Request a new link</AuthLink>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
          {failure && (
            <Banner kind="error" onDismiss={() => setFailure(null)}>
              {failure}
            </Banner>
          )}
          <TextField
            label="New password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            label="Confirm new password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Checkbox
            label="Show password"
            checked={showPassword}
            onChange={(event) => setShowPassword(event.target.checked)}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            Update Password
          </Button>
        </form>
      )}
      <p className="mt-6 text-sm">
        <AuthLink to={paths.signIn}>Back to Sign in</AuthLink>
      </p>
    </div>
  );
}
