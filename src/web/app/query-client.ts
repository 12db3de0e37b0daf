import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { ApiError } from '../lib/api-client';
import { paths } from '../lib/paths';
import { cachedUser, clearSession } from '../lib/session';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

/**
 * Set in a mutation's meta when it carries text the user has not saved elsewhere (notes): a 401
 * there must not navigate away and lose it; the page says the save failed and keeps the text.
 */
export const KEEPS_UNSAVED_INPUT = 'keepsUnsavedInput';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The app's query cache, with its one answer to a 401: while someone is signed in, a 401 means
 * their session ended under them (expired, signed out in another tab, revoked). Forget it and
 * send them to sign in with the page they were on, where signing in brings them back. A 401
 * with nobody signed in (a wrong password) is an ordinary answer for the page to show.
 */
export function createQueryClient(router: AppRouter): QueryClient {
  const endExpiredSession = (error: unknown, meta?: Record<string, unknown>) => {
    if (!isUnauthorized(error) || !cachedUser(client) || meta?.[KEEPS_UNSAVED_INPUT]) return;
    const { pathname, search } = router.state.location;
    clearSession(client);
    void router.navigate(paths.signIn, { replace: true, state: { from: { pathname, search } } });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => endExpiredSession(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => endExpiredSession(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Asking again will not bring a session back.
        retry: (failures, error) => !isUnauthorized(error) && failures < 3,
      },
    },
  });
  return client;
}
