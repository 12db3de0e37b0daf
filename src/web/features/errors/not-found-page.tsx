import { Link } from 'react-router';
import { Brand } from '../../components/ui/brand';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  const { user } = useSession();
  const home = user ? paths.dashboard(user.role) : paths.signIn;
  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <div>
        <Brand />
        <h1 className="mt-8 text-3xl font-bold">Page not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          The page you are looking for does not exist or has moved.
        </p>
        <Link
          to={home}
          className="mt-6 inline-block rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          {user ? 'Go to your dashboard' : 'Go to sign in'}
        </Link>
      </div>
    </main>
  );
}
