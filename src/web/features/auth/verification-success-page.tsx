import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { AuthLink } from './auth-link';
import { paths } from '../../lib/paths';

const REDIRECT_SECONDS = 5;

interface Verified {
  role: string;
  redirectTo: string;
}

/**
 * Shown only right after a real verification, which hands over where the user goes next.
 * Opened any other way (typed, bookmarked), nothing was verified: sign-in takes over, and
 * sends someone already signed in on to their own page.
 */
export function VerificationSuccessPage() {
  const state = useLocation().state as Partial<Verified> | null;
  if (!state?.role || !state.redirectTo) return <Navigate to={paths.signIn} replace />;
  return <Verified role={state.role} redirectTo={state.redirectTo} />;
}

function Verified({ role, redirectTo: destination }: Verified) {
  const navigate = useNavigate();
  const isTutor = role === 'tutor';

  useEffect(() => {
    const timer = setTimeout(
      () => navigate(destination, { replace: true }),
      REDIRECT_SECONDS * 1000,
    );
    return () => clearTimeout(timer);
  }, [navigate, destination]);

  return (
    <div className="text-center">
      <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-500" />
      <h1 className="mt-4 text-2xl font-bold">Email verified!</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Your account is ready. We will take you to your dashboard in {REDIRECT_SECONDS} seconds.
      </p>
      <Button className="mt-6 w-full" onClick={() => navigate(destination, { replace: true })}>
        Go to Dashboard Now
      </Button>
      <div className="mt-4 flex justify-center gap-6 text-sm">
        <AuthLink to={isTutor ? paths.tutor.completeProfile : paths.student.settings}>
          Complete Profile
        </AuthLink>
        {!isTutor && <AuthLink to={paths.student.tutors}>Browse Tutors</AuthLink>}
      </div>
    </div>
  );
}
