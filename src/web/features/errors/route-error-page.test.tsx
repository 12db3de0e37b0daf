import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session';
import { serveApi } from '../../test/fake-api';
import { RouteErrorPage } from './route-error-page';

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

/** A router whose root catches errors with the error page, as the app's does. */
function renderAt(path: string) {
  serveApi({ 'GET /api/auth/session': { json: { user: null } } });
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <p>Loading</p>,
        children: [
          { path: '/broken', element: <Broken /> },
          {
            path: '/stale',
            lazy: async () => {
              // What Chromium says when a deploy removed the chunk this tab asks for.
              throw new TypeError(
                'Failed to fetch dynamically imported module: /assets/tutor-search-page-1a2b.js',
              );
            },
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('RouteErrorPage', () => {
  it('catches a page that throws: a friendly page, focus on its heading, Reload and a way home', async () => {
    // React reports the caught error on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/broken');
    const heading = await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/Cannot read properties/)).toBeNull();
    consoleError.mockRestore();
  });

  it('tells a tab running an old version that the app was updated', async () => {
    renderAt('/stale');
    expect(await screen.findByRole('heading', { name: 'Tutora has been updated' })).toBeTruthy();
    expect(screen.getByText(/A newer version of this page is available/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });
});
