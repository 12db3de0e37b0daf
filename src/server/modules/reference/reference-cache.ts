import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { loadReferenceData } from './reference.service';

// Reference data changes through migrations and the seed (at start) or an operator's SQL edit,
// never through the API: each process reads it once, serves the same bytes with a strong ETag,
// and reads it again after RELOAD_MS so an operator's edit shows within a minute, as before.

const RELOAD_MS = 60_000;

export interface ReferenceBody {
  /** The serialized response, sent as is. */
  json: string;
  etag: string;
  /** The same bytes compressed once per load, not once per request (the body is ~20 KB). */
  encoded: { br: Buffer; gzip: Buffer };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function referenceCache(db: Kysely<DB>) {
  let current: { body: Promise<ReferenceBody>; loadedAt: number } | undefined;
  const load = async (): Promise<ReferenceBody> => {
    const json = JSON.stringify(await loadReferenceData(db));
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
    const [br, gzip] = await Promise.all([
      brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipped(json, { level: 9 }),
    ]);
    return { json, etag: `"${hash}"`, encoded: { br, gzip } };
  };
  return {
    /** The current body; one read at a time refreshes it (a failed read is not kept). */
    get(): Promise<ReferenceBody> {
      // Monotonic time decides only how stale a copy may be, not anything the user sees as a date.
      const now = performance.now();
      if (!current || now - current.loadedAt > RELOAD_MS) {
        const body = load();
        const entry = { body, loadedAt: now };
        current = entry;
        body.catch(() => {
          if (current === entry) current = undefined;
        });
      }
      return current.body;
    },
  };
}

/** Whether an If-None-Match header names `etag` (a list, `*`, or the weak form all match). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. A coding
 * the client gave q=0 is refused.
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(?:\.0*)?\s*$/u.test(param)))
      .map(([coding]) => coding!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
