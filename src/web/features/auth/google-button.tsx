import type { Role } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { messageOf } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { authApi, useGoogleAvailable } from './auth-api';

function GoogleMark({ muted }: { muted: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className={`h-4 w-4 ${muted ? 'opacity-50 grayscale' : ''}`}
    >
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.8-5.5 3.8-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.2 14.6 2.2 12 2.2 6.6 2.2 2.3 6.6 2.3 12s4.3 9.8 9.7 9.8c5.6 0 9.3-3.9 9.3-9.5 0-.6-.1-1.1-.2-1.6H12z"
      />
    </svg>
  );
}

/** 'Continue with Google': starts the OpenID Connect flow with the sign-up role and intent. */
export function GoogleButton({ role, isSignup }: { role: Role; isSignup: boolean }) {
  const available = useGoogleAvailable();
  const start = async () => {
    const toastId = notify.loading(M.connectingToGoogle);
    try {
      const { url } = await authApi.startGoogle(role, isSignup);
      window.location.assign(url);
    } catch (error) {
      notify.error(messageOf(error, M.failedToConnectGoogle), toastId);
    }
  };
  return (
    <div>
      <Button
        variant="secondary"
        className="w-full"
        onClick={start}
        disabled={!available}
        aria-describedby={available ? undefined : 'google-unavailable'}
      >
        <GoogleMark muted={!available} />
        Continue with Google
      </Button>
      {!available && (
        <p
          id="google-unavailable"
          className="mt-1 text-center text-xs text-slate-500 dark:text-slate-400"
        >
          Google sign-in is not set up on this server.
        </p>
      )}
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      or
      <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}
