import { ACCOUNT_MESSAGES as M } from '../../domain/messages';
import { notify } from './notify';
import { useSession } from './session';

/**
 * Signs out on the server with the spec's toasts. The guard around every page with Log out
 * (RequireAuth) then sees the user gone and sends them to sign-in, which returns to this page
 * after signing in again. It alone redirects: navigating here as well ran before the session
 * query told the pages (a tick later), so sign-in still saw the user and bounced them back here.
 */
export function useLogOut() {
  const { signOut } = useSession();
  return async () => {
    const toastId = notify.loading(M.signingOut);
    try {
      await signOut();
      notify.success(M.signedOut, toastId);
    } catch {
      notify.error(M.failedToSignOut, toastId);
    }
  };
}

/** A user's initials for an avatar placeholder. */
export const initialsOf = (user: { firstName: string; lastName: string } | null) =>
  `${user?.firstName.charAt(0) ?? ''}${user?.lastName.charAt(0) ?? ''}`;
