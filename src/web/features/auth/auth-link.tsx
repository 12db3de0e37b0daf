import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
      {children}
    </Link>
  );
}
