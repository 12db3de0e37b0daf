import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { tutor, TUTOR_ID } from '../../test/booking-fixtures';
import { serveSignedIn, type ApiRequest } from '../../test/fake-api';
import { signedInStudent } from '../../test/fixtures';
import { conversation } from '../../test/messaging-fixtures';
import { renderInApp } from '../../test/render';
import { ProfileHeader } from './profile-header';
import { TutorCard } from './tutor-card';

// The Message buttons on a tutor's profile and card (issue #16): they open the conversation
// with the tutor and go to it.

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
