import { Outlet } from 'react-router';
import { TopBar } from '../../components/ui/top-bar';

/** Pages outside the dashboards (checkout, booking, the tutor wizard): brand, theme, content. */
export function PlainLayout() {
  return (
    <div className="min-h-screen">
      <TopBar bordered />
      <main className="mx-auto max-w-3xl p-4 sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}
