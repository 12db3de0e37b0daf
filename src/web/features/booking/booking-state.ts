import type { BookingMode } from '../../../domain/booking/booking-rules';
import { DEFAULT_LESSON_MINUTES, type LessonMinutes } from '../../../domain/scheduling/slot-length';

// What the student has chosen in the booking modal, and how one choice resets others:
// changing duration, timezone or week clears the chosen time; the timezone also
// clears the date, as every date moves with it. A date left unchosen (null) means "the
// default day", decided from the week's slots when they arrive. Leaving package mode or
// changing the subject clears the chosen package (spec 3). A lesson paid with a package
// credit is that package's subject and length: choosing the credit sets both, and changing
// either drops the credit.

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
  /** The package offer chosen in package mode. */
  packageId: string | null;
  /** The bought package a single lesson is taken from, instead of paying for it. */
  creditId: string | null;
}

/** A bought package as the modal uses it: which credit, its subject and lesson length. */
export interface Credit {
  id: string;
  subjectId: number;
  lessonMinutes: LessonMinutes;
}

type BookingAction =
  | { type: 'mode'; mode: BookingMode }
  | { type: 'subject'; subjectId: number }
  | { type: 'minutes'; lessonMinutes: LessonMinutes }
  | { type: 'zone'; zone: string }
  | { type: 'week'; step: 1 | -1 }
  | { type: 'date'; date: string }
  | { type: 'time'; slotStart: string | null }
  | { type: 'notes'; notes: string }
  | { type: 'package'; packageId: string }
  | { type: 'credit'; credit: Credit | null };

export const initialChoice = (zone: string): BookingChoice => ({
  mode: null,
  subjectId: null,
  lessonMinutes: DEFAULT_LESSON_MINUTES,
  zone,
  weekOffset: 0,
  date: null,
  slotStart: null,
  notes: '',
  packageId: null,
  creditId: null,
});

export function bookingReducer(state: BookingChoice, action: BookingAction): BookingChoice {
  switch (action.type) {
    case 'mode':
      return {
        ...state,
        mode: action.mode,
        packageId: action.mode === 'package' ? state.packageId : null,
        creditId: action.mode === 'single' ? state.creditId : null,
      };
    case 'subject':
      if (state.subjectId === action.subjectId) return state;
      return { ...state, subjectId: action.subjectId, packageId: null, creditId: null };
    case 'minutes':
      if (state.lessonMinutes === action.lessonMinutes) return state;
      return { ...state, lessonMinutes: action.lessonMinutes, slotStart: null, creditId: null };
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
    case 'package':
      return { ...state, packageId: action.packageId };
    case 'credit': {
      const { credit } = action;
      if (!credit) return { ...state, creditId: null };
      const sameLength = credit.lessonMinutes === state.lessonMinutes;
      return {
        ...state,
        creditId: credit.id,
        subjectId: credit.subjectId,
        lessonMinutes: credit.lessonMinutes,
        slotStart: sameLength ? state.slotStart : null,
      };
    }
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
