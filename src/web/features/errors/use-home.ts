import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';

/** Where an error page's way out leads: the signed-in user's dashboard, else sign-in. */
export function useHome(): { to: string; label: string } {
  const { user } = useSession();
  return user
    ? { to: paths.dashboard(user.role), label: 'Go to your dashboard' }
    : { to: paths.signIn, label: 'Go to sign in' };
}
