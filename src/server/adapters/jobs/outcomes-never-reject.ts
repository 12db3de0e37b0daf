import plans from 'pg-boss/src/plans.js';
import type { PoolExecutor } from './pool-executor';

// pg-boss 10 records a batch's outcome (its worker's `complete` or `fail`) without awaiting it
// (pg-boss issue #577). Refused — PostgreSQL restarting, the connection cut — that is a
// rejection nobody handles, and Node ends the process: an API process died so under the soak.
// pg-boss 11, which awaits them, needs Node 22. The job's row is still active then, and pg-boss
// runs it again once its timeout has passed, as after a crash; so a refused outcome is
// reported and answered as "no job changed" (pg-boss reads the count and nothing else).

const OUTCOMES = new Set([
  plans.completeJobs(plans.DEFAULT_SCHEMA),
  plans.failJobsById(plans.DEFAULT_SCHEMA),
]);

/**
 * The executor pg-boss is given: the same, except that recording an outcome never rejects. Our
 * own `fail` of a job passes the plain executor, so it still learns of a refusal.
 */
export function outcomesNeverReject(
  executor: PoolExecutor,
  report: (error: unknown) => void,
): PoolExecutor {
  return {
    ...executor,
    executeSql(text, values) {
      const statement = executor.executeSql(text, values);
      if (!OUTCOMES.has(text)) return statement;
      return statement.catch((error: unknown) => {
        report(error);
        return { rows: [{ count: '0' }] };
      });
    },
  };
}
