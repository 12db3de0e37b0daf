import { sql } from 'kysely';
import type pg from 'pg';

// node-postgres sends every statement with parameters unnamed: PostgreSQL parses, analyses and
// plans it anew each time, and that was 59 % of its CPU in a paid booking (issue #28). Named,
// a statement is parsed once per connection and its plan can be kept (ADR 044). Only statements
// with parameters are named: they already go through the extended protocol, so nothing else
// changes how it is sent (a migration's many statements in one text cannot be prepared).

const PLANNED_FOR_ITS_VALUES_TEXT = '/* planned for its values */';

/**
 * Ends a statement whose best plan depends on its values (a search's words, a LIKE pattern): it
 * is sent unnamed, so planned for each run's values. A named statement may be switched to one
 * generic plan after five runs when that plan looks no costlier, and one plan does not fit
 * every search: after a few searches for a word, a one-letter search at 100 000 tutors took
 * 379 ms instead of 12 ms (`bench:search`). Kysely: `.modifyEnd(PLANNED_FOR_ITS_VALUES)`.
 */
export const PLANNED_FOR_ITS_VALUES = sql.raw(PLANNED_FOR_ITS_VALUES_TEXT);

/** The part of a node-postgres pool Kysely's dialect uses. */
export interface ClientPool {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

/**
 * Distinct texts named per process at most: Kysely writes one text per shape of a query (an
 * `in` list of three ids is another text than one of four), and each named statement holds
 * memory on every connection that ran it. Past the cap, texts go unnamed as before.
 */
const MAX_NAMED_STATEMENTS = 2_000;

/** PostgreSQL's "cached plan must not change result type": a table changed under a `select *`. */
const PLAN_RESULT_CHANGED = '0A000';

const named = new WeakSet<pg.PoolClient>();

/** A pool whose clients send each statement with parameters as a named prepared statement. */
export function namedStatements(pool: ClientPool): ClientPool {
  // Each text's name, or null for one planned for its values: decided once per text.
  const names = new Map<string, string | null>();
  let made = 0;
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = text.includes(PLANNED_FOR_ITS_VALUES_TEXT) ? null : `tutora_${(made += 1)}`;
      names.set(text, name);
    }
    return name ?? undefined;
  };

  const nameQueries = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0)
        return query(...args);
      const name = nameOf(text);
      if (name === undefined) return query(...args);
      return (query({ name, text, values }) as Promise<pg.QueryResult>).catch((error: unknown) => {
        // A migration changed a table under this statement: a new name is parsed afresh on
        // every connection, so only this one query fails (its transaction, if any, is lost).
        if ((error as { code?: string }).code === PLAN_RESULT_CHANGED) names.delete(text);
        throw error;
      });
    }) as typeof client.query;
    named.add(client);
  };

  return {
    async connect() {
      const client = await pool.connect();
      if (!named.has(client)) nameQueries(client);
      return client;
    },
    end: () => pool.end(),
  };
}
