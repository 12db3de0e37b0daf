import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCOVERY_MESSAGES } from '../../../domain/messages/discovery';
import { LESSON_HISTORY_MESSAGES } from '../../../domain/messages/lesson-history';
import { accessibilityViolations } from '../../test/accessibility';
import { serveSignedIn } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { DashboardShell } from './dashboard-shell';

// The unread messages (issue #16) on the sidebar's Messages item and the header's Messages link.

const signedInTutor = { ...signedInStudent, id: 'tutor-user-1', role: 'tutor' as const };

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

describe("the sidebar's search (spec 3)", () => {
  it("sends a student's words to Find Tutors and a tutor's to My Students", async () => {
    const user = userEvent.setup();
    serveSignedIn(signedInStudent, {
      'GET /api/conversations/unread-count': { json: { unread: 0 } },
    });
    const student = renderInApp(<DashboardShell role="student" />, { path: '/student/overview' });
    await user.type(
      await screen.findByRole('searchbox', { name: DISCOVERY_MESSAGES.sidebarSearchLabel }),
      '  algebra tutor {Enter}',
    );
    expect(student.router.state.location.pathname).toBe('/student/tutors');
    expect(student.router.state.location.search).toBe('?q=algebra+tutor');
    student.unmount();

    serveSignedIn(signedInTutor, {
      'GET /api/conversations/unread-count': { json: { unread: 0 } },
    });
    const tutor = renderInApp(<DashboardShell role="tutor" />, { path: '/tutor/overview' });
    const box = await screen.findByRole('searchbox', {
      name: LESSON_HISTORY_MESSAGES.searchStudentsLabel,
    });
    expect(box.getAttribute('placeholder')).toBe('Search students...');
    await user.type(box, 'Noah{Enter}');
    expect(tutor.router.state.location.pathname).toBe('/tutor/students');
    expect(tutor.router.state.location.search).toBe('?q=Noah');
    expect(await accessibilityViolations()).toEqual([]);
  });
});
