import { z } from 'zod';
import { defineJob } from '../../adapters/jobs/define-job';

// The ledger's background job: the periodic release of earned money (release-earnings.ts).
export const LEDGER_JOBS = {
  /** One run per 5-minute slot of real time. */
  releaseEarnings: defineJob('ledger.release-earnings', z.object({ slot: z.number().int() })),
};
