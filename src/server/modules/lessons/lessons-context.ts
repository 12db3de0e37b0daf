import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock';
import type { DB } from '../../db/types';

/** What the lessons use cases need from the app: the database, the URL signer, the clock. */
export interface LessonsContext {
  db: Kysely<DB>;
  signingSecret: string;
  clock: Clock;
}
