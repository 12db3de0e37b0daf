import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { Role } from '../../../domain/accounts/account-rules';
import { api } from '../../lib/api-client';

export type SignedIn = { user: SessionUser; redirectTo: string };

export const authApi = {
  signIn: (body: { email: string; password: string; rememberMe: boolean }) =>
    api.post<SignedIn>('/api/auth/sign-in', body),
  signUp: (body: Record<string, unknown>) =>
    api.post<{ email: string; role: Role }>('/api/auth/sign-up', body),
  verifyEmail: (email: string, code: string) =>
    api.post<SignedIn>('/api/auth/verify-email', { email, code }),
  resendCode: (email: string) => api.post<null>('/api/auth/resend-code', { email }),
  forgotPassword: (email: string) => api.post<null>('/api/auth/forgot-password', { email }),
  resetPassword: (body: { token: string; password: string; confirmPassword: string }) =>
    api.post<null>('/api/auth/reset-password', body),
  startGoogle: (role: Role, isSignup: boolean) =>
    api.post<{ url: string }>('/api/auth/google', { role, isSignup }),
};

/** Whether this server offers Google sign-in (the button is disabled otherwise). */
export function useGoogleAvailable(): boolean {
  const { data } = useQuery({
    queryKey: ['auth-providers'],
    staleTime: Infinity,
    queryFn: () => api.get<{ google: boolean }>('/api/auth/providers'),
  });
  return data?.google ?? false;
}
