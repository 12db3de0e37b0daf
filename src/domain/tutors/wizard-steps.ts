import { PROFILE_STEP_CODES, type ProfileStepCode } from '../reference/reference-defaults';

/**
 * Whether the wizard may open `step`: it is completed, or it is the next one after
 * the last completed step, or it is at or before the current step.
 */
export function canOpenStep(
  step: ProfileStepCode,
  completed: readonly ProfileStepCode[],
  current: ProfileStepCode,
): boolean {
  const index = PROFILE_STEP_CODES.indexOf(step);
  const lastCompleted = Math.max(-1, ...completed.map((code) => PROFILE_STEP_CODES.indexOf(code)));
  return (
    completed.includes(step) ||
    index === lastCompleted + 1 ||
    index <= PROFILE_STEP_CODES.indexOf(current)
  );
}

/** The first step not completed yet (where a returning tutor continues), or the last step. */
export function resumeStep(completed: readonly ProfileStepCode[]): ProfileStepCode {
  return (
    PROFILE_STEP_CODES.find((code) => !completed.includes(code)) ??
    PROFILE_STEP_CODES[PROFILE_STEP_CODES.length - 1]!
  );
}
