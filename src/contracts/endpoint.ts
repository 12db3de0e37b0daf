import { z } from 'zod/mini';
import type { ErrorCode } from './error-codes';

// One object per endpoint: what it takes, what it answers and how it may fail. The server
// registers its route from it (src/server/http/route.ts), the web calls it through
// call(endpoint, input) (src/web/lib/api-client.ts), and /api/docs is generated from the route.

/** The body of an upload: a multipart form with one field "file" (FormData on the web). */
export const MULTIPART = 'multipart/form-data';
/** The body type of every other endpoint that takes one. */
export const JSON_BODY = 'application/json';
/** A browser's form post: the built-in hosted pages (checkout, payout onboarding) only. */
export const FORM_BODY = 'application/x-www-form-urlencoded';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With :name segments for path parameters (and `*` for the rest of a path). */
  path: string;
  summary?: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType | typeof MULTIPART;
  /** The success status and its body; no response schema means a file, not JSON. */
  status: 200 | 201 | 204;
  response?: z.ZodMiniType;
  /** Other statuses that answer the success shape (the health check's 503). */
  alsoAnswers?: readonly number[];
  /** Every error code it may answer; each status is documented with the shared error body. */
  errors: readonly ErrorCode[];
}

/** Keeps the literal types of an endpoint (its path, schemas and codes) for route and client. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/** A path id: anything that is not a row's id is simply not found (404), never a 400. */
export const idParams = z.object({ id: z.string().check(z.maxLength(100)) });

/** The largest number id a row can have (a PostgreSQL integer): no row has a larger one. */
export const MAX_NUMBER_ID = 2_147_483_647;

/** A row's number id in a body (a subject's): `message` says what to choose when it is none. */
export const numberIdSchema = (message: string) =>
  z.int(message).check(z.positive(message), z.lte(MAX_NUMBER_ID, message));

/** A row's number id from a query string. */
export const numberIdFromQuery = (message: string) =>
  z.pipe(z.coerce.number(message), numberIdSchema(message));

// Shared error lists. Any write may be refused as cross-site (FORBIDDEN).
export const SIGNED_IN_ERRORS = ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED'] as const;
export const ROLE_ERRORS = [...SIGNED_IN_ERRORS, 'FORBIDDEN'] as const;

type Values = Record<string, unknown>;

/** The endpoint's path (web client and API tests alike) with its :params filled in (encoded) and its query string. */
export function urlOf(endpoint: Endpoint, input: { params?: unknown; query?: unknown }): string {
  const params = (input.params ?? {}) as Values;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Values)) {
    if (value === undefined || value === null) continue;
    // Lists travel as comma lists (the contracts' list schemas read them back).
    query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

type Schema<S> = S extends z.ZodMiniType ? S : never;

/** What call(endpoint, input) takes: the endpoint's params, query and body, as sent. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodMiniType
  ? { params: z.input<Schema<E['params']>> }
  : unknown) &
  (E['query'] extends z.ZodMiniType ? { query: z.input<Schema<E['query']>> } : unknown) &
  (E['body'] extends typeof MULTIPART
    ? { body: FormData }
    : E['body'] extends z.ZodMiniType
      ? { body: z.input<Schema<E['body']>> }
      : unknown);

/** call()'s input argument: optional when the endpoint takes nothing. */
export type EndpointArgs<E extends Endpoint> =
  object extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>];

/** The success body as the client reads it. */
export type EndpointOutput<E extends Endpoint> = z.output<NonNullable<E['response']>>;
