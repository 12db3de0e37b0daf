import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import {
  LESSON_SPECIALTIES,
  SPECIALIZATIONS,
  TEACHING_STYLES,
} from '../../../domain/tutors/tutor-options';
import type { DB } from '../types';
import type { FileStorage } from '../../adapters/storage/file-storage';
import { demoAvatarJpeg } from './demo-avatars';
import { demoHistory } from './demo-lessons';
import * as pool from './demo-pool';

// Demo marketplace data: realistic tutors with subjects, languages, weekly availability in
// varied timezones, and a teaching history: completed lessons with demo students over past
// months, each review written of one of them (demo-lessons.ts). Every demo account uses the
// demo.tutora.local email domain, so demo data is always recognisable (and removable).

export const DEMO_EMAIL_DOMAIN = 'demo.tutora.local';
const BATCH = 500;
const STUDENTS = 60;

/** A small seeded generator (mulberry32): the same seed gives the same marketplace. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    sample: <T>(items: readonly T[], count: number) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}

export interface DemoSeedResult {
  tutors: number;
  reviews: number;
}

export async function seedDemoTutors(
  db: Kysely<DB>,
  options: {
    count: number;
    seed?: number;
    onProgress?: (done: number) => void;
    /** Where to put generated photos, for the first `max` tutors (default 2000). */
    avatars?: { storage: FileStorage; max?: number };
    /** The present the history is written before (the app's clock; the system time if not given). */
    now?: Date;
  },
): Promise<DemoSeedResult> {
  const random = seededRandom(options.seed ?? 42);
  const now = options.now ?? new Date();
  const nameOf = pool.demoNames(random);
  const runTag = randomUUID().slice(0, 8);
  const subjects = await db
    .selectFrom('subjects')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .execute();
  const languages = await db
    .selectFrom('languages')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .execute();
  const levels = ['intermediate', 'advanced', 'expert'];

  // A pool of demo students who took the lessons and wrote the reviews.
  const students = Array.from({ length: STUDENTS }, (_, index) => {
    const { first, last } = nameOf(index);
    return {
      id: randomUUID(),
      email: `student-${runTag}-${index}@${DEMO_EMAIL_DOMAIN}`,
      full_name: `${first} ${last}`,
      first_name: first,
      last_name: last,
      role: 'student' as const,
      is_email_verified: true,
      is_profile_completed: true,
    };
  });
  await db.insertInto('users').values(students).execute();
  const studentIds = students.map((student) => student.id);

  let reviewCount = 0;
  for (let start = 0; start < options.count; start += BATCH) {
    const size = Math.min(BATCH, options.count - start);
    const users: Insertable<DB['users']>[] = [];
    const profiles: (Insertable<DB['tutor_profiles']> & { id: string })[] = [];
    const tutorSubjects: Insertable<DB['tutor_subjects']>[] = [];
    const tutorLanguages: Insertable<DB['tutor_languages']>[] = [];
    const slots: Insertable<DB['availability_slots']>[] = [];
    const lessons: Insertable<DB['lessons']>[] = [];
    const reviews: Insertable<DB['reviews']>[] = [];
    for (let offset = 0; offset < size; offset += 1) {
      const index = start + offset;
      const { first, last } = nameOf(STUDENTS + index);
      const country = random.pick(pool.COUNTRIES);
      const taught = random.sample(subjects, random.int(1, 3));
      const spoken = random.sample(languages, random.int(1, 3));
      const userId = randomUUID();
      const profileId = randomUUID();
      users.push({
        id: userId,
        email: `tutor-${runTag}-${index}@${DEMO_EMAIL_DOMAIN}`,
        full_name: `${first} ${last}`,
        first_name: first,
        last_name: last,
        role: 'tutor' as const,
        is_email_verified: true,
        is_profile_completed: true,
        timezone: country.timezone,
        country: country.name,
        language: spoken[0]!.name,
      });
      const hourlyRateCents = random.int(8, 90) * 100 + random.pick([0, 0, 50]);
      const approved = random.next() < 0.7;
      profiles.push({
        id: profileId,
        user_id: userId,
        bio: pool.bio(
          random,
          first,
          taught.map((s) => s.name),
          country.name,
        ),
        teaching_experience: random.int(1, 25),
        hourly_rate_cents: hourlyRateCents,
        country_of_residence: country.name,
        native_language: spoken[0]!.name,
        education_level: random.pick([
          "Bachelor's Degree",
          "Master's Degree",
          'PhD',
          'Professional Certification',
        ]),
        education_title: `${random.pick(pool.DEGREE_FIELDS)}`,
        university: random.pick(pool.UNIVERSITIES),
        year_of_graduation: random.int(1985, 2022),
        teaching_style: random.pick(TEACHING_STYLES),
        lesson_specialties: random.sample(LESSON_SPECIALTIES, random.int(1, 4)),
        specializations: random.sample(SPECIALIZATIONS, random.int(1, 3)),
        video_url: random.pick(pool.VIDEO_URLS),
        timezone: country.timezone,
        approval_status: approved ? 'approved' : 'pending',
      });
      for (const subject of taught) {
        tutorSubjects.push({
          tutor_profile_id: profileId,
          subject_id: subject.id,
          proficiency_level: random.pick(levels),
        });
      }
      for (const [position, language] of spoken.entries()) {
        tutorLanguages.push({
          tutor_profile_id: profileId,
          language_id: language.id,
          proficiency_level: position === 0 ? 'native' : random.pick(['conversational', 'fluent']),
        });
      }
      for (const day of random.sample([0, 1, 2, 3, 4, 5, 6], random.int(2, 5))) {
        const startHour = random.int(7, 16);
        const slot = {
          dayOfWeek: day,
          startTime: `${String(startHour).padStart(2, '0')}:00`,
          endTime: `${String(startHour + random.int(2, 5)).padStart(2, '0')}:${random.pick(['00', '30'])}`,
        };
        slots.push({
          tutor_profile_id: profileId,
          local_day_of_week: slot.dayOfWeek,
          local_start_time: slot.startTime,
          local_end_time: slot.endTime,
          local_timezone: country.timezone,
        });
      }
      // A tutor awaiting approval has taught nobody; of the others some are new (no lessons
      // yet), a few taught without being reviewed, most have lessons and reviews.
      const chance = random.next();
      const history = demoHistory(
        random,
        {
          profileId,
          hourlyRateCents,
          subjectIds: taught.map((subject) => subject.id),
          timezone: country.timezone,
          kind: !approved || chance < 0.15 ? 'new' : chance < 0.25 ? 'unreviewed' : 'reviewed',
        },
        studentIds,
        now,
      );
      lessons.push(...history.lessons);
      reviews.push(...history.reviews);
    }
    const photos = options.avatars ? await storeAvatars(options.avatars, users, start, random) : [];
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(users).execute();
      if (photos.length > 0) await trx.insertInto('stored_files').values(photos).execute();
      await trx.insertInto('tutor_profiles').values(profiles).execute();
      await trx.insertInto('tutor_subjects').values(tutorSubjects).execute();
      await trx.insertInto('tutor_languages').values(tutorLanguages).execute();
      await trx.insertInto('availability_slots').values(slots).execute();
      // In parts: one statement takes at most 65 535 parameters (13 a lesson).
      for (let from = 0; from < lessons.length; from += 2000)
        await trx
          .insertInto('lessons')
          .values(lessons.slice(from, from + 2000))
          .execute();
      if (reviews.length > 0) await trx.insertInto('reviews').values(reviews).execute();
    });
    reviewCount += reviews.length;
    options.onProgress?.(start + size);
  }
  return { tutors: options.count, reviews: reviewCount };
}

/**
 * Writes a generated photo for each tutor of the batch within the limit, points the user row
 * at it, and returns the stored_files rows that make it servable through signed URLs.
 */
async function storeAvatars(
  avatars: { storage: FileStorage; max?: number },
  users: Insertable<DB['users']>[],
  start: number,
  random: { next: () => number },
) {
  const wanted = users.slice(0, Math.max(0, (avatars.max ?? 2000) - start));
  return Promise.all(
    wanted.map(async (user) => {
      const bytes = await demoAvatarJpeg(random.next);
      const path = `${user.id}/avatars/demo.jpg`;
      await avatars.storage.put(path, bytes);
      user.avatar_url = path;
      return {
        path,
        owner_id: user.id!,
        content_type: 'image/jpeg',
        size_bytes: bytes.length,
      };
    }),
  );
}
