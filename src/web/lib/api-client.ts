import type { z } from 'zod/mini';
import {
  MULTIPART,
  urlOf,
  type Endpoint,
  type EndpointArgs,
  type EndpointInput,
  type EndpointOutput,
} from '../../contracts/endpoint';
import { errorResponse, type ErrorCode } from '../../contracts/error-codes';
import { API_MESSAGES as M } from '../../domain/messages';

// The one way the web calls the API: call(endpoint, input) builds the URL from the endpoint's
// contract, sends the body (JSON, or a FormData upload), checks the answer against the
// contract's response schema (outside production: see CHECKS_ANSWERS) and turns every failure
// into an ApiError with a typed code.

/**
 * The server encodes every answer through the same contract's response schema before sending it
 * (its serializer refuses a wrong shape and drops what the contract does not name), so in
 * production a second check here only spends the phone's CPU: ~30 ms at 4× slowdown for a page
 * of search results, on every search (ADR 053). The development build and the component tests,
 * whose answers are hand-written fixtures, still check each answer. An answer that is not JSON
 * at all (a proxy's page) is refused in every build.
 */
const CHECKS_ANSWERS = !import.meta.env.PROD;

/** The server's codes, plus what only the client sees: no connection, or an unreadable answer. */
type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The body an endpoint takes, for callers that pass one through. */
export type BodyOf<E extends Endpoint> = EndpointInput<E> extends { body: infer B } ? B : never;

/** The endpoint's URL (the contracts build it: the API tests' client builds it the same way). */
export { urlOf };

/** Calls an endpoint and answers its success body, checked against the contract. */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: EndpointArgs<E>
): Promise<EndpointOutput<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
  };
  const isForm = endpoint.body === MULTIPART;
  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, { params, query }), {
      method: endpoint.method,
      credentials: 'same-origin',
      // A FormData body sets its own multipart content type (with the boundary).
      headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', M.network);
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const parsed = errorResponse.safeParse(data);
    if (!parsed.success) throw new ApiError(response.status, 'UNKNOWN', M.unknown);
    const { code, message, fields } = parsed.data.error;
    throw new ApiError(response.status, code, message, fields);
  }
  if (data === undefined) throw new ApiError(response.status, 'UNKNOWN', M.unknown);
  if (!CHECKS_ANSWERS) return data as EndpointOutput<E>;
  const answer = checked<NonNullable<E['response']>>(endpoint.response, data);
  if (!answer?.success) {
    throw new ApiError(response.status, 'UNKNOWN', M.unknown, {}, { cause: answer?.error });
  }
  return answer.data;
}

/** The answer checked against the response schema (none: a file, which call() never reads). */
function checked<S extends z.ZodMiniType>(schema: S | undefined, data: unknown) {
  return schema?.safeParse(data);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The message to show for a failure, with a fallback for anything unexpected. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'UNKNOWN'
    ? error.message
    : fallback;
}
