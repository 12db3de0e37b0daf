import type { Kysely } from 'kysely';
import type { Clock } from '../../adapters/clock';
import type { AnnouncedCache } from '../../db/announced-cache';
import type { DB } from '../../db/types';
import type { KeptHeldLessons, TutorWeek } from './lessons.repository';

/** What the lessons use cases need from the app: the database, the URL signer, the clock. */
export interface LessonsContext {
  db: Kysely<DB>;
  signingSecret: string;
  clock: Clock;
  /** Listed tutors' zones and weekly windows kept in this process (ADR 047); else each reads. */
  tutorWeeks?: AnnouncedCache<TutorWeek | undefined>;
  /** Tutors' and students' lessons that hold time, by profile or user id, kept the same way. */
  heldLessons?: AnnouncedCache<KeptHeldLessons>;
}
