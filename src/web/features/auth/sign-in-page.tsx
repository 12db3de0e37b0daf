import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signInSchema } from '../../../domain/accounts/account-rules';
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

type SignInField = 'email' | 'password';
type FieldErrors = Partial<Record<SignInField, string>>;

/**
 * The form's values checked by the same rules as the server's; each field's first message.
 * The sign-in form is the one form of the first screen, so it does without a form library
 * (React Hook Form is ~44 KB before any page shows: issue #28); other forms use it.
 */
function readSignIn(form: HTMLFormElement) {
  const data = new FormData(form);
  const parsed = signInSchema.safeParse({
    email: String(data.get('email') ?? ''),
    password: String(data.get('password') ?? ''),
    rememberMe: data.get('rememberMe') !== null,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const { path, message } of parsed.error.issues) {
    const field = path[0] as SignInField;
    errors[field] ??= message;
  }
  return { values: undefined, errors };
}

export function SignInPage() {
  const navigate = useNavigate();
  const { setUser } = useSession();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  // Checked on submit; once submitted, again as the user corrects a field.
  const submitted = useRef(false);
  // A suspended account is told why and whom to write to, in a message that stays (a toast
  // would vanish before the address is copied). Google sign-in brings it in the page's state.
  const location = useLocation();
  const [suspended, setSuspended] = useState<string | null>(
    (location.state as { suspended?: string } | null)?.suspended ?? null,
  );

  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (submitted.current) setErrors(readSignIn(event.currentTarget).errors);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const form = event.currentTarget;
    const { values, errors: found } = readSignIn(form);
    setErrors(found);
    if (!values) {
      const first = (['email', 'password'] as const).find((field) => found[field]);
      (form.elements.namedItem(first!) as HTMLInputElement | null)?.focus();
      return;
    }
    const toastId = notify.loading(M.signingIn);
    setSuspended(null);
    setSubmitting(true);
    try {
      const { user } = await authApi.signIn(values);
      notify.success(M.signedIn, toastId);
      // The guest-only guard around this page now sends the user on (afterSignInPath): the
      // page first asked for, or their landing page. One rule, no race with a second redirect.
      setUser(user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        notify.error(error.message, toastId);
        navigate(paths.emailVerification, { state: { email: values.email } });
        return;
      }
      if (error instanceof ApiError && error.code === 'ACCOUNT_SUSPENDED') {
        notify.dismiss(toastId);
        setSuspended(error.message);
        return;
      }
      notify.error(messageOf(error, M.failedToSignIn), toastId);
    } finally {
      setSubmitting(false);
    }
  };

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
      <form onSubmit={onSubmit} onInput={recheck} noValidate className="mt-6 space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          name="email"
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          name="password"
          error={errors.password}
        />
        <div className="flex items-center justify-between">
          <Checkbox label="Remember me" name="rememberMe" />
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
