import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/auth.contract';
import { API_MESSAGES } from '../../../domain/messages';
import { AppError } from '../../errors';
import { fetchHeaders, forwardCookies } from '../../http/headers';
import { route } from '../../http/route';
import * as accounts from './auth.service';
import { hit, RATE_LIMITS } from './rate-limit';

// The public account API. Handlers apply rate limits, call the use case and reply.
export const authRoutes: FastifyPluginAsync = async (app) => {
  // Each use case takes the part of the app's dependencies it needs.
  const ctx = () => app.deps;
  const options = { tags: ['auth'] };

  route(app, contract.getSession, options, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: await accounts.currentUser(ctx(), fetchHeaders(request)) };
  });

  route(app, contract.getAuthProviders, options, async () => ({
    google: app.deps.googleEnabled,
  }));

  route(app, contract.signUp, options, async (request) => {
    await hit(app.deps, RATE_LIMITS.signUpPerIp, request.ip);
    return accounts.signUp(ctx(), request.body);
  });

  route(app, contract.verifyEmail, options, async (request, reply) => {
    await hit(app.deps, RATE_LIMITS.codeCheckPerIp, request.ip);
    await hit(app.deps, RATE_LIMITS.codeCheckPerAccount, request.body.email);
    const { value, cookies } = await accounts.verifyEmail(
      ctx(),
      request.body.email,
      request.body.code,
      fetchHeaders(request),
    );
    forwardCookies(reply, cookies);
    return value;
  });

  route(app, contract.resendCode, options, async (request) => {
    await hit(app.deps, RATE_LIMITS.resendCooldown, request.body.email);
    await hit(app.deps, RATE_LIMITS.resendPerAccount, request.body.email);
    await accounts.resendCode(ctx(), request.body.email);
    return null;
  });

  route(app, contract.signIn, options, async (request, reply) => {
    const { email } = request.body;
    await hit(app.deps, RATE_LIMITS.signInPerIp, request.ip);
    await hit(app.deps, RATE_LIMITS.signInPerAccountAndIp, `${email}|${request.ip}`);
    await hit(app.deps, RATE_LIMITS.signInPerAccount, email);
    const { value, cookies } = await accounts.signIn(ctx(), request.body, fetchHeaders(request));
    forwardCookies(reply, cookies);
    return value;
  });

  route(app, contract.signOut, options, async (request, reply) => {
    forwardCookies(reply, await accounts.signOut(ctx(), fetchHeaders(request)));
    return null;
  });

  route(app, contract.forgotPassword, options, async (request) => {
    await hit(app.deps, RATE_LIMITS.resetRequestPerIp, request.ip);
    await hit(app.deps, RATE_LIMITS.resetRequestPerAccount, request.body.email);
    await accounts.requestPasswordReset(ctx(), request.body.email);
    return null;
  });

  route(app, contract.resetPassword, options, async (request) => {
    await hit(app.deps, RATE_LIMITS.resetPerIp, request.ip);
    await accounts.resetPassword(ctx(), request.body.token, request.body.password);
    return null;
  });

  route(app, contract.startGoogleSignIn, options, async (request, reply) => {
    if (!app.deps.googleEnabled) throw new AppError('NOT_FOUND', API_MESSAGES.googleNotConfigured);
    const { value, cookies } = await accounts.startGoogleSignIn(
      ctx(),
      request.body,
      fetchHeaders(request),
    );
    forwardCookies(reply, cookies);
    return value;
  });
};
