import type { Kysely } from 'kysely';
import type { WeeklyWindow } from '../../domain/availability/weekly-window';
import type { DB } from '../db/types';

/** Replaces a tutor's zone and weekly windows, as saving them in the editor would. */
export async function setWeeklyAvailability(
  db: Kysely<DB>,
  tutorProfileId: string,
  timezone: string,
  windows: readonly WeeklyWindow[],
) {
  await db
    .deleteFrom('availability_slots')
    .where('tutor_profile_id', '=', tutorProfileId)
    .execute();
  if (windows.length > 0)
    await db
      .insertInto('availability_slots')
      .values(
        windows.map((window) => ({
          tutor_profile_id: tutorProfileId,
          local_day_of_week: window.dayOfWeek,
          local_start_time: window.startTime,
          local_end_time: window.endTime,
          local_timezone: timezone,
        })),
      )
      .execute();
  await db
    .updateTable('tutor_profiles')
    .set({ timezone })
    .where('id', '=', tutorProfileId)
    .execute();
}

/** The same hours on every day of the week. */
export const everyDay = (startTime: string, endTime: string): WeeklyWindow[] =>
  Array.from({ length: 7 }, (_, dayOfWeek) => ({ dayOfWeek, startTime, endTime }));
