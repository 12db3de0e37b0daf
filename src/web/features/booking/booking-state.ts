import { BOOKING_MODES, type BookingMode } from '../../../domain/booking/booking-rules';
import { DEFAULT_LESSON_MINUTES, type LessonMinutes } from '../../../domain/scheduling/slot-length';

// What the student has chosen in the booking modal, and how one choice resets others:
// changing duration, timezone or week clears the chosen time; the timezone also
// clears the date, as every date moves with it. A date left unchosen (null) means "the
// default day", decided from the week's slots when they arrive.

export interface BookingChoice {
  /** The mode the student clicked; the eligibility rule has the last word (effectiveMode). */
  mode: BookingMode | null;
  subjectId: number | null;
  lessonMinutes: LessonMinutes;
  zone: string;
  /** Weeks after today's: 0 is the first, and the strip never goes before it. */
  weekOffset: number;
  date: string | null;
  /** The chosen slot's UTC start: unique within the shown week. */
  slotStart: string | null;
  notes: string;
}

type BookingAction =
  | { type: 'mode'; mode: BookingMode }
  | { type: 'subject'; subjectId: number }
  | { type: 'minutes'; lessonMinutes: LessonMinutes }
  | { type: 'zone'; zone: string }
  | { type: 'week'; step: 1 | -1 }
  | { type: 'date'; date: string }
  | { type: 'time'; slotStart: string | null }
  | { type: 'notes'; notes: string };

export const initialChoice = (zone: string): BookingChoice => ({
  mode: null,
  subjectId: null,
  lessonMinutes: DEFAULT_LESSON_MINUTES,
  zone,
  weekOffset: 0,
  date: null,
  slotStart: null,
  notes: '',
});

export function bookingReducer(state: BookingChoice, action: BookingAction): BookingChoice {
  switch (action.type) {
    case 'mode':
      return { ...state, mode: action.mode };
    case 'subject':
      return { ...state, subjectId: action.subjectId };
    case 'minutes':
      return { ...state, lessonMinutes: action.lessonMinutes, slotStart: null };
    case 'zone':
      return { ...state, zone: action.zone, date: null, slotStart: null };
    case 'week': {
      const weekOffset = Math.max(0, state.weekOffset + action.step);
      if (weekOffset === state.weekOffset) return state;
      return { ...state, weekOffset, date: null, slotStart: null };
    }
    case 'date':
      return state.date === action.date ? state : { ...state, date: action.date, slotStart: null };
    case 'time':
      return { ...state, slotStart: action.slotStart };
    case 'notes':
      return { ...state, notes: action.notes };
  }
}

/**
 * The mode in force: a student who may still have a trial books one and cannot
 * change it; a failed check counts as eligible (`eligible` undefined while it runs, where
 * the trial is assumed too); otherwise single unless another paid mode was picked.
 */
export function effectiveMode(eligible: boolean | undefined, chosen: BookingMode | null) {
  if (eligible !== false) return 'trial';
  return chosen === null || chosen === 'trial' ? 'single' : chosen;
}

/** Whether a mode can be completed today (paid modes wait for card payments). */
export const isBookable = (mode: BookingMode) =>
  (BOOKING_MODES as readonly BookingMode[]).includes(mode);
