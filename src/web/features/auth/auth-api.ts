import { useQuery } from '@tanstack/react-query';
import * as auth from '../../../contracts/auth.contract';
import type { Role } from '../../../domain/accounts/account-rules';
import { call, type BodyOf } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const authApi = {
  signIn: (body: BodyOf<typeof auth.signIn>) => call(auth.signIn, { body }),
  signUp: (body: BodyOf<typeof auth.signUp>) => call(auth.signUp, { body }),
  verifyEmail: (email: string, code: string) => call(auth.verifyEmail, { body: { email, code } }),
  resendCode: (email: string) => call(auth.resendCode, { body: { email } }),
  forgotPassword: (email: string) => call(auth.forgotPassword, { body: { email } }),
  resetPassword: (body: BodyOf<typeof auth.resetPassword>) => call(auth.resetPassword, { body }),
  startGoogle: (role: Role, isSignup: boolean) =>
    call(auth.startGoogleSignIn, { body: { role, isSignup } }),
};

/** Whether this server offers Google sign-in (the button is disabled otherwise). */
export function useGoogleAvailable(): boolean {
  const { data } = useQuery({
    queryKey: queryKeys.authProviders,
    staleTime: Infinity,
    queryFn: () => call(auth.getAuthProviders),
  });
  return data?.google ?? false;
}
