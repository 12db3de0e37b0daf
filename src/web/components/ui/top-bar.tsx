import { Link } from 'react-router';
import { Brand } from './brand';
import { ThemeToggle } from './theme-toggle';
import { paths } from '../../lib/paths';

/** The brand (linking home) and the theme toggle, atop every page outside the dashboards. */
export function TopBar({ bordered = false }: { bordered?: boolean }) {
  return (
    <header
      className={`flex items-center justify-between px-4 py-4 sm:px-8 ${
        bordered ? 'border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900' : ''
      }`}
    >
      <Link to={paths.signIn} aria-label="Tutora home">
        <Brand />
      </Link>
      <ThemeToggle />
    </header>
  );
}
