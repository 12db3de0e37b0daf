import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types';

export type Db = Kysely<DB> | Transaction<DB>;
