import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { MESSAGING_JOBS } from '../modules/messaging/messaging.jobs';

// The messages digest's jobs as pg-boss keeps them, for tests: the queue decides by the
// database's clock, which a test's fixed clock does not move, so a test makes them due and
// awaits the queue (never sleeps 15 minutes).

const DIGEST_JOB = MESSAGING_JOBS.digest.name;
const DIGEST_MAIL_JOB = MESSAGING_JOBS.digestMail.name;

/** Makes the recipients' queued digest jobs due by the database's clock; answers how many. */
export async function makeDigestsDue(db: Kysely<DB>, recipientIds: string[]) {
  const { rows } = await sql<{ id: string }>`update pgboss.job
       set start_after = now() - interval '1 second'
     where name = ${DIGEST_JOB} and state = 'created'
       and data->>'recipientId' in (${sql.join(recipientIds)})
     returning id`.execute(db);
  return rows.length;
}

/** The recipients' digest jobs queued for later, by when they start. */
export async function laterDigests(db: Kysely<DB>, recipientId: string) {
  const { rows } = await sql<{ start_after: Date }>`select start_after from pgboss.job
     where name = ${DIGEST_JOB} and state = 'created' and data->>'recipientId' = ${recipientId}
     order by start_after`.execute(db);
  return rows.map((row) => new Date(row.start_after).toISOString());
}

/** Waits until no digest or digest email job is due, running or retrying (no fixed sleep). */
export async function digestsSettled(db: Kysely<DB>) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
       where name in (${DIGEST_JOB}, ${DIGEST_MAIL_JOB})
         and (state in ('active', 'retry') or (state = 'created' and start_after <= now()))`.execute(
      db,
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('digest jobs still pending after 15 s');
}
