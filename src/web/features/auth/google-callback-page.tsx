import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { landingPath } from '../../../domain/accounts/account-rules';
import { SUSPENSION_MESSAGES } from '../../../domain/admin/suspension-messages';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { Spinner } from '../../components/ui/spinner';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where Google sign-in returns: settles the session, then routes by intent. */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh, signOut } = useSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const isSignup = params.get('isSignup') === 'true';
    const isNew = params.get('new') === 'true';
    void (async () => {
      await wait(1000);
      // The engine refused a suspended account's session (auth.ts); the reason is not read from
      // the address, which anyone can write.
      if (params.getAll('error').includes('ACCOUNT_SUSPENDED')) {
        navigate(paths.signIn, {
          replace: true,
          state: { suspended: SUSPENSION_MESSAGES.accountSuspendedNoReason },
        });
        return;
      }
      const user = params.get('error') ? null : await refresh().catch(() => null);
      if (!user) {
        notify.error(M.authenticationFailed);
        navigate(paths.signIn, { replace: true });
      } else if (isSignup && !isNew) {
        await signOut().catch(() => undefined);
        notify.error(M.googleAccountExists);
        navigate(paths.signIn, { replace: true });
      } else if (isNew) {
        notify.success(M.googleAccountCreated);
        navigate(landingPath(user), { replace: true });
      } else {
        notify.success(M.googleSignedIn);
        await wait(500);
        navigate(landingPath(user), { replace: true });
      }
    })();
  }, [params, navigate, refresh, signOut]);

  return (
    <div className="flex flex-col items-center gap-4 py-8 text-center">
      <Spinner label={M.completingSignIn} />
      <p className="text-slate-600 dark:text-slate-300">{M.completingSignIn}</p>
    </div>
  );
}
