import { useEffect, useState } from 'react';
import type { Lesson } from '../../../contracts/booking.contract';
import { canJoinLesson, classroomPath, nextJoinChange } from '../../../domain/booking/classroom';
import { safeWebUrl } from '../../lib/safe-web-url';

// Join Lesson's link, by the domain's join window on the page's clock: it appears 10 minutes
// before the start and goes at the end without a reload, as the screen re-renders at those
// moments (a timer set for the next one).

/** Timers are 32-bit: a moment further ahead is waited for in steps. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/**
 * Where Join Lesson goes while the lesson can be joined, else null: the external room when the
 * lesson has one (MEETING_URL_TEMPLATE, a web address), else the built-in classroom's path.
 */
export function useJoinUrl(lesson: Lesson | null): string | null {
  // Each tick is a re-render at a moment the answer may change.
  const [tick, setTick] = useState(0);
  const start = lesson?.startTime;
  const end = lesson?.endTime;
  useEffect(() => {
    if (!start || !end) return undefined;
    const current = Date.now();
    const next = nextJoinChange({ startTime: start, endTime: end }, new Date(current));
    if (!next) return undefined;
    const wait = Math.min(Math.max(next.getTime() - current, 0), LONGEST_WAIT_MS);
    const timer = setTimeout(() => setTick((count) => count + 1), wait);
    return () => clearTimeout(timer);
  }, [start, end, tick]);
  if (!lesson || !canJoinLesson(lesson, new Date())) return null;
  return lesson.meetingUrl ? safeWebUrl(lesson.meetingUrl) : classroomPath(lesson.id);
}
