import type { Lesson } from '../../../contracts/booking.contract';
import { BOOKING_MESSAGES as M } from '../../../domain/messages';
import { dateHeading, localDateKey } from '../../lib/lesson-time';

interface LessonGroup {
  /** 'in_progress' or the viewer's civil date 'YYYY-MM-DD'. */
  id: string;
  title: string;
  lessons: Lesson[];
}

/**
 * Lessons in progress first in their own group, then the others grouped by the
 * viewer's local date, each group in start order (latest first when `newestFirst`).
 */
export function groupLessons(
  lessons: Lesson[],
  zone: string,
  now = new Date(),
  newestFirst = false,
): LessonGroup[] {
  const direction = newestFirst ? -1 : 1;
  const sorted = [...lessons].sort(
    (a, b) => direction * (Date.parse(a.startTime) - Date.parse(b.startTime)),
  );
  const todayKey = localDateKey(now, zone);
  const groups: LessonGroup[] = [];
  const inProgress = sorted.filter((lesson) => lesson.status === 'in_progress');
  if (inProgress.length > 0)
    groups.push({ id: 'in_progress', title: M.inProgress, lessons: inProgress });

  const byDate = new Map<string, LessonGroup>();
  for (const lesson of sorted) {
    if (lesson.status === 'in_progress') continue;
    const key = localDateKey(lesson.startTime, zone);
    let group = byDate.get(key);
    if (!group) {
      group = { id: key, title: dateHeading(key, todayKey), lessons: [] };
      byDate.set(key, group);
      groups.push(group);
    }
    group.lessons.push(lesson);
  }
  return groups;
}
