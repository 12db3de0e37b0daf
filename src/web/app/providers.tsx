import { QueryClientProvider } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { referenceQuery } from '../lib/reference-data';
import { SessionProvider } from '../lib/session';
import { createQueryClient } from './query-client';
import { whenIdle } from './prefetch';
import { connectRouteData } from './route-data';
import { router } from './router';

const queryClient = createQueryClient(router);
connectRouteData(queryClient);
// Forms everywhere need the reference lists: fetch them once, early, but after the first
// screen (a page that needs them at once asks for them itself).
whenIdle(() => void queryClient.prefetchQuery(referenceQuery));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster
        position="top-center"
        containerClassName="toaster"
        toastOptions={{
          className: '!bg-white !text-slate-900 dark:!bg-slate-800 dark:!text-slate-100',
          success: {
            duration: 3000,
            icon: <CheckCircle2 aria-hidden className="h-5 w-5 text-emerald-500" />,
          },
          error: { duration: 4000, icon: <XCircle aria-hidden className="h-5 w-5 text-red-500" /> },
        }}
      />
    </QueryClientProvider>
  );
}
