import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { serveApi } from '../../test/fake-api';
import { renderRouter } from '../../test/render';
import { paths } from '../../lib/paths';
import { VerificationSuccessPage } from './verification-success-page';

/** Opens the success page the way `entry` reaches it, beside a sign-in page to land on. */
function open(entry: { pathname: string; state?: unknown }) {
  serveApi({ 'GET /api/auth/session': { json: { user: null } } });
  const router = createMemoryRouter(
    [
      { path: paths.emailVerificationSuccess, element: <VerificationSuccessPage /> },
      { path: paths.signIn, element: <h1>Sign in page</h1> },
    ],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderRouter(router, client);
  return router;
}

describe('VerificationSuccessPage', () => {
  it('celebrates a verification that just happened, with its next step', async () => {
    open({
      pathname: paths.emailVerificationSuccess,
      state: { role: 'tutor', redirectTo: paths.tutor.completeProfile },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Email verified!');
    expect(screen.getByRole('link', { name: 'Complete Profile' }).getAttribute('href')).toBe(
      paths.tutor.completeProfile,
    );
  });

  it('says nothing was verified when opened directly: sign-in takes over', async () => {
    const router = open({ pathname: paths.emailVerificationSuccess });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign in page');
    expect(screen.queryByText('Email verified!')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.signIn);
  });
});
