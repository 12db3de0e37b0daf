import { createHash } from 'node:crypto';
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
}

export function referenceCache(db: Kysely<DB>) {
  let current: { body: Promise<ReferenceBody>; loadedAt: number } | undefined;
  const load = async (): Promise<ReferenceBody> => {
    const json = JSON.stringify(await loadReferenceData(db));
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27);
    return { json, etag: `"${hash}"` };
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
