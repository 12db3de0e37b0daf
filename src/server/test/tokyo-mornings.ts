import { MS_PER_DAY } from '../../domain/scheduling/local-date';
import type { TutorOptions } from './factories';
import { everyDay } from './weekly-availability';

// The booking suites' world (lessons, packages, paid bookings): tutors teach 09:00–12:00 Tokyo
// time every day; students look from Kolkata (UTC+5:30; Tokyo is UTC+9, neither has daylight
// saving), where 09:00 Tokyo is 05:30. The apps' clocks stand still at NOW, a Monday, so no
// test depends on the hour it runs at.

export const TUTOR_ZONE = 'Asia/Tokyo';
export const VIEWER_ZONE = 'Asia/Kolkata';
export const NOW = new Date('2030-01-07T03:00:00Z');

/** A morning's three one-hour slots as the viewer reads them; none overlaps another. */
export const HOUR_SLOTS = ['05:30-06:30', '06:30-07:30', '07:30-08:30'] as const;

/** How these tutors teach; a test adds subjects or a rate where it matters. */
export const MORNING_TEACHING: TutorOptions = {
  timezone: TUTOR_ZONE,
  availability: everyDay('09:00', '12:00'),
};

/** The viewer's date `days` from NOW, 'YYYY-MM-DD'. */
export const viewerDate = (days: number) =>
  new Date(NOW.getTime() + days * MS_PER_DAY).toLocaleDateString('en-CA', {
    timeZone: VIEWER_ZONE,
  });

/** The body of a fifty-minute trial booking with `tutor`, `days` ahead at HOUR_SLOTS[slot]. */
export const trialBooking = (tutor: { id: string; subjectId: number }, days = 3, slot = 0) => ({
  tutorProfileId: tutor.id,
  subjectId: tutor.subjectId,
  mode: 'trial' as const,
  bookingDate: viewerDate(days),
  slotLabel: HOUR_SLOTS[slot]!,
  viewerZone: VIEWER_ZONE,
  lessonMinutes: 50 as const,
});
