// pg-boss's statement texts (its src/plans.js, not typed by the package): the few we recognise.
declare module 'pg-boss/src/plans.js' {
  const plans: {
    DEFAULT_SCHEMA: string;
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
