import { landingPath, type UserRole } from '../../../domain/accounts/account-rules';
import { paths } from '../../lib/paths';

// What a guard does (wait while the session loads, let the user through, or send them
// elsewhere), as a pure function so it is tested without a browser.
type GuardState = {
  isLoading: boolean;
  user: { role: UserRole; isProfileCompleted: boolean } | null;
};
export type GuardDecision =
  { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

export function decideProtected(state: GuardState, requiredRole?: UserRole): GuardDecision {
  if (state.isLoading) return { kind: 'loading' };
  if (!state.user) return { kind: 'redirect', to: paths.signIn };
  if (requiredRole && state.user.role !== requiredRole)
    return { kind: 'redirect', to: paths.dashboard(state.user.role) };
  return { kind: 'allow' };
}

/** A path on this site: '//host' and '/\\host' are read by browsers as another site. */
const isSameSitePath = (path: string) => /^\/(?![/\\])/.test(path);

/**
 * Where a signed-in user goes from a guest-only page (such as sign-in once it succeeds): the
 * page they first asked for (on this site), unless a tutor still has to finish the wizard; else
 * their landing.
 */
export function afterSignInPath(
  user: { role: UserRole; isProfileCompleted: boolean },
  from?: string,
): string {
  const landing = landingPath(user);
  return from && isSameSitePath(from) && landing !== paths.tutor.completeProfile ? from : landing;
}

export function decideGuestOnly(state: GuardState, from?: string): GuardDecision {
  if (state.isLoading) return { kind: 'loading' };
  if (state.user) return { kind: 'redirect', to: afterSignInPath(state.user, from) };
  return { kind: 'allow' };
}
