import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  calendarFeedResponse,
  newCalendarFeedResponse,
} from '../../../contracts/calendar-feed.contract';
import { CALENDAR_FEED_MESSAGES as M } from '../../../domain/messages';
import { signedInStudent } from '../../test/fixtures';
import { apiError, serveSignedIn } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { CalendarFeedCard } from './calendar-feed-card';

const FIRST =
  'webcal://tutora.example.com/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const SECOND =
  'webcal://tutora.example.com/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

/** The feed as the server keeps it: a status, a new link on POST (retiring the old), DELETE. */
function serveFeed(initial: { createdAt: string } | null, links: string[] = [FIRST, SECOND]) {
  let feed = initial;
  let made = 0;
  return serveSignedIn(signedInStudent, {
    'GET /api/calendar-feed': () => ({ json: calendarFeedResponse.parse({ feed }) }),
    'POST /api/calendar-feed': () => {
      const webcalUrl = links[made]!;
      made += 1;
      feed = { createdAt: `2030-03-1${made}T12:00:00.000Z` };
      return {
        status: 201,
        json: newCalendarFeedResponse.parse({
          feed,
          url: webcalUrl.replace('webcal:', 'https:'),
          webcalUrl,
        }),
      };
    },
    'DELETE /api/calendar-feed': () => {
      feed = null;
      return { status: 204 };
    },
  });
}

const card = () => screen.getByRole('region', { name: M.title });
const dialog = () => screen.getByRole('dialog');

describe('the calendar feed card', () => {
  it('makes a link, shows it with Copy and Subscribe, and copies the webcal link', async () => {
    const user = userEvent.setup();
    const { requests } = serveFeed(null);
    renderInApp(<CalendarFeedCard />);

    await user.click(await screen.findByRole('button', { name: M.create }));
    const link = await within(card()).findByRole('textbox', { name: M.linkLabel });
    expect((link as HTMLInputElement).value).toBe(FIRST);
    expect((link as HTMLInputElement).readOnly).toBe(true);
    expect(within(card()).getByRole('link', { name: M.subscribe }).getAttribute('href')).toBe(
      FIRST,
    );
    expect(await screen.findByText(M.created)).toBeTruthy();

    await user.click(within(card()).getByRole('button', { name: M.copy }));
    expect(await navigator.clipboard.readText()).toBe(FIRST);
    expect(await screen.findByText(M.copied)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('says since when a feed is on without a link, and rotates it only after confirming', async () => {
    const user = userEvent.setup();
    const { requests } = serveFeed({ createdAt: '2030-03-01T09:00:00.000Z' });
    renderInApp(<CalendarFeedCard />);

    expect(await within(card()).findByText(M.activeSince('Mar 1, 2030'))).toBeTruthy();
    expect(within(card()).getByText(M.linkShownOnce)).toBeTruthy();
    expect(within(card()).queryByRole('textbox')).toBeNull();

    // Cancel: nothing is sent.
    await user.click(within(card()).getByRole('button', { name: M.rotate }));
    expect(within(dialog()).getByText(M.rotateConfirm)).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(within(card()).getByRole('button', { name: M.rotate }));
    await user.click(within(dialog()).getByRole('button', { name: M.rotate }));
    const link = await within(card()).findByRole('textbox', { name: M.linkLabel });
    expect((link as HTMLInputElement).value).toBe(FIRST);
    expect(await screen.findByText(M.rotated)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A second new link replaces the first on screen.
    await user.click(within(card()).getByRole('button', { name: M.rotate }));
    await user.click(within(dialog()).getByRole('button', { name: M.rotate }));
    await waitFor(() =>
      expect(
        (within(card()).getByRole('textbox', { name: M.linkLabel }) as HTMLInputElement).value,
      ).toBe(SECOND),
    );
  });

  it('turns the feed off after confirming, by keyboard, and offers to make one again', async () => {
    const user = userEvent.setup();
    const { requests } = serveFeed(null);
    renderInApp(<CalendarFeedCard />);
    await user.click(await screen.findByRole('button', { name: M.create }));
    await within(card()).findByRole('textbox', { name: M.linkLabel });

    within(card()).getByRole('button', { name: M.revoke }).focus();
    await user.keyboard('{Enter}');
    expect(within(dialog()).getByText(M.revokeConfirm)).toBeTruthy();
    within(dialog()).getByRole('button', { name: M.revokeConfirmLabel }).focus();
    await user.keyboard('{Enter}');

    expect(await within(card()).findByRole('button', { name: M.create })).toBeTruthy();
    expect(within(card()).queryByRole('textbox')).toBeNull();
    expect(await screen.findByText(M.revoked)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('shows a failed load with Try Again, and a failed change as a toast', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveSignedIn(signedInStudent, {
      'GET /api/calendar-feed': () =>
        fail ? apiError('INTERNAL', 'boom') : { json: { feed: null } },
      'POST /api/calendar-feed': apiError('EMAIL_NOT_VERIFIED', 'Please verify your email first'),
    });
    renderInApp(<CalendarFeedCard />);
    const alert = await within(card()).findByRole('alert');
    expect(alert.textContent).toContain(M.loadFailed);

    fail = false;
    await user.click(within(alert).getByRole('button'));
    await user.click(await within(card()).findByRole('button', { name: M.create }));
    expect(await screen.findByText('Please verify your email first')).toBeTruthy();
    expect(within(card()).queryByRole('textbox')).toBeNull();
  });
});
