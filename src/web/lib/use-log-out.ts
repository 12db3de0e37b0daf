import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES as M } from '../../domain/messages';
import { notify } from './notify';
import { useSession } from './session';
import { paths } from './paths';

/**
 * Signs out on the server with the spec's toasts, then back to sign-in, which returns to this
 * page after signing in again (said here, not left to the guard that sees the user gone: it
 * may redirect after this does).
 */
export function useLogOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return async () => {
    const toastId = notify.loading(M.signingOut);
    try {
      await signOut();
      notify.success(M.signedOut, toastId);
      navigate(paths.signIn, { replace: true, state: { from: location } });
    } catch {
      notify.error(M.failedToSignOut, toastId);
    }
  };
}

/** A user's initials for an avatar placeholder. */
export const initialsOf = (user: { firstName: string; lastName: string } | null) =>
  `${user?.firstName.charAt(0) ?? ''}${user?.lastName.charAt(0) ?? ''}`;
