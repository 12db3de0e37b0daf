import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { signUpSchema, type Role, type SignUpInput } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { NameFields } from '../../components/ui/name-fields';
import { TextField } from '../../components/ui/text-field';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { AuthLink } from './auth-link';
import { authApi } from './auth-api';
import { applyServerErrors } from '../../lib/form-errors';
import { GoogleButton, OrDivider } from './google-button';
import { isValidTimeZone } from '../../../domain/availability/weekly-window';
import { deviceTimeZone } from '../../lib/account-zone';
import { paths } from '../../lib/paths';

const externalLink = 'font-medium text-indigo-600 underline dark:text-indigo-400';

/** The fields top to bottom: the cursor goes to the first one that is wrong. */
const FIELD_ORDER = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
] as const satisfies readonly (keyof SignUpInput)[];

export function SignUpPage({ role }: { role: Role }) {
  const navigate = useNavigate();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
    // The resolver reports the names' errors after the others; focus follows the page instead.
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      const toastId = notify.loading(
        role === 'tutor' ? M.creatingTutorAccount : M.creatingStudentAccount,
      );
      try {
        // The browser's zone becomes the account's: every screen, email and feed uses it (ADR 026).
        const zone = deviceTimeZone();
        const timezone = isValidTimeZone(zone) ? zone : undefined;
        const { email } = await authApi.signUp({ ...values, role, timezone });
        notify.success(M.accountCreatedVerify, toastId);
        navigate(paths.emailVerification, { state: { email, role } });
      } catch (error) {
        applyServerErrors(error, form.setError);
        notify.error(messageOf(error, M.failedToCreateAccount), toastId);
      }
    },
    (errors) => {
      const first = FIELD_ORDER.find((name) => errors[name]);
      if (first) form.setFocus(first);
    },
  );

  return (
    <div>
      <h1 className="text-2xl font-bold">
        {role === 'tutor' ? 'Become a tutor' : 'Create your student account'}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {role === 'tutor'
          ? 'Share what you know with students around the world.'
          : 'Find the right tutor and start learning.'}
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <NameFields register={form.register} errors={errors} />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Checkbox
          error={errors.acceptTerms?.message}
          label={
            <>
              I accept the{' '}
              <a
                href={paths.terms}
                target="_blank"
                rel="noopener noreferrer"
                className={externalLink}
              >
                Terms of Service
              </a>{' '}
              and the{' '}
              <a
                href={paths.privacy}
                target="_blank"
                rel="noopener noreferrer"
                className={externalLink}
              >
                Privacy Policy
              </a>
            </>
          }
          {...form.register('acceptTerms')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton role={role} isSignup />
      <div className="mt-6 space-y-1 text-center text-sm text-slate-600 dark:text-slate-400">
        <p>
          Already have an account? <AuthLink to={paths.signIn}>Sign in</AuthLink>
        </p>
        {role === 'student' && (
          <p>
            Want to teach? <AuthLink to={paths.signUp('tutor')}>Sign up as a tutor</AuthLink>
          </p>
        )}
      </div>
    </div>
  );
}
