import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bookedLesson } from '../../test/booking-fixtures';
import { serveSignedIn } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { StudentSchedulePage } from './student-schedule-page';

// A notification about a lesson leads to `?lesson=…` on a lessons page (issue #29): the page
// opens that lesson's details, even when the lesson is beyond the list's range, and closing
// them leaves the page where it was.

describe('a lesson named in the address', () => {
  it('opens in its details dialog on My Schedule, and closing it takes it out of the address', async () => {
    const far = bookedLesson({ id: 'lesson-9', subject: 'Physics' });
    serveSignedIn(signedInStudent, {
      // Not in the next 14 days' list: the page asks for the lesson itself.
      'GET /api/lessons/upcoming': { json: { lessons: [] } },
      'GET /api/lessons/lesson-9': { json: { lesson: far } },
    });
    const { router } = renderInApp(<StudentSchedulePage />, {
      path: '/student/schedule?lesson=lesson-9',
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Physics')).toBeTruthy();
    expect(within(dialog).getByText(/Ada Tutor/)).toBeTruthy();

    await userEvent.setup().click(within(dialog).getAllByRole('button', { name: /^Close/ })[0]!);
    expect(router.state.location.pathname).toBe('/student/schedule');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
