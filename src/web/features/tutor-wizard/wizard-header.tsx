import { ArrowLeft, CircleHelp, LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUPPORT_EMAIL } from '../../../domain/support';
import { Brand } from '../../components/ui/brand';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ThemeToggle } from '../../components/ui/theme-toggle';
import { useSession } from '../../lib/session';
import { initialsOf, useLogOut } from '../../lib/use-log-out';
import { paths } from '../../lib/paths';

/** The wizard's header: back, help with the support address, user menu. */
export function WizardHeader() {
  const navigate = useNavigate();
  const { user } = useSession();
  const [helpOpen, setHelpOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menuRef.current?.contains(event.target as Node)
      )
        setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

  const logOut = useLogOut();
  const initials = initialsOf(user);

  return (
    <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-200 bg-white/90 px-3 py-3 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
      <button
        type="button"
        aria-label="Go back"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.tutor.overview))}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <ArrowLeft aria-hidden className="h-5 w-5" />
      </button>
      <Brand />
      <div className="flex-1" />
      <button
        type="button"
        aria-label="Help"
        onClick={() => setHelpOpen(true)}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <CircleHelp aria-hidden className="h-5 w-5" />
      </button>
      <ThemeToggle />
      <div ref={menuRef} className="relative">
        <button
          type="button"
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          className="grid h-9 w-9 place-items-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700 dark:bg-indigo-900 dark:text-indigo-200"
        >
          {initials}
        </button>
        {menuOpen && (
          <div
            role="menu"
            className="absolute right-0 mt-2 w-60 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="px-2 py-1.5">
              <p className="truncate text-sm font-semibold">
                {user?.firstName} {user?.lastName}
              </p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user?.email}</p>
            </div>
            <button
              type="button"
              role="menuitem"
              onClick={logOut}
              className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <LogOut aria-hidden className="h-4 w-4" /> Log out
            </button>
          </div>
        )}
      </div>
      <Dialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        title="Need help?"
        size="sm"
        footer={<Button onClick={() => setHelpOpen(false)}>Close</Button>}
      >
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Questions about your profile or approval? Contact support at{' '}
          <a
            className="font-medium text-indigo-600 underline dark:text-indigo-400"
            href={`mailto:${SUPPORT_EMAIL}`}
          >
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </Dialog>
    </header>
  );
}
