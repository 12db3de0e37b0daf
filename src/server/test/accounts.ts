import { signUp, verifyEmail } from '../../contracts/auth.contract';
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
  // A refusal fails the test with its status and answer (CallFailed).
  await client.call(signUp, {
    body: {
      role,
      firstName: names.firstName ?? 'Sam',
      lastName: names.lastName ?? 'Jones',
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      acceptTerms: true,
      ...(names.timezone ? { timezone: names.timezone } : {}),
    },
  });
  const code = codeFrom(await inbox.waitFor(email));
  await client.call(verifyEmail, { body: { email, code } });
  return { client, email };
}
