import { Link } from 'react-router';
import { Brand } from '../../components/ui/brand';
import { useHome } from './use-home';

export function NotFoundPage() {
  const home = useHome();
  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <div>
        <Brand />
        <h1 className="mt-8 text-3xl font-bold">Page not found</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          The page you are looking for does not exist or has moved.
        </p>
        <Link
          to={home.to}
          className="mt-6 inline-block rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-indigo-700"
        >
          {home.label}
        </Link>
      </div>
    </main>
  );
}
