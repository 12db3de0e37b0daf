import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LESSON_HISTORY_MESSAGES as H, REPORT_MESSAGES as M } from '../../../domain/messages';
import { serveSignedIn } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { conversation } from '../../test/messaging-fixtures';
import { renderInApp } from '../../test/render';
import { MyStudentsPage } from './my-students-page';

// A tutor reports a student from My Students (issue #15): the row's Report student opens the
// shared report dialog about that student's account. The row's Message (issue #16) opens the
// conversation with the student and goes to it.

const signedInTutor = { ...signedInStudent, id: 'tutor-1', role: 'tutor' as const };

/** My Students with one student, as GET /api/tutor/students answers. */
const oneStudent = {
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
};

describe("the tutor's My Students", () => {
  it('reports a student from their row', async () => {
    const user = userEvent.setup();
    const api = serveSignedIn(signedInTutor, {
      'GET /api/tutor/students': oneStudent,
      'POST /api/reports': {
        status: 201,
        json: {
          report: { id: 'r1', kind: 'user', status: 'open', createdAt: '2026-03-02T10:00:00Z' },
        },
      },
    });
    renderInApp(<MyStudentsPage />);

    await user.click(
      await screen.findByRole('button', { name: M.reportStudentLabel('Noah Berg') }),
    );
    const dialog = await screen.findByRole('dialog', { name: M.dialogTitleUser('Noah Berg') });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: M.submit }));

    expect(await screen.findByText(M.sent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'user',
      userId: 'student-7',
      reason: 'spam',
      details: '',
    });
  });

  it('messages a student from their row', async () => {
    const user = userEvent.setup();
    const { requests } = serveSignedIn(signedInTutor, {
      'GET /api/tutor/students': oneStudent,
      'POST /api/conversations': {
        status: 201,
        json: {
          conversation: conversation({
            counterpart: { ...conversation().counterpart, role: 'student' },
          }),
        },
      },
    });
    const { router } = renderInApp(<MyStudentsPage />, { path: '/tutor/students' });
    await user.click(await screen.findByRole('button', { name: 'Message Noah Berg' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/tutor/messages/conversation-1'),
    );
    expect(
      requests.filter((r) => r.url.pathname === '/api/conversations').map((r) => r.body),
    ).toEqual([{ studentId: 'student-7' }]);
  });

  it("shows the students the sidebar's search found, and clears it", async () => {
    const user = userEvent.setup();
    const api = serveSignedIn(signedInTutor, { 'GET /api/tutor/students': oneStudent });
    const { router } = renderInApp(<MyStudentsPage />, { path: '/tutor/students?q=noah' });

    expect(await screen.findByText(H.studentsMatching('noah', 1))).toBeTruthy();
    expect(screen.getByText('Noah Berg')).toBeTruthy();
    const searched = () =>
      api.requests.filter((r) => r.url.pathname === '/api/tutor/students').at(-1)?.url;
    expect(searched()?.searchParams.get('q')).toBe('noah');

    await user.click(screen.getByRole('button', { name: H.clearSearch }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(searched()?.searchParams.get('q')).toBe(''));
  });

  it('says when no student matches, and offers to clear the search', async () => {
    serveSignedIn(signedInTutor, {
      'GET /api/tutor/students': { json: { students: [], page: 1, totalPages: 1, total: 0 } },
    });
    renderInApp(<MyStudentsPage />, { path: '/tutor/students?q=zed' });
    expect(await screen.findByText(H.noStudentsMatch('zed'))).toBeTruthy();
    expect(screen.getByRole('button', { name: H.clearSearch })).toBeTruthy();
    expect(screen.queryByText(H.noStudents)).toBeNull();
  });
});
