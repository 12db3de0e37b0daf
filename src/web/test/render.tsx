import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/** Renders `router` inside what the app wraps it in: the query cache, the session, the toaster. */
export function renderRouter(router: Router, client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Renders `ui` the way the app does, at `path`, with a fresh query cache. */
export function renderInApp(ui: ReactNode, { path = '/' } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return { ...renderRouter(router, client), client, router };
}
