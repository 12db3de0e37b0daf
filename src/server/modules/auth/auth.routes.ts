import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProvidersResponse,
  emailRequest,
  googleStartRequest,
  googleStartResponse,
  resetPasswordRequest,
  sessionResponse,
  signedInResponse,
  signInRequest,
  signUpRequest,
  signUpResponse,
  verifyEmailRequest,
} from '../../../contracts/auth.contract';
import { AppError } from '../../errors';
import { fetchHeaders, forwardCookies } from '../../http/headers';
import * as accounts from './auth.service';
import { hit, RATE_LIMITS } from './rate-limit';

// The public account API. Handlers parse, apply rate limits, call the use case and reply.
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => ({
    auth: app.deps.auth,
    db: app.deps.db,
    signingSecret: app.deps.signingSecret,
  });
  const tags = ['auth'];
  const noContent = { 204: z.null() };

  app.get(
    '/api/auth/session',
    { schema: { tags, response: { 200: sessionResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: await accounts.currentUser(ctx(), fetchHeaders(request)) };
    },
  );

  app.get(
    '/api/auth/providers',
    { schema: { tags, response: { 200: authProvidersResponse } } },
    async () => ({
      google: app.deps.googleEnabled,
    }),
  );

  app.post(
    '/api/auth/sign-up',
    { schema: { tags, body: signUpRequest, response: { 201: signUpResponse } } },
    async (request, reply) => {
      await hit(app.deps.db, RATE_LIMITS.signUpPerIp, request.ip);
      const result = await accounts.signUp(ctx(), request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/auth/verify-email',
    { schema: { tags, body: verifyEmailRequest, response: { 200: signedInResponse } } },
    async (request, reply) => {
      await hit(app.deps.db, RATE_LIMITS.codeCheckPerIp, request.ip);
      await hit(app.deps.db, RATE_LIMITS.codeCheckPerAccount, request.body.email);
      const { value, cookies } = await accounts.verifyEmail(
        ctx(),
        request.body.email,
        request.body.code,
        fetchHeaders(request),
      );
      forwardCookies(reply, cookies);
      return value;
    },
  );

  app.post(
    '/api/auth/resend-code',
    { schema: { tags, body: emailRequest, response: noContent } },
    async (request, reply) => {
      await hit(app.deps.db, RATE_LIMITS.resendPerAccount, request.body.email);
      await accounts.resendCode(ctx(), request.body.email);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/sign-in',
    { schema: { tags, body: signInRequest, response: { 200: signedInResponse } } },
    async (request, reply) => {
      await hit(app.deps.db, RATE_LIMITS.signInPerIp, request.ip);
      await hit(app.deps.db, RATE_LIMITS.signInPerAccount, request.body.email);
      const { value, cookies } = await accounts.signIn(ctx(), request.body, fetchHeaders(request));
      forwardCookies(reply, cookies);
      return value;
    },
  );

  app.post(
    '/api/auth/sign-out',
    { schema: { tags, response: noContent } },
    async (request, reply) => {
      forwardCookies(reply, await accounts.signOut(ctx(), fetchHeaders(request)));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { schema: { tags, body: emailRequest, response: noContent } },
    async (request, reply) => {
      await hit(app.deps.db, RATE_LIMITS.resetRequestPerIp, request.ip);
      await hit(app.deps.db, RATE_LIMITS.resetRequestPerAccount, request.body.email);
      await accounts.requestPasswordReset(ctx(), request.body.email);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { tags, body: resetPasswordRequest, response: noContent } },
    async (request, reply) => {
      await hit(app.deps.db, RATE_LIMITS.resetPerIp, request.ip);
      await accounts.resetPassword(ctx(), request.body.token, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/google',
    { schema: { tags, body: googleStartRequest, response: { 200: googleStartResponse } } },
    async (request, reply) => {
      if (!app.deps.googleEnabled)
        throw new AppError('NOT_FOUND', 'Google sign-in is not configured');
      const { value, cookies } = await accounts.startGoogleSignIn(
        ctx(),
        request.body,
        fetchHeaders(request),
      );
      forwardCookies(reply, cookies);
      return value;
    },
  );
};
