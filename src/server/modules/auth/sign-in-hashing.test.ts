import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { argon2Hasher, type PasswordHasher } from '../../adapters/passwords';
import { signUpAndVerify, uniqueEmail } from '../../test/accounts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { createAuth } from './auth';
import * as accounts from './auth.service';

// A wrong password and an unknown email must cost the same argon2 work, or the answer's timing
// tells which emails are registered. The real hasher is watched, not replaced.

/** The argon2 parameters of a PHC string: '$argon2id$v=19$m=19456,t=2,p=1$…' -> 'argon2id m=…'. */
const parametersOf = (phc: string) => phc.split('$').slice(1, 4).join(' ');

describe('sign-in hashing work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('checks an unknown email with one argon2 computation of the same parameters as a real check', async () => {
    const work: string[] = [];
    const watched: PasswordHasher = {
      hash: async (password) => {
        const made = await argon2Hasher.hash(password);
        work.push(parametersOf(made));
        return made;
      },
      verify: async (stored, password) => {
        work.push(parametersOf(stored));
        return argon2Hasher.verify(stored, password);
      },
    };
    const { env, db, mailer, signingSecret } = t.app.deps;
    const auth = createAuth({
      env,
      db,
      mailer,
      secret: signingSecret,
      trustedOrigins: [t.url],
      passwords: watched,
    });
    const signIn = (email: string) =>
      accounts.signIn(
        { ...t.app.deps, auth },
        { email, password: 'Wrong1!pass', rememberMe: false },
        new Headers(),
      );

    const { email } = await signUpAndVerify(t.url, t.inbox, 'student');
    await expect(signIn(email)).rejects.toMatchObject({ message: M.invalidCredentials });
    const known = work.splice(0);
    await expect(signIn(uniqueEmail('nobody'))).rejects.toMatchObject({
      message: M.invalidCredentials,
    });
    const unknown = work.splice(0);

    expect(known).toEqual(['argon2id v=19 m=19456,t=2,p=1']);
    expect(unknown).toEqual(known);
  });
});
