import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request's headers as a Fetch API Headers object (what Better Auth reads). */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** Appends Set-Cookie headers produced by Better Auth to our reply. */
export function forwardCookies(reply: FastifyReply, cookies: string[]) {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
