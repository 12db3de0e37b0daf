import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '../../domain/messages';
import { useUpcomingLessons } from '../features/lessons/upcoming-lessons-api';
import { SignInPage } from '../features/auth/sign-in-page';
import { paths } from '../lib/paths';
import { signedInStudent } from '../test/fixtures';
import { apiError, serveApi } from '../test/fake-api';
import { renderRouter } from '../test/render';
import { GuestOnly, RequireAuth } from './guards/guards';
import { createQueryClient } from './query-client';

function LessonCount() {
  const lessons = useUpcomingLessons(7);
  return <p>{lessons.data ? `${lessons.data.length} lessons` : 'Loading lessons'}</p>;
}

/** The app's cache and guards around sign-in and one protected page, opened at `start`. */
function renderApp(start: string) {
  const router = createMemoryRouter(
    [
      {
        path: paths.signIn,
        element: (
          <GuestOnly>
            <SignInPage />
          </GuestOnly>
        ),
      },
      {
        path: paths.student.lessons,
        element: (
          <RequireAuth role="student">
            <LessonCount />
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [start] },
  );
  const client = createQueryClient(router);
  renderRouter(router, client);
  return { router, client };
}

describe('the query cache on a 401', () => {
  it('ends an expired session: to sign-in, then back to the page after signing in again', async () => {
    let sessionValid = true;
    serveApi({
      'GET /api/auth/session': { json: { user: signedInStudent } },
      'GET /api/auth/providers': { json: { google: false } },
      'GET /api/lessons/upcoming': () =>
        sessionValid ? { json: { lessons: [] } } : apiError('UNAUTHENTICATED', M.signInRequired),
      'POST /api/auth/sign-in': () => {
        sessionValid = true;
        return { json: { user: signedInStudent, redirectTo: paths.student.overview } };
      },
    });
    sessionValid = false; // the cookie expired after the session was read
    const { router, client } = renderApp(`${paths.student.lessons}?range=30`);

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.signIn);
    expect(client.getQueryData(['lessons', 'upcoming', 7])).toBeUndefined();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Correct-horse-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('0 lessons')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `${paths.student.lessons}?range=30`,
    );
  });

  it('leaves a guest where they are: a 401 with nobody signed in is an ordinary answer', async () => {
    serveApi({
      'GET /api/auth/session': { json: { user: null } },
      'GET /api/auth/providers': { json: { google: false } },
      'POST /api/auth/sign-in': apiError('UNAUTHENTICATED', M.invalidCredentials),
    });
    const { router } = renderApp(paths.signIn);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong-horse-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(M.invalidCredentials)).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
    expect(router.state.location.pathname).toBe(paths.signIn);
  });
});
