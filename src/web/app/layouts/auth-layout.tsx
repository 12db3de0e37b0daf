import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { TopBar } from '../../components/ui/top-bar';
import { DashboardShell } from '../lazy-routes';
import { whenIdle } from '../prefetch';

/** Sign-in, sign-up and the other account screens: one card, the brand and the theme toggle. */
export function AuthLayout() {
  // Signing in leads to the dashboard: its shell loads while the visitor types.
  useEffect(() => whenIdle(() => void DashboardShell.preload()), []);
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-indigo-50 via-white to-violet-50 dark:from-slate-950 dark:via-slate-950 dark:to-indigo-950">
      <TopBar />
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 sm:items-center">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
