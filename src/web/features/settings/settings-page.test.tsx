import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountView, ClosingSummary } from '../../../contracts/account.contract';
import { ACCOUNT_MESSAGES as A, SETTINGS_MESSAGES as M } from '../../../domain/messages';
import { apiError, serveApi, type ApiRequest } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { SettingsPage } from './settings-page';

const account: AccountView = {
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Student',
  role: 'student',
  timezone: 'Europe/London',
  avatarUrl: null,
  hasPassword: true,
};

function serveSettings(
  routes: Record<string, (request: ApiRequest) => { status?: number; json?: unknown }> = {},
  view: AccountView = account,
) {
  return serveApi({
    'GET /api/auth/session': { json: { user: { ...signedInStudent, role: view.role } } },
    'GET /api/account': { json: view },
    'GET /api/account/notifications': {
      json: { email: { lesson_reminders: true, message_digest: true } },
    },
    ...routes,
  });
}

const openPage = async () => {
  renderInApp(<SettingsPage />, { path: '/student/settings' });
  await screen.findByRole('heading', { name: 'Profile' });
};

describe('SettingsPage', () => {
  it('checks names with the sign-up rules before saving, then saves name and timezone', async () => {
    const { requests } = serveSettings({
      'PUT /api/account/profile': (request) => ({
        json: { ...account, ...(request.body as object), firstName: 'Ada', lastName: 'Lovelace' },
      }),
    });
    await openPage();
    const user = userEvent.setup();
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Ada1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText(A.namesLettersOnly)).not.toHaveLength(0);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(first);
    await user.type(first, 'ada');
    const last = screen.getByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'lovelace');
    await user.selectOptions(screen.getByLabelText('Timezone'), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(M.profileSaved)).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      firstName: 'ada',
      lastName: 'lovelace',
      timezone: 'Asia/Tokyo',
    });
  });

  it('changes the password with the spec’s messages and shows the server’s refusal on its field', async () => {
    serveSettings({
      'POST /api/account/password': () => ({
        ...apiError('BAD_REQUEST', M.currentPasswordWrong),
        json: {
          error: {
            code: 'BAD_REQUEST',
            message: M.currentPasswordWrong,
            fields: { currentPassword: M.currentPasswordWrong },
          },
        },
      }),
    });
    await openPage();
    const user = userEvent.setup();
    // The email card asks for the current password too; this is the password card's.
    const card = within(screen.getByRole('region', { name: 'Password' }));
    await user.type(card.getByLabelText('Current password'), 'Old!pass1');
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.type(screen.getByLabelText('Confirm new password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(A.weakPassword)).toBeTruthy();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'N3w!secret');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w!secrex');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(A.passwordsDoNotMatch)).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'N3w!secret');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findAllByText(M.currentPasswordWrong)).not.toHaveLength(0);
  });

  it('says plainly what deleting does before it asks to confirm', async () => {
    const summary: ClosingSummary = {
      futureLessons: 2,
      refunds: [{ amountCents: 7550, currency: 'USD' }],
      unusedCredits: 3,
    };
    const { requests } = serveSettings({
      'GET /api/account/closing-summary': () => ({ json: summary }),
      'POST /api/account/delete': () => ({ status: 204 }),
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    const facts = await screen.findByRole('list', { name: 'What deleting does' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Your 2 future lessons will be canceled, and the tutor of each is told by email.',
      '$75.50 for paid future lessons (including 3 unused package lessons) goes back to your card in 5–10 business days.',
      'Your name, email and photo are removed and you are signed out everywhere. Past lessons and payments stay in the other people’s records as “Deleted Account”.',
      'This cannot be undone.',
    ]);
    await user.type(screen.getByLabelText('Your password'), 'Old!pass1');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(M.confirmDeleteWord)).toBeTruthy();

    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(M.accountDeleted)).toBeTruthy();
    expect(
      requests.find((request) => request.url.pathname === '/api/account/delete')?.body,
    ).toEqual({ password: 'Old!pass1', confirm: 'DELETE' });
  });

  it('links a tutor to their tutor profile and says Google accounts have no password here', async () => {
    serveSettings({}, { ...account, role: 'tutor', hasPassword: false });
    renderInApp(<SettingsPage />, { path: '/tutor/settings' });
    const link = await screen.findByRole('link', { name: 'Edit tutor profile' });
    expect(link.getAttribute('href')).toBe('/tutor/profile');
    expect(screen.getByText(M.googleNoPassword)).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});
