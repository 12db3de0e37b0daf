import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { apiError, serveApi, type ApiRequest } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { SignInPage } from './sign-in-page';

// The sign-in form checks its fields itself (no form library on the first screen: issue #28):
// the same rules as the server's, messages on submit, then again as the user corrects them.

function signInApi() {
  return serveApi({
    'GET /api/auth/session': { json: { user: null } },
    'GET /api/auth/providers': { json: { google: false } },
    'POST /api/auth/sign-in': apiError('UNAUTHENTICATED', M.invalidCredentials),
  });
}

const signInPosts = (requests: ApiRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/auth/sign-in');

describe('the sign-in form', () => {
  it('says what is missing on submit, focuses the first field to fix, and sends nothing', async () => {
    const { requests } = signInApi();
    renderInApp(<SignInPage />);
    const user = userEvent.setup();
    await screen.findByLabelText('Email');
    expect(screen.queryByText(M.invalidEmail)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(M.invalidEmail)).toBeTruthy();
    expect(screen.getByText(M.passwordRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(signInPosts(requests)).toHaveLength(0);
  });

  it('clears a message once its field is right, keeping the others', async () => {
    signInApi();
    renderInApp(<SignInPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByText(M.invalidEmail);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await waitFor(() => expect(screen.queryByText(M.invalidEmail)).toBeNull());
    expect(screen.getByText(M.passwordRequired)).toBeTruthy();
  });

  it('sends the email as the server keeps it, the password, and Remember me', async () => {
    const { requests } = signInApi();
    renderInApp(<SignInPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), '  Ada@Example.COM ');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signInPosts(requests)).toHaveLength(1));
    expect(signInPosts(requests)[0]!.body).toEqual({
      email: 'ada@example.com',
      password: 'Str0ng!pass',
      rememberMe: true,
    });
    // The server's answer is shown, and the button is ready for another try.
    expect(await screen.findByText(M.invalidCredentials)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
  });
});
