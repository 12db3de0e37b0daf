import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { UserRole } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { decideGuestOnly, decideProtected, type GuardDecision } from './route-decision';
import { paths } from '../../lib/paths';

/** Spinner while the session loads; after 5 s, a way out, so a stuck load never traps the user. */
function SessionLoading() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 5000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="grid min-h-screen place-items-center p-6">
      <div className="flex flex-col items-center gap-4 text-center">
        <Spinner />
        {slow && (
          <>
            <p className="text-slate-600 dark:text-slate-300">{M.takingLonger}</p>
            <div className="flex gap-2">
              <Button onClick={() => window.location.reload()}>Refresh Page</Button>
              <Button
                variant="secondary"
                onClick={() => {
                  localStorage.clear();
                  sessionStorage.clear();
                  window.location.assign(paths.signIn);
                }}
              >
                sign in again
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Guarded({ decision, children }: { decision: GuardDecision; children: ReactNode }) {
  const location = useLocation();
  if (decision.kind === 'loading') return <SessionLoading />;
  if (decision.kind === 'redirect') {
    return (
      <Navigate
        to={decision.to}
        replace
        state={decision.to === paths.signIn ? { from: location } : undefined}
      />
    );
  }
  return <>{children}</>;
}

export function RequireAuth({ role, children }: { role?: UserRole; children: ReactNode }) {
  return <Guarded decision={decideProtected(useSession(), role)}>{children}</Guarded>;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const from = (useLocation().state as { from?: { pathname: string; search?: string } } | null)
    ?.from;
  const fromPath = from ? `${from.pathname}${from.search ?? ''}` : undefined;
  return <Guarded decision={decideGuestOnly(useSession(), fromPath)}>{children}</Guarded>;
}
