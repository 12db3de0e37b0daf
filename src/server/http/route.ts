import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { z } from 'zod/mini';
import { JSON_BODY, MULTIPART, type Endpoint } from '../../contracts/endpoint';
import { ERROR_STATUS, errorResponse, type ErrorCode } from '../../contracts/error-codes';
import { API_MESSAGES as M } from '../../domain/messages';
import { AppError } from '../errors';
import { unstorableTextPath } from './storable-text';

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** A request whose params, query and body the contract's schemas have already checked. */
export type ContractRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: E['body'] extends z.ZodMiniType ? z.output<E['body']> : unknown;
}>;

/** The success body (a file route sends its bytes through the reply instead). */
type Answer<E extends Endpoint> = E['response'] extends z.ZodMiniType
  ? z.input<E['response']>
  : FastifyReply;

export interface RouteOptions {
  tags: string[];
  preHandler?: preHandlerAsyncHookHandler;
}

/**
 * Registers the route of an endpoint contract: its method and path, its params, query and body
 * schemas (checked before the handler runs, 400 VALIDATION_FAILED otherwise), its success
 * response and one documented response per error status it lists, each with the shared error
 * body. The status is set to the contract's before the handler runs, so a handler returns the
 * body (and may still choose another status, as the health check's 503). Before any schema, text
 * the database cannot hold is refused (refuseUnstorableText), whichever field carries it.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  // NoInfer: the endpoint alone decides E, so the handler is checked against it.
  handler: (
    request: ContractRequest<NoInfer<E>>,
    reply: FastifyReply,
  ) => Promise<Answer<NoInfer<E>>>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    preValidation: refuseUnstorableText,
    preHandler: options.preHandler,
    // The only body type it reads (plugins/csrf.ts refuses others before parsing).
    config: { accepts: [endpoint.body === MULTIPART ? MULTIPART : JSON_BODY] },
    schema: {
      tags: options.tags,
      ...(endpoint.summary && { summary: endpoint.summary }),
      ...(endpoint.body === MULTIPART && { consumes: [MULTIPART] }),
      ...(typeof endpoint.body === 'object' && { body: endpoint.body }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      response: responsesOf(endpoint),
    },
    handler: async (request, reply) => {
      reply.code(endpoint.status);
      // The schemas above checked params, query and body: the request has the contract's types.
      return handler(request as ContractRequest<E>, reply);
    },
  });
}

/**
 * 400 VALIDATION_FAILED for a NUL character or a lone surrogate anywhere in the path, the query
 * or the JSON body (keys too), naming the field: one check for every field of every route.
 */
async function refuseUnstorableText(request: FastifyRequest) {
  const parts = { params: request.params, query: request.query, body: request.body };
  for (const [part, value] of Object.entries(parts)) {
    const path = unstorableTextPath(value);
    if (path !== undefined)
      throw new AppError('VALIDATION_FAILED', M.textNotStorable, {
        [path || part]: M.textNotStorable,
      });
  }
}

/** Success (and its alternative statuses), then each error status with the codes behind it. */
function responsesOf(endpoint: Endpoint): Record<number, z.ZodMiniType> {
  const responses: Record<number, z.ZodMiniType> = {};
  if (endpoint.response) {
    for (const status of [endpoint.status, ...(endpoint.alsoAnswers ?? [])])
      responses[status] = endpoint.response;
  }
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of endpoint.errors) {
    const status = ERROR_STATUS[code];
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of codesByStatus)
    responses[status] = errorResponse.check(z.describe(`Error: ${codes.join(', ')}`));
  return responses;
}
