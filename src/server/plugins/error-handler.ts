import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { $ZodError } from 'zod/v4/core';
import { ERROR_STATUS, type ErrorCode, type ErrorResponse } from '../../contracts/error-codes';
import { API_MESSAGES as M } from '../../domain/messages';
import { isCheckViolation } from '../db/constraint-errors';
import { AppError } from '../errors';
import { drainRefusedBody } from '../http/drain-refused-body';

// One place turns every failure into `{ error: { code, message } }`. Client mistakes keep
// their 4xx status and a specific message; anything unexpected is a 500 that says nothing
// internal (the details go to the log).

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse {
  return { error: { code, message, ...(fields && Object.keys(fields).length ? { fields } : {}) } };
}

function fieldMessages(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Status codes Fastify and its plugins attach to client mistakes, mapped to our codes. */
function codeForClientStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .code(ERROR_STATUS[error.code])
        .send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldMessages(
        error.validation.map((issue) => ({
          path: [issue.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean),
          message: issue.message ?? M.invalidValue,
        })),
      );
      const first = Object.values(fields)[0] ?? M.invalidRequest;
      return reply.code(400).send(body('VALIDATION_FAILED', first, fields));
    }
    // Classic and mini schemas alike throw a core $ZodError from parse().
    if (error instanceof $ZodError) {
      const fields = fieldMessages(error.issues);
      const first = error.issues[0]?.message ?? M.invalidRequest;
      return reply.code(400).send(body('VALIDATION_FAILED', first, fields));
    }
    if (isCheckViolation(error)) {
      request.log.warn({ err: error }, 'check constraint refused a value');
      return reply.code(400).send(body('VALIDATION_FAILED', M.outOfBounds));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      if (status === 413) drainRefusedBody(request, reply);
      return reply.code(status).send(body(codeForClientStatus(status), error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body('INTERNAL', M.internal));
  });
}
