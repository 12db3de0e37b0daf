import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { emailSchema } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { SUPPORT_EMAIL } from '../../../domain/support';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { AuthLink } from './auth-link';
import { authApi } from './auth-api';
import { paths } from '../../lib/paths';

const schema = z.object({ email: emailSchema });

export function ForgotPasswordPage() {
  const form = useForm<z.input<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const toastId = notify.loading(M.processingRequest);
    try {
      await authApi.forgotPassword(email);
      notify.success(M.resetLinkSent, toastId);
    } catch (error) {
      notify.error(messageOf(error, M.failedToSendResetEmail), toastId);
      throw error; // keeps the form from reading as sent
    }
  });

  return (
    <div>
      <h1 className="text-2xl font-bold">Forgot your password?</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Enter your email and we will send you a link to choose a new one.
      </p>
      <form
        onSubmit={(event) => onSubmit(event).catch(() => undefined)}
        noValidate
        className="mt-6 space-y-4"
      >
        {isSubmitSuccessful && <Banner kind="success">{M.resetLinkSent}</Banner>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          Send Reset Link
        </Button>
      </form>
      <div className="mt-6 flex justify-between text-sm">
        <AuthLink to={paths.signIn}>Back to Sign in</AuthLink>
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        >
          Contact Support
        </a>
      </div>
    </div>
  );
}
