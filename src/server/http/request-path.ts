import type { FastifyRequest } from 'fastify';

/**
 * One reading of a request's path for every rule that depends on it (ADR 023). The router
 * decodes percent-escapes and resolves dot segments before it matches, so a rule that read the
 * raw URL could see `/%61pi/…` where the router sees `/api/…`. Paths that are not in canonical
 * form are refused before any other hook runs (plugins/canonical-path.ts); every later rule
 * reads `pathOf(request)`, which is then what the router matched.
 */

export const API_PREFIX = '/api';

/** Unreserved characters (RFC 3986) must be sent as they are, never percent-encoded. */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/iu;

/**
 * Why a raw path (without its query) is not canonical, or undefined when it is: an encoded
 * unreserved character, an empty segment (`//`), a `.` or `..` segment, a segment ending in a
 * dot, or `/api` in another case. Reserved characters may stay encoded (`%2F` inside an id is
 * data, not a separator).
 */
export function nonCanonicalReason(rawPath: string): string | undefined {
  if (!rawPath.startsWith('/')) return 'does not start with /';
  if (ENCODED_UNRESERVED.test(rawPath)) return 'an unreserved character is percent-encoded';
  if (rawPath === '/') return undefined;
  const segments = rawPath.slice(1).split('/');
  // A trailing slash leaves one empty last segment: the router tells it apart, so it may stay.
  const inner = segments.at(-1) === '' ? segments.slice(0, -1) : segments;
  if (inner.some((segment) => segment === '')) return 'an empty segment (//)';
  if (inner.some((segment) => segment.endsWith('.'))) return 'a dot segment or a trailing dot';
  const first = segments[0]!;
  if (first.toLowerCase() === API_PREFIX.slice(1) && first !== API_PREFIX.slice(1))
    return '/api in another case';
  return undefined;
}

/** The path part of a request URL, as sent. */
export function rawPathOf(url: string): string {
  const end = url.search(/[?#]/u);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * The path the rules decide on: the matched route's pattern, else (no route matched) the path
 * as sent, which the canonical-path hook has already checked.
 */
export function pathOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? rawPathOf(request.url);
}

export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}
