import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AvailabilityEditorCalendar } from '../../components/availability/availability-editor-calendar';
import { signedInStudent } from '../../test/fixtures';
import { apiError, serveSignedIn } from '../../test/fake-api';
import { inLocale } from '../../test/locale';
import { renderInApp } from '../../test/render';
import { TutorSchedulePage } from './schedule-page';

// Component tests run with TZ=UTC: this device is in UTC, the tutor's profile in Tokyo.
const tutorUser = { ...signedInStudent, id: 'tutor-user-1', role: 'tutor' as const };
const lateMonday = { dayOfWeek: 1, startTime: '20:00', endTime: '24:00' };

const openSchedule = () =>
  renderInApp(<TutorSchedulePage upcomingLessons={null} />, { path: '/tutor/schedule' });
const card = () => screen.getByRole('region', { name: 'Your Availability' });
const dayOf = (name: string) =>
  within(card())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(name))!;

const serveWeek = (timezone: string) =>
  serveSignedIn(tutorUser, {
    'GET /api/tutor/availability': { json: { timezone, slots: [lateMonday], weeklyHours: 4 } },
  });
const renderEditorCalendar = (windows: (typeof lateMonday)[]) =>
  renderInApp(
    <AvailabilityEditorCalendar
      windows={windows}
      clickMinutes={60}
      selectable
      compact={false}
      onAdd={() => {}}
      onMove={() => true}
      onWindowClick={() => {}}
    />,
  );

describe('the tutor’s My Schedule', () => {
  // A 24-hour locale: windows read as they are stored, and '24:00' ends a day.
  inLocale('en-GB');

  it('says which zone the week is in and shows it in this device’s zone on request', async () => {
    serveWeek('Asia/Tokyo');
    openSchedule();
    await within(await screen.findByRole('region', { name: 'Your Availability' })).findByText(
      '20:00 – 24:00',
    );
    expect(screen.getByTestId('availability-zone').textContent).toBe(
      "Times in Tokyo time (your profile's time zone)",
    );

    // Tokyo is 9 hours ahead of UTC: Monday 20:00-24:00 there is Monday 11:00-15:00 here.
    await userEvent.click(screen.getByRole('button', { name: /UTC time \(this device/ }));
    expect(screen.getByTestId('availability-zone').textContent).toBe(
      "Times in UTC time (this device's time zone)",
    );
    expect(dayOf('Monday').textContent).toContain('11:00 – 15:00');
    expect(card().textContent).not.toContain('20:00 – 24:00');
    await userEvent.click(screen.getByRole('button', { name: /Tokyo time \(your profile\)/ }));
    expect(dayOf('Monday').textContent).toContain('20:00 – 24:00');
  });

  it('offers no zone switch when the profile and this device share a zone', async () => {
    serveWeek('UTC');
    openSchedule();
    await screen.findByText('20:00 – 24:00');
    expect(screen.queryByRole('group', { name: 'Show times in' })).toBeNull();
  });

  it('leads a tutor whose profile is not submitted to the wizard, without an error', async () => {
    serveSignedIn(tutorUser, {
      'GET /api/tutor/availability': apiError('NOT_FOUND', 'Complete your tutor profile first'),
    });
    openSchedule();
    const link = await within(
      await screen.findByRole('region', { name: 'Your Availability' }),
    ).findByRole('link', { name: 'Complete Profile' });
    expect(link.getAttribute('href')).toBe('/tutor/complete-profile');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  // Left to itself the calendar writes midnight '00:00' (a window 20:00-00:00) or '24:00' (a
  // window 24:00-02:00) by locale. It must read as the list does.
  it('writes windows on the editor’s calendar as its list does: 24:00 ends a day, 00:00 starts one', async () => {
    serveSignedIn(tutorUser);
    const earlyTuesday = { dayOfWeek: 2, startTime: '00:00', endTime: '02:00' };
    renderEditorCalendar([lateMonday, earlyTuesday]);
    const calendar = await screen.findByTestId('availability-calendar');
    await within(calendar).findByText('20:00 – 24:00');
    within(calendar).getByText('00:00 – 02:00');
    expect(calendar.textContent).not.toMatch(/24:00\s*[-–]\s*02:00|20:00\s*[-–]\s*00:00/);
  });
});

describe('the tutor’s My Schedule in a 12-hour locale', () => {
  inLocale('en-US');

  it('writes windows with AM/PM in the list and on the editor’s calendar, its axis too', async () => {
    serveWeek('UTC');
    openSchedule();
    await screen.findByText('8:00 PM – 12:00 AM');
    expect(card().textContent).not.toContain('20:00');
  });

  it('labels the editor’s calendar and its time axis with AM/PM', async () => {
    serveSignedIn(tutorUser);
    renderEditorCalendar([lateMonday]);
    const calendar = await screen.findByTestId('availability-calendar');
    await within(calendar).findByText('8:00 PM – 12:00 AM');
    expect(within(calendar).getAllByText('9:00 AM').length).toBeGreaterThan(0);
    expect(calendar.textContent).not.toMatch(/\b20:00|\b09:00/);
  });
});
