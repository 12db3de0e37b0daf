import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { signInSchema, type SignInInput } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField } from '../../components/ui/text-field';
import { ApiError, messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { AuthLink } from './auth-link';
import { authApi } from './auth-api';
import { GoogleButton, OrDivider } from './google-button';
import { paths } from '../../lib/paths';

export function SignInPage() {
  const navigate = useNavigate();
  const { setUser } = useSession();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;
  // A suspended account is told why and whom to write to, in a message that stays (a toast
  // would vanish before the address is copied). Google sign-in brings it in the page's state.
  const location = useLocation();
  const [suspended, setSuspended] = useState<string | null>(
    (location.state as { suspended?: string } | null)?.suspended ?? null,
  );

  const onSubmit = form.handleSubmit(async (values) => {
    const toastId = notify.loading(M.signingIn);
    setSuspended(null);
    try {
      const { user } = await authApi.signIn({
        ...values,
        rememberMe: values.rememberMe ?? false,
      });
      notify.success(M.signedIn, toastId);
      // The guest-only guard around this page now sends the user on (afterSignInPath): the
      // page first asked for, or their landing page. One rule, no race with a second redirect.
      setUser(user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        notify.error(error.message, toastId);
        navigate(paths.emailVerification, { state: { email: values.email.trim().toLowerCase() } });
        return;
      }
      if (error instanceof ApiError && error.code === 'ACCOUNT_SUSPENDED') {
        notify.dismiss(toastId);
        setSuspended(error.message);
        return;
      }
      notify.error(messageOf(error, M.failedToSignIn), toastId);
    }
  });

  return (
    <div>
      <h1 className="text-2xl font-bold">Welcome back</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Sign in to continue learning and teaching.
      </p>
      {suspended && (
        <div className="mt-4">
          <Banner kind="error" dismissible={false}>
            {suspended}
          </Banner>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex items-center justify-between">
          <Checkbox label="Remember me" {...form.register('rememberMe')} />
          <span className="text-sm">
            <AuthLink to={paths.forgotPassword}>Forgot password?</AuthLink>
          </span>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton role="student" isSignup={false} />
      <div className="mt-6 space-y-1 text-center text-sm text-slate-600 dark:text-slate-400">
        <p>
          New here? <AuthLink to={paths.signUp('student')}>Sign up as a student</AuthLink>
        </p>
        <p>
          Want to teach? <AuthLink to={paths.signUp('tutor')}>Sign up as a tutor</AuthLink>
        </p>
      </div>
    </div>
  );
}
