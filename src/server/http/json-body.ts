import type { FastifyInstance } from 'fastify';
import { JSON_BODY } from '../../contracts/endpoint';
import { API_MESSAGES as M } from '../../domain/messages';
import { AppError } from '../errors';

/** No body of ours nests deeper than a handful of levels; 32 leaves room and bounds recursion. */
export const MAX_JSON_DEPTH = 32;
/** The most arrays, objects and values one body may hold (the largest real one: a few hundred). */
export const MAX_JSON_VALUES = 10_000;

/**
 * Why a JSON text is too deep or too large to parse, judged in one pass over its characters
 * before JSON.parse and the schemas (both recurse: 5 000 levels overflow their stack), or
 * undefined. Counts structure outside strings only; malformed JSON is left to the parser.
 */
export function jsonShapeProblem(text: string): 'too-deep' | 'too-many-values' | undefined {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      // [ or {
      depth += 1;
      values += 1;
      if (depth > MAX_JSON_DEPTH) return 'too-deep';
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
    else if (c === 0x2c) values += 1; // each comma starts another value
    if (values > MAX_JSON_VALUES) return 'too-many-values';
  }
  return undefined;
}

/**
 * Fastify's JSON parser (prototype poisoning refused) behind the shape bound: too deep is a
 * 400, too many values a 413, before anything recursive sees the body.
 */
export function registerBoundedJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(JSON_BODY);
  app.addContentTypeParser(JSON_BODY, { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonShapeProblem(body as string);
    if (problem === 'too-deep') return done(new AppError('BAD_REQUEST', M.jsonTooDeep), undefined);
    if (problem === 'too-many-values')
      return done(new AppError('PAYLOAD_TOO_LARGE', M.jsonTooManyValues), undefined);
    return parse(request, body as string, done);
  });
}
