import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { RESEND_COOLDOWN_SECONDS } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { AuthLink } from './auth-link';
import { authApi } from './auth-api';
import { CodeBoxes, type CodeBoxesHandle } from './code-boxes';
import { paths } from '../../lib/paths';

export function EmailVerificationPage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  if (!email) return <Navigate to={paths.signIn} replace />;
  return <VerifyEmail email={email} />;
}

function VerifyEmail({ email }: { email: string }) {
  const navigate = useNavigate();
  const { setUser } = useSession();
  const boxes = useRef<CodeBoxesHandle>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_SECONDS);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  const verify = async (code: string) => {
    setBusy(true);
    setError(null);
    try {
      const { user, redirectTo } = await authApi.verifyEmail(email, code);
      setUser(user);
      navigate(paths.emailVerificationSuccess, {
        replace: true,
        state: { role: user.role, redirectTo },
      });
    } catch (failure) {
      const message = messageOf(failure, M.invalidVerificationCode);
      setError(message);
      notify.error(message);
      boxes.current?.clear();
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setCooldown(RESEND_COOLDOWN_SECONDS);
    try {
      await authApi.resendCode(email);
      notify.success('A new code is on its way.');
    } catch (failure) {
      // The spec only logs a failed resend; the user can try again after the cooldown.
      console.warn('Resending the code failed', failure);
    }
  };

  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold">Check your email</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        We sent a 6-digit code to{' '}
        <strong className="text-slate-900 dark:text-slate-100">{email}</strong>. Enter it below to
        verify your email address.
      </p>
      <div className="mt-6 space-y-4">
        {error && (
          <Banner kind="error" onDismiss={() => setError(null)}>
            {error}
          </Banner>
        )}
        <CodeBoxes
          ref={boxes}
          disabled={busy}
          onComplete={verify}
          onInvalidPaste={() => setError(M.invalidCodePaste)}
        />
        <Button variant="ghost" onClick={resend} disabled={cooldown > 0}>
          {cooldown > 0 ? `Resend code in ${cooldown}s` : 'Resend code'}
        </Button>
      </div>
      <p className="mt-6 text-sm">
        <AuthLink to={paths.signIn}>Back to Sign in</AuthLink>
      </p>
    </div>
  );
}
