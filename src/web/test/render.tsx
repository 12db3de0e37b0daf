import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session';

/**
 * Renders `ui` the way the app does: a fresh query cache, the session, a router (at `path`) and
 * the toaster, so hooks that need any of them work and toasts can be read.
 */
export function renderInApp(ui: ReactNode, { path = '/' } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, client, router };
}
