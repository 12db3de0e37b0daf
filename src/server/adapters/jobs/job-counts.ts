import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** Jobs in pg-boss's tables by queue and state (metrics); none while its schema is missing. */
export async function jobCountsByState(db: Kysely<DB>) {
  const { rows } = await sql<{ name: string; state: string; count: number }>`
    select name, state::text, count(*)::int as count from pgboss.job group by name, state
  `
    .execute(db)
    .catch(() => ({ rows: [] as { name: string; state: string; count: number }[] }));
  return rows;
}
