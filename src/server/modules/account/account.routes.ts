import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/account.contract';
import { fetchHeaders, forwardCookies } from '../../http/headers';
import { route } from '../../http/route';
import { requireUser, signedInUser } from '../auth/auth.guards';
import { hit } from '../auth/rate-limit';
import { signOut } from '../auth/auth.service';
import * as account from './account.service';
import { closeAccount, closingSummary } from './close-account';

/** Limits on what guesses a password or a code, or sends mail, per account. */
const LIMITS = {
  password: { name: 'account-password:user', max: 10, windowSeconds: 15 * 60 },
  emailCode: { name: 'account-email-code:user', max: 5, windowSeconds: 30 * 60 },
  emailConfirm: { name: 'account-email-confirm:user', max: 10, windowSeconds: 15 * 60 },
};

// The signed-in user's own account (Settings). Handlers check limits, call the use case, reply.
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const ctx = () => app.deps;
  const options = { tags: ['account'], preHandler: requireUser };
  const userId = (request: Parameters<typeof signedInUser>[0]) => signedInUser(request).id;

  route(app, contract.getAccount, options, async (request) =>
    account.accountOf(ctx(), userId(request)),
  );

  route(app, contract.updateAccountProfile, options, async (request) =>
    account.updateProfile(ctx(), userId(request), request.body),
  );

  route(app, contract.updateAccountTimezone, options, async (request) =>
    account.updateTimezone(ctx(), userId(request), request.body.timezone),
  );

  route(app, contract.updateAccountPhoto, options, async (request) =>
    account.updatePhoto(ctx(), userId(request), request.body.avatarPath),
  );

  route(app, contract.changePassword, options, async (request, reply) => {
    await hit(app.deps, LIMITS.password, userId(request));
    const cookies = await account.changePassword(
      ctx(),
      userId(request),
      request.body,
      fetchHeaders(request),
    );
    forwardCookies(reply, cookies);
    return null;
  });

  route(app, contract.requestEmailChange, options, async (request) => {
    await hit(app.deps, LIMITS.emailCode, userId(request));
    await account.requestEmailChange(ctx(), userId(request), request.body, fetchHeaders(request));
    return null;
  });

  route(app, contract.confirmEmailChange, options, async (request, reply) => {
    await hit(app.deps, LIMITS.emailConfirm, userId(request));
    const { value, cookies } = await account.confirmEmailChange(
      ctx(),
      userId(request),
      request.body,
      fetchHeaders(request),
    );
    forwardCookies(reply, cookies);
    return value;
  });

  route(app, contract.getClosingSummary, options, async (request) =>
    closingSummary(ctx(), signedInUser(request)),
  );

  route(app, contract.deleteAccount, options, async (request, reply) => {
    await hit(app.deps, LIMITS.password, userId(request));
    const headers = fetchHeaders(request);
    await closeAccount(ctx(), signedInUser(request), request.body.password, headers);
    // The sessions are gone; this clears the browser's cookie.
    forwardCookies(reply, await signOut(ctx(), headers));
    return null;
  });
};
