import { dayOfWall, MS_PER_DAY, MS_PER_MINUTE, weekdayOf } from '../scheduling/local-date';
import { mergeSorted } from '../scheduling/utc-interval';
import { groupByWeekday, intervalsForDays, timelineForDays } from '../scheduling/weekly-intervals';
import { offsetAt, wallToUtc, zoneOffsetMs } from '../scheduling/zone-timeline';
import { fromMinutes, type WeeklyWindow } from './weekly-window';

// A tutor's weekly availability as a student elsewhere sees it: the windows of the viewer's
// current week (Sunday first), converted instant by instant, so a window that crosses the
// viewer's midnight shows on both days and the week's own DST offsets apply.

// Local days either side of the viewer's week: offsets differ by at most 26 hours.
const MARGIN_DAYS = 2;

interface ViewerWeekQuery {
  weekly: readonly WeeklyWindow[];
  tutorZone: string;
  viewerZone: string;
  /** Any instant of the week to show (normally now). */
  now: Date;
}

/** The viewer's week of windows, sorted by day then start; touching windows are joined. */
export function viewerWeek({
  weekly,
  tutorZone,
  viewerZone,
  now,
}: ViewerWeekQuery): WeeklyWindow[] {
  if (weekly.length === 0) return [];
  const today = dayOfWall(now.getTime() + zoneOffsetMs(viewerZone, now.getTime()));
  const firstDay = today - weekdayOf(today);
  const lastDay = firstDay + 6;

  const viewerTimeline = timelineForDays(viewerZone, firstDay, lastDay);
  const weekStart = wallToUtc(viewerTimeline, firstDay * MS_PER_DAY);
  const weekEnd = wallToUtc(viewerTimeline, (lastDay + 1) * MS_PER_DAY);

  const tutorFirst = firstDay - MARGIN_DAYS;
  const tutorLast = lastDay + MARGIN_DAYS;
  const intervals = intervalsForDays(
    groupByWeekday(weekly),
    timelineForDays(tutorZone, tutorFirst, tutorLast),
    tutorFirst,
    tutorLast,
  );

  const windows: WeeklyWindow[] = [];
  for (const { start, end } of mergeSorted(intervals)) {
    const from = Math.max(start, weekStart);
    const until = Math.min(end, weekEnd);
    if (until <= from) continue;
    const wallFrom = from + offsetAt(viewerTimeline, from);
    const wallUntil = until + offsetAt(viewerTimeline, until);
    // One window per viewer day it touches.
    for (let day = dayOfWall(wallFrom); day * MS_PER_DAY < wallUntil; day++) {
      const dayStart = Math.max(wallFrom, day * MS_PER_DAY) - day * MS_PER_DAY;
      const dayEnd = Math.min(wallUntil, (day + 1) * MS_PER_DAY) - day * MS_PER_DAY;
      if (dayEnd <= dayStart) continue;
      windows.push({
        dayOfWeek: weekdayOf(day),
        startTime: fromMinutes(Math.floor(dayStart / MS_PER_MINUTE)),
        endTime: fromMinutes(Math.ceil(dayEnd / MS_PER_MINUTE)),
      });
    }
  }
  return windows.sort(
    (a, b) => a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime),
  );
}

/** The viewer's windows grouped by weekday (index 0 = Sunday). */
export function windowsByWeekday(windows: readonly WeeklyWindow[]): WeeklyWindow[][] {
  const days: WeeklyWindow[][] = [[], [], [], [], [], [], []];
  for (const window of windows) days[window.dayOfWeek]?.push(window);
  return days;
}
