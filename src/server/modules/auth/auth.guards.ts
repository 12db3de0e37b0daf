import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { SessionUser } from '../../../contracts/auth.contract';
import type { UserRole } from '../../../domain/accounts/account-rules';
import { ACCOUNT_MESSAGES as M } from '../../../domain/messages';
import { AppError } from '../../errors';
import { fetchHeaders } from '../../http/headers';
import { currentUser } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireRole. */
    user?: SessionUser;
  }
}

/** The signed-in user, read from the session cookie on the server. */
export async function sessionUserOf(request: FastifyRequest): Promise<SessionUser | null> {
  return currentUser(request.server.deps, fetchHeaders(request));
}

/** preHandler: 401 unless signed in with a verified email. */
export const requireUser: preHandlerAsyncHookHandler = async (request) => {
  const user = await sessionUserOf(request);
  if (!user) throw new AppError('UNAUTHENTICATED', M.signInRequired);
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED', M.emailNotVerified);
  request.user = user;
};

/** preHandler: 401 unless signed in, 403 unless the user has `role`. */
export function requireRole(role: UserRole): preHandlerAsyncHookHandler {
  return async function requireRoleHandler(request, reply) {
    await requireUser.call(this, request, reply);
    if (request.user?.role !== role) throw new AppError('FORBIDDEN', M.wrongRole);
  };
}

/** preHandler: 401 unless signed in, 403 for an admin (students and tutors only). */
export const requireStudentOrTutor: preHandlerAsyncHookHandler = async function (request, reply) {
  await requireUser.call(this, request, reply);
  if (request.user?.role !== 'student' && request.user?.role !== 'tutor')
    throw new AppError('FORBIDDEN', M.wrongRole);
};

/** The user set by a guard; use only in handlers behind requireUser / requireRole. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', M.signInRequired);
  return request.user;
}
