import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../components/ui/toaster';
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
      <Toaster />
    </QueryClientProvider>
  );
}
