import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DashboardShell } from '../../app/layouts/dashboard-shell';
import { tutor, TUTOR_ID } from '../../test/booking-fixtures';
import { accessibilityViolations } from '../../test/accessibility';
import { serveSignedIn, type ApiRequest } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { conversation } from '../../test/messaging-fixtures';
import { renderInApp } from '../../test/render';
import { ProfileHeader } from '../discovery/profile-header';
import { TutorCard } from '../discovery/tutor-card';
import { MyStudentsPage } from '../lessons/my-students-page';

// The ways into a conversation (the Message buttons on a tutor's profile and card and on the
// tutor's My Students) and the unread count in the sidebar and the header.

const signedInTutor = { ...signedInStudent, id: 'tutor-user-1', role: 'tutor' as const };

/** POST /api/conversations answers the pair's conversation, new (201). */
const opened = { status: 201, json: { conversation: conversation() } };

const opens = (requests: ApiRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/conversations');

describe('the Message buttons', () => {
  it('on a tutor’s profile, opens the conversation with them and goes to it', async () => {
    const user = userEvent.setup();
    const { requests } = serveSignedIn(signedInStudent, { 'POST /api/conversations': opened });
    const { router } = renderInApp(<ProfileHeader tutor={tutor} onReport={() => {}} />, {
      path: `/student/tutors/${TUTOR_ID}`,
    });
    await user.click(screen.getByRole('button', { name: 'Message' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/student/messages/conversation-1'),
    );
    expect(opens(requests).map((r) => r.body)).toEqual([{ tutorId: TUTOR_ID }]);
  });

  it('on a tutor’s card in the results, named for the tutor', async () => {
    const user = userEvent.setup();
    const { requests } = serveSignedIn(signedInStudent, { 'POST /api/conversations': opened });
    const { router } = renderInApp(<TutorCard tutor={tutor} view="grid" />);
    await user.click(screen.getByRole('button', { name: 'Message Ada Tutor' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/student/messages/conversation-1'),
    );
    expect(opens(requests).map((r) => r.body)).toEqual([{ tutorId: TUTOR_ID }]);
  });

  it('on the tutor’s My Students, writes to that student', async () => {
    const user = userEvent.setup();
    const { requests } = serveSignedIn(signedInTutor, {
      'GET /api/tutor/students': {
        json: {
          students: [
            {
              id: 'student-7',
              name: 'Noah Berg',
              avatarUrl: null,
              lessonsCount: 3,
              nextLessonAt: null,
              lastLessonAt: '2026-03-01T10:00:00.000Z',
            },
          ],
          page: 1,
          totalPages: 1,
          total: 1,
        },
      },
      'POST /api/conversations': opened,
    });
    const { router } = renderInApp(<MyStudentsPage />, { path: '/tutor/students' });
    await user.click(await screen.findByRole('button', { name: 'Message Noah Berg' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/tutor/messages/conversation-1'),
    );
    expect(opens(requests).map((r) => r.body)).toEqual([{ studentId: 'student-7' }]);
  });

  it('says the server’s reason when the conversation cannot be opened, and stays', async () => {
    const user = userEvent.setup();
    serveSignedIn(signedInStudent, {
      'POST /api/conversations': {
        status: 404,
        json: {
          error: { code: 'NOT_FOUND', message: 'This tutor is not available for messages' },
        },
      },
    });
    const { router } = renderInApp(<ProfileHeader tutor={tutor} onReport={() => {}} />, {
      path: `/student/tutors/${TUTOR_ID}`,
    });
    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(await screen.findByText('This tutor is not available for messages')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/student/tutors/${TUTOR_ID}`);
  });
});

describe('the unread messages count', () => {
  it('shows on the sidebar’s Messages item and the header’s Messages link, and not at 0', async () => {
    serveSignedIn(signedInStudent, {
      'GET /api/conversations/unread-count': { json: { unread: 3 } },
    });
    const { unmount } = renderInApp(<DashboardShell role="student" />, {
      path: '/student/overview',
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const item = within(nav).getByRole('link', { name: /^Messages/ });
    expect(item.getAttribute('href')).toBe('/student/messages');
    expect(await within(item).findByRole('img', { name: '3 unread messages' })).toBeTruthy();
    const header = within(screen.getByRole('banner')).getByRole('link', {
      name: 'Messages, 3 unread',
    });
    expect(header.textContent).toBe('3');
    expect(await accessibilityViolations()).toEqual([]);
    unmount();

    serveSignedIn(signedInTutor, {
      'GET /api/conversations/unread-count': { json: { unread: 0 } },
    });
    renderInApp(<DashboardShell role="tutor" />, { path: '/tutor/overview' });
    const header0 = await within(await screen.findByRole('banner')).findByRole('link', {
      name: 'Messages',
    });
    expect(header0.getAttribute('href')).toBe('/tutor/messages');
    const tutorNav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(tutorNav).getByRole('link', { name: 'Messages' }).textContent).toBe('Messages');
    expect(screen.queryByRole('img', { name: /unread messages/ })).toBeNull();
  });
});
