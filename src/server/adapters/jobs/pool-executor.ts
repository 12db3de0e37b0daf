import type pg from 'pg';

// How pg-boss reaches the database: its `db` option, `{ executeSql(text, values) }`, backed by a
// node-postgres pool. On PGlite that pool is the app's own (one session, handed out in turn), so
// a pg-boss statement waits behind an open app transaction instead of running inside it.

export interface SqlResult {
  rows: unknown[];
}

export interface PoolExecutor {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Whether a statement is under way. */
  busy(): boolean;
  /** Resolves once no statement is under way. */
  settled(): Promise<void>;
  /**
   * From now on answers every statement with no rows without touching the database: a pg-boss
   * worker still finishing its loop after `stop` finds no job instead of querying a pool that
   * is about to close.
   */
  close(): void;
}

export function poolExecutor(pool: pg.Pool): PoolExecutor {
  const underWay = new Set<Promise<unknown>>();
  let closed = false;

  async function run(text: string, values?: unknown[]): Promise<SqlResult> {
    // Never `pool.query`: on an error it destroys the client, and on PGlite that tears down the
    // one shared session under the app (the next app query fails "Connection terminated
    // unexpectedly"). A checked-out client released without an error is kept.
    const client = await pool.connect();
    try {
      // Without values node-postgres sends a simple query, which may hold several statements:
      // pg-boss's migrations and maintenance are such scripts (BEGIN; ...; COMMIT;).
      const result = await client.query(text, values);
      // A multi-statement script yields one result per statement; pg-boss reads none of them.
      return Array.isArray(result) ? { rows: [] } : result;
    } catch (error) {
      // A script that failed between its BEGIN and COMMIT leaves the session in an aborted
      // transaction; on PGlite that session is the app's. End it before handing it back
      // (outside a transaction this is a harmless warning).
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    executeSql(text, values) {
      if (closed) return Promise.resolve({ rows: [] });
      const statement = run(text, values);
      underWay.add(statement);
      void statement.catch(() => undefined).finally(() => underWay.delete(statement));
      return statement;
    },
    busy: () => underWay.size > 0,
    async settled() {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
    },
    close() {
      closed = true;
    },
  };
}
