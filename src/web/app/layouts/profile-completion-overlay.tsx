import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Banner } from '../../components/ui/banner';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';

const SNOOZE_KEY = 'profileOverlaySnoozedUntil';
/** Once dismissed, the overlay stays away for 30 minutes, so it reminds without nagging. */
const SNOOZE_MS = 30 * 60 * 1000;

function snoozedUntil(): number {
  try {
    return Number(localStorage.getItem(SNOOZE_KEY)) || 0;
  } catch {
    return 0;
  }
}

/**
 * Over a tutor's dashboard while their profile is incomplete: a blurred backdrop and the way
 * to the wizard. Re-checked with the server on every path change.
 */
export function ProfileCompletionOverlay() {
  const { user, refresh } = useSession();
  const { pathname } = useLocation();
  const [now, setNow] = useState(() => Date.now());
  const incomplete = user?.role === 'tutor' && !user.isProfileCompleted;

  useEffect(() => {
    setNow(Date.now());
    if (incomplete) refresh().catch(() => null);
    // Only a path change triggers the re-check; the session itself updates `incomplete`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  if (!incomplete || snoozedUntil() > now) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(SNOOZE_KEY, String(Date.now() + SNOOZE_MS));
    } catch {
      // storage unavailable: hidden until the next path change
    }
    setNow(Date.now());
  };
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="profile-overlay-title"
      className="absolute inset-0 z-20 flex items-start justify-center bg-white/60 p-4 pt-16 backdrop-blur-sm dark:bg-slate-950/60"
    >
      <div className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-5 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <Banner kind="info" onDismiss={dismiss}>
          <p id="profile-overlay-title" className="font-semibold">
            Complete your tutor profile to start accepting students
          </p>
          <p className="mt-1">
            Add your expertise, an introduction video and your weekly availability so students can
            find and book you.
          </p>
          <Link
            to={paths.tutor.completeProfile}
            className="mt-3 inline-flex rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            Complete Profile
          </Link>
        </Banner>
      </div>
    </div>
  );
}
