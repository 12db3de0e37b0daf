import type { Role } from '../../../domain/accounts/account-rules';

// What a guard does (spec 1 §2), as a pure function so it is tested without a browser.
type GuardState = { isLoading: boolean; user: { role: Role } | null };
export type GuardDecision =
  { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

export function decideProtected(state: GuardState, requiredRole?: Role): GuardDecision {
  if (state.isLoading) return { kind: 'loading' };
  if (!state.user) return { kind: 'redirect', to: '/' };
  if (requiredRole && state.user.role !== requiredRole)
    return { kind: 'redirect', to: `/${state.user.role}/overview` };
  return { kind: 'allow' };
}

export function decideGuestOnly(state: GuardState): GuardDecision {
  if (state.isLoading) return { kind: 'loading' };
  if (state.user) return { kind: 'redirect', to: `/${state.user.role}/overview` };
  return { kind: 'allow' };
}
