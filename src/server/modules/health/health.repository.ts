import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** True when a trivial query answers. */
export async function isReachable(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
