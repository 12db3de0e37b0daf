import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import {
  getSession,
  signOut as signOutEndpoint,
  type SessionUser,
} from '../../contracts/auth.contract';
import { call } from './api-client';
import { queryKeys } from './query-keys';

// The authentication state (loading, the signed-in user or none), read from the server's session (an HttpOnly cookie
// the page never sees). The server decides who may do what; this only shapes navigation.
interface AuthState {
  user: SessionUser | null;
  isLoading: boolean;
  error: string | null;
  isAuthenticated: boolean;
  isInitialized: boolean;
  refresh(): Promise<SessionUser | null>;
  /** Adopts the user a sign-in or verification just returned. */
  setUser(user: SessionUser | null): void;
  signOut(): Promise<void>;
}

const SESSION_KEY = queryKeys.session;
const SessionContext = createContext<AuthState | null>(null);

/** The signed-in user as last loaded, without subscribing (null: nobody, or not known yet). */
export const cachedUser = (client: QueryClient) =>
  client.getQueryData<SessionUser | null>(SESSION_KEY) ?? null;

/**
 * Forgets everything the previous user loaded, but keeps the (now empty) session known, so
 * guards redirect at once instead of reloading it.
 */
export function clearSession(client: QueryClient) {
  client.setQueryData(SESSION_KEY, null);
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => (await call(getSession)).user,
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
  const refresh = useCallback(async () => {
    const user = (await call(getSession)).user;
    client.setQueryData(SESSION_KEY, user);
    return user;
  }, [client]);
  const setUser = useCallback(
    (user: SessionUser | null) => client.setQueryData(SESSION_KEY, user),
    [client],
  );
  const signOut = useCallback(async () => {
    try {
      await call(signOutEndpoint);
    } finally {
      clearSession(client);
    }
  }, [client]);
  const value = useMemo<AuthState>(() => {
    const user = query.data ?? null;
    return {
      user,
      isLoading: query.isPending,
      error: query.error ? query.error.message : null,
      isAuthenticated: user !== null,
      isInitialized: !query.isPending,
      refresh,
      setUser,
      signOut,
    };
  }, [query.data, query.isPending, query.error, refresh, setUser, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): AuthState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
