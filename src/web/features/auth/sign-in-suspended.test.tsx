import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUSPENSION_MESSAGES as S } from '../../../domain/admin/suspension-messages';
import { apiError, serveApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { SignInPage } from './sign-in-page';

// A suspended account's sign-in (issue #15): the server's message, with the reason and the
// support address, stays on the page instead of a toast that vanishes.

describe('signing in to a suspended account', () => {
  it('shows why and whom to write to, and keeps it on the page', async () => {
    const message = S.accountSuspended('Payments outside Tutora');
    serveApi({
      'GET /api/auth/session': { json: { user: null } },
      'GET /api/auth/providers': { json: { google: false } },
      'POST /api/auth/sign-in': apiError('ACCOUNT_SUSPENDED', message),
    });
    renderInApp(<SignInPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'tara@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(message).toContain('support@tutora.app');
  });
});
