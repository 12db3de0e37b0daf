import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { notificationView, type NotificationView } from '../../../contracts/notifications.contract';
import { serveSignedIn, type ApiRequest } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { NotificationsBell } from './notifications-bell';

// The header's bell against a fake API: the badge is the server's unread count, the panel lists
// what the server sends, opening one marks it read and goes where it leads, and 'Mark all as
// read' clears the badge. The date stands still at midday, so "3 hours ago" never crosses
// midnight into "yesterday" whatever the hour the test runs at (timers stay real).

vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(new Date('2027-03-02T12:00:00Z'));
afterAll(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const moved = (fields: Partial<NotificationView> = {}) =>
  notificationView.parse({
    id: 7,
    kind: 'lesson_rescheduled',
    createdAt: ago(5 * MINUTE),
    readAt: null,
    actor: { name: 'Ada Tutor', accountClosed: false },
    lesson: {
      id: 'lesson-1',
      subject: 'Mathematics',
      startsAt: '2027-03-09T15:00:00.000Z',
      isTrial: false,
    },
    refund: null,
    payout: null,
    ...fields,
  });

const refunded = moved({
  id: 6,
  kind: 'refund_issued',
  createdAt: ago(3 * 60 * MINUTE),
  actor: null,
  refund: { amountCents: 4200, currency: 'USD', reason: 'slot_taken' },
});

/** A server holding `notifications`; marking read changes what it answers next. */
function serveNotifications(notifications: NotificationView[]) {
  let stored = notifications;
  const unread = () => stored.filter((n) => n.readAt === null).length;
  const readAll = () => {
    stored = stored.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() }));
    return { json: { unread: 0 } };
  };
  return serveSignedIn(signedInStudent, {
    'GET /api/notifications/unread-count': () => ({ json: { unread: unread() } }),
    'GET /api/notifications': () => ({
      json: {
        notifications: stored,
        page: 1,
        totalPages: 1,
        total: stored.length,
        unread: unread(),
      },
    }),
    'POST /api/notifications/7/read': () => {
      stored = stored.map((n) => (n.id === 7 ? { ...n, readAt: new Date().toISOString() } : n));
      return { json: { unread: unread() } };
    },
    'POST /api/notifications/read-all': readAll,
  });
}

const posts = (requests: ApiRequest[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname);

describe('the notifications bell', () => {
  it('shows the unread count in its badge and its name, and no badge at 0', async () => {
    serveNotifications([moved(), refunded]);
    const { unmount } = renderInApp(<NotificationsBell role="student" />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.textContent).toBe('2');
    unmount();

    serveNotifications([moved({ readAt: ago(MINUTE) })]);
    renderInApp(<NotificationsBell role="student" />);
    const quiet = await screen.findByRole('button', { name: 'Notifications' });
    expect(quiet.textContent).toBe('');
  });

  it('lists each notification’s text and time; opening one marks it read and goes to its page', async () => {
    const user = userEvent.setup();
    const { requests } = serveNotifications([moved(), refunded]);
    const { router } = renderInApp(<NotificationsBell role="student" />, { path: '/student/help' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));

    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const items = await within(panel).findAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Unread: Ada Tutor moved your Mathematics lesson to .+\.5 minutes ago$/,
      ),
      'Unread: $42.00 was refunded to your card: the time you chose for a Mathematics lesson was booked by someone else before your payment arrived.3 hours ago',
    ]);
    expect(items[1]!.getAttribute('href')).toBe('/student/billing');

    // A lesson's notice opens that lesson on My Schedule, not just the schedule.
    expect(items[0]!.getAttribute('href')).toBe('/student/schedule?lesson=lesson-1');
    await user.click(items[0]!);
    expect(router.state.location.pathname).toBe('/student/schedule');
    expect(router.state.location.search).toBe('?lesson=lesson-1');
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(posts(requests)).toEqual(['/api/notifications/7/read']);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('marks all as read, and the badge goes', async () => {
    const user = userEvent.setup();
    const { requests } = serveNotifications([moved(), refunded]);
    renderInApp(<NotificationsBell role="student" />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await within(panel).findAllByRole('link');

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(posts(requests)).toEqual(['/api/notifications/read-all']);
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('link')
          .map((link) => link.textContent?.startsWith('Unread')),
      ).toEqual([false, false]),
    );
    expect(
      (within(panel).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    // Escape closes the panel and gives the focus back to the bell.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications' }));
  });

  it('says when there is nothing yet', async () => {
    const user = userEvent.setup();
    serveNotifications([]);
    renderInApp(<NotificationsBell role="student" />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(
      await screen.findByText(
        'No notifications yet. Bookings, changes to your lessons, reviews and refunds show here.',
      ),
    ).toBeTruthy();
  });
});
