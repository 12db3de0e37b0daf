import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES as M } from '../../../domain/messages';
import { apiError, serveApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { NotificationsSection } from './notifications-section';

const ALL_ON = { email: { lesson_reminders: true, message_digest: true } };

const openSection = async () => {
  renderInApp(<NotificationsSection />, { path: '/student/settings' });
  return screen.findByRole('checkbox', { name: 'Lesson reminders' });
};

describe('NotificationsSection', () => {
  it('names each optional email, says what it is, and says which emails are always sent', async () => {
    serveApi({ 'GET /api/account/notifications': { json: ALL_ON } });
    const reminders = await openSection();
    const digest = screen.getByRole('checkbox', { name: 'New messages' });
    expect(screen.getByRole('heading', { name: 'Notifications' }).id).toBe('notifications');
    expect(reminders).toHaveProperty('checked', true);
    expect(digest).toHaveProperty('checked', true);
    expect(reminders.getAttribute('aria-describedby')).toBe('email-lesson_reminders-hint');
    expect(document.getElementById('email-lesson_reminders-hint')!.textContent).toBe(
      'An email 24 hours and 1 hour before each lesson.',
    );
    expect(
      screen.getByText(
        "Emails about payments, your lessons' bookings and changes, refunds, payouts and your account's security are always sent.",
      ),
    ).toBeTruthy();
  });

  it('saves a choice made with the keyboard at once, the focus staying on it', async () => {
    const { requests } = serveApi({
      'GET /api/account/notifications': { json: ALL_ON },
      'PUT /api/account/notifications': (request) => ({ json: request.body }),
    });
    await openSection();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    const digest = screen.getByRole('checkbox', { name: 'New messages' });
    expect(document.activeElement).toBe(digest);
    await user.keyboard(' ');
    expect(await screen.findByText(M.notificationsSaved)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT').map((r) => r.body)).toEqual([
      { email: { lesson_reminders: true, message_digest: false } },
    ]);
    expect(digest).toHaveProperty('checked', false);
    expect(document.activeElement).toBe(digest);
  });

  it('puts the choice back and says so when the save fails', async () => {
    serveApi({
      'GET /api/account/notifications': { json: ALL_ON },
      'PUT /api/account/notifications': apiError('VALIDATION_FAILED', 'Something is wrong'),
    });
    const reminders = await openSection();
    await userEvent.setup().click(reminders);
    expect(await screen.findByText('Something is wrong')).toBeTruthy();
    expect(reminders).toHaveProperty('checked', true);
  });
});
