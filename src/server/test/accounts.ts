import { TestClient } from './http-client';
import { codeFrom, type SmtpInbox } from './smtp-inbox';

export const TEST_PASSWORD = 'Str0ng!pass';
let sequence = 0;

export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}.${Date.now()}.${sequence}@example.com`;
}

/** Signs a new user up through the API, verifies the mailed code and returns their client. */
export async function signUpAndVerify(
  appUrl: string,
  inbox: SmtpInbox,
  role: 'student' | 'tutor',
  names: { firstName?: string; lastName?: string; timezone?: string } = {},
): Promise<{ client: TestClient; email: string }> {
  const client = new TestClient(appUrl);
  const email = uniqueEmail(role);
  const signUp = await client.post('/api/auth/sign-up', {
    role,
    firstName: names.firstName ?? 'Sam',
    lastName: names.lastName ?? 'Jones',
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    acceptTerms: true,
    ...(names.timezone ? { timezone: names.timezone } : {}),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const code = codeFrom(await inbox.waitFor(email));
  const verified = await client.post('/api/auth/verify-email', { email, code });
  if (verified.status !== 200)
    throw new Error(`verification failed: ${verified.status} ${verified.text}`);
  return { client, email };
}
