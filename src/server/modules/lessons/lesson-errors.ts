import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { AppError } from '../../errors';

// What booking can be refused for when two requests race: the check before the write passed,
// and the database's constraints said no. Each is its own type, so a test can tell which rule
// refused; the client sees the same 409, code and message as when the check itself refused.

/** The tutor already has a lesson holding part of that time. */
export class TutorOverlapError extends AppError {
  override name = 'TutorOverlapError';
  constructor() {
    super('SLOT_TAKEN', M.slotUnavailable);
  }
}

/** The student already has a lesson (with any tutor) holding part of that time. */
export class StudentOverlapError extends AppError {
  override name = 'StudentOverlapError';
  constructor() {
    super('SLOT_TAKEN', M.slotUnavailable);
  }
}

/**
 * The tutor stopped being listed (suspended, rejected, closed), or the student's account was
 * suspended or closed, while the booking was under way: the same answer as a tutor not found.
 */
export class PartyUnavailableError extends AppError {
  override name = 'PartyUnavailableError';
  constructor() {
    super('NOT_FOUND', M.tutorNotFound);
  }
}

/** The student has a trial with this tutor that was not canceled: one trial per tutor. */
export class TrialAlreadyUsedError extends AppError {
  override name = 'TrialAlreadyUsedError';
  constructor() {
    super('TRIAL_USED', M.trialUsed);
  }
}
