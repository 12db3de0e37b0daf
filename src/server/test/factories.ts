import { randomUUID } from 'node:crypto';
import { makeSignature } from 'better-auth/crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { WeeklyWindow } from '../../domain/availability/weekly-window';
import type { LessonStatus } from '../../domain/booking/booking-rules';
import {
  LESSON_SPECIALTIES,
  SPECIALIZATIONS,
  TEACHING_STYLES,
} from '../../domain/tutors/tutor-options';
import { MS_PER_MINUTE } from '../../domain/scheduling/local-date';
import type { DB } from '../db/types';
import { RATE_LIMITS } from '../modules/auth/rate-limit';
import { signUpAndVerify, uniqueEmail } from './accounts';
import { TestClient } from './http-client';
import type { SmtpInbox } from './smtp-inbox';
import { setWeeklyAvailability } from './weekly-availability';

// Test data, made straight in the database where the API path is not the thing under test
// (a tutor's profile, a lesson to look at), and through the API where a test needs to sign in.
// Shared by the API tests and the browser tests: one way to make each thing.

/** The running app a factory works against: its database, and its URL and inbox to sign up. */
export interface FactoryTarget {
  url: string;
  inbox: SmtpInbox;
  database: { db: Kysely<DB> };
}

export interface TestStudent {
  id: string;
  email: string;
  /** Signed in as this student. */
  client: TestClient;
}

/** A student who signed up and verified their email through the API, signed in. */
export async function createStudent(
  t: FactoryTarget,
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestStudent> {
  const { client, email } = await signUpFromTests(t, 'student', names);
  return { id: await userIdOf(t.database.db, email), email, client };
}

/**
 * Many signed-in students at once, for tests and benchmarks where signing up is not the
 * subject (a sign-up through the API hashes a password and mails a code: ~0.1 s each). The
 * accounts are written straight to the database, verified; each gets a real session from the
 * app's own auth engine and its signed cookie, so every request is authenticated as usual.
 */
export async function createStudents(
  t: Pick<FactoryTarget, 'url' | 'database'> & { app: FastifyInstance },
  count: number,
): Promise<TestStudent[]> {
  if (count === 0) return [];
  const users = await t.database.db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, index) => ({
        email: uniqueEmail('student'),
        full_name: `Student ${index + 1}`,
        first_name: 'Student',
        last_name: String(index + 1),
        role: 'student',
        is_email_verified: true,
        is_profile_completed: true,
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const students: TestStudent[] = [];
  // A few at a time: PGlite has one connection, and a pool on a server only a few more.
  const BATCH = 8;
  for (let start = 0; start < users.length; start += BATCH) {
    const batch = users.slice(start, start + BATCH);
    students.push(
      ...(await Promise.all(
        batch.map(async (user) => ({
          id: user.id,
          email: user.email,
          client: await newSession(t, user.id),
        })),
      )),
    );
  }
  return students;
}

/** A client signed in as `userId` with a session of its own (another browser of that user). */
export async function newSession(
  t: Pick<FactoryTarget, 'url'> & { app: FastifyInstance },
  userId: string,
): Promise<TestClient> {
  const engine = await t.app.deps.auth.$context;
  const session = await engine.internalAdapter.createSession(userId);
  const signed = `${session.token}.${await makeSignature(session.token, engine.secret)}`;
  const client = new TestClient(t.url);
  client.setCookie(engine.authCookies.sessionToken.name, encodeURIComponent(signed));
  return client;
}

/**
 * Signs an account up through the API. Every test signs up from one address, more often than
 * the per-address limits allow a person; those limits are the auth tests' subject, so their
 * counts for this address start afresh here.
 */
async function signUpFromTests(
  t: FactoryTarget,
  role: 'student' | 'tutor',
  names: { firstName?: string; lastName?: string },
) {
  const perAddress = [RATE_LIMITS.signUpPerIp.name, RATE_LIMITS.codeCheckPerIp.name];
  await t.database.db
    .deleteFrom('rate_limits')
    .where((eb) => eb.or(perAddress.map((name) => eb('key', 'like', `${name}:%`))))
    .execute();
  return signUpAndVerify(t.url, t.inbox, role, names);
}

export interface TestTutor {
  /** The tutor profile's id (what booking and search speak of). */
  id: string;
  userId: string;
  name: string;
  timezone: string;
  subjects: { id: number; name: string }[];
  /** The first subject taught: enough to book or create a lesson. */
  subjectId: number;
}

export interface TutorOptions {
  /** Weekly windows in `timezone` (none: nothing bookable). */
  availability?: readonly WeeklyWindow[];
  timezone?: string;
  /** Subject names, from the reference data (default Mathematics). */
  subjects?: readonly string[];
  rateCents?: number;
  firstName?: string;
  lastName?: string;
  /** An existing account (e.g. one signed up through the API) that gets the profile. */
  userId?: string;
}

/** A tutor with a completed profile, as search and booking see one. */
export async function createTutor(db: Kysely<DB>, options: TutorOptions = {}): Promise<TestTutor> {
  const timezone = options.timezone ?? 'UTC';
  const subjectNames = options.subjects ?? ['Mathematics'];
  const userId = options.userId ?? (await insertTutorUser(db, options));
  const user = await db
    .updateTable('users')
    .set({ is_profile_completed: true, timezone })
    .where('id', '=', userId)
    .returning(['first_name', 'last_name'])
    .executeTakeFirstOrThrow();
  const subjects = await db
    .selectFrom('subjects')
    .select(['id', 'name'])
    .where('name', 'in', subjectNames)
    .orderBy('id')
    .execute();
  if (subjects.length !== subjectNames.length)
    throw new Error(`createTutor: unknown subject among ${subjectNames.join(', ')}`);
  const english = await db
    .selectFrom('languages')
    .select('id')
    .where('name', '=', 'English')
    .executeTakeFirstOrThrow();

  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tutor_profiles')
      .values({
        id,
        user_id: userId,
        bio: 'A patient tutor who plans every lesson around what the student needs next.',
        teaching_experience: 5,
        hourly_rate_cents: options.rateCents ?? 3000,
        country_of_residence: 'Ireland',
        native_language: 'English',
        education_level: "Master's Degree",
        education_title: 'Education',
        university: 'Trinity College Dublin',
        year_of_graduation: 2015,
        teaching_style: TEACHING_STYLES[0],
        lesson_specialties: [LESSON_SPECIALTIES[0]],
        specializations: [SPECIALIZATIONS[0]],
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        timezone,
      })
      .execute();
    await trx
      .insertInto('tutor_subjects')
      .values(
        subjects.map((subject) => ({
          tutor_profile_id: id,
          subject_id: subject.id,
          proficiency_level: 'expert',
        })),
      )
      .execute();
    await trx
      .insertInto('tutor_languages')
      .values({ tutor_profile_id: id, language_id: english.id, proficiency_level: 'native' })
      .execute();
  });
  await setWeeklyAvailability(db, id, timezone, options.availability ?? []);
  return {
    id,
    userId,
    name: `${user.first_name} ${user.last_name}`,
    timezone,
    subjects,
    subjectId: subjects[0]!.id,
  };
}

const TUTOR_NAMES = [
  ['Clara', 'Whitfield'],
  ['Omar', 'Haddad'],
  ['Ines', 'Duarte'],
  ['Tomas', 'Lindqvist'],
  ['Priya', 'Raman'],
] as const;

/** Several tutors alike but for their names, which differ (screens find a tutor by name). */
export async function createTutors(
  db: Kysely<DB>,
  count: number,
  options: Omit<TutorOptions, 'userId' | 'firstName' | 'lastName'> = {},
): Promise<TestTutor[]> {
  if (count > TUTOR_NAMES.length) throw new Error(`createTutors: at most ${TUTOR_NAMES.length}`);
  const tutors: TestTutor[] = [];
  for (const [firstName, lastName] of TUTOR_NAMES.slice(0, count))
    tutors.push(await createTutor(db, { ...options, firstName, lastName }));
  return tutors;
}

/** A tutor whose account signed up through the API: signed in as them, with their profile. */
export async function createSignedInTutor(
  t: FactoryTarget,
  options: Omit<TutorOptions, 'userId'> = {},
): Promise<TestTutor & { email: string; client: TestClient }> {
  const { client, email } = await signUpFromTests(t, 'tutor', options);
  const userId = await userIdOf(t.database.db, email);
  return { ...(await createTutor(t.database.db, { ...options, userId })), email, client };
}

export interface LessonOptions {
  tutor: { id: string; subjectId: number };
  studentId: string;
  start: Date;
  /** The lesson's length; it holds its whole slot (25 → 30, 50 → 60, 100 → 120 minutes). */
  durationMinutes?: 25 | 50 | 100;
  status?: LessonStatus;
  isTrial?: boolean;
  /** The zone the student booked in. */
  timezone?: string;
  meetingUrl?: string;
  /** Default: free for a trial, else $30. */
  priceCents?: number;
  /** What paid for it: a payment, a bought package's credit. */
  paymentId?: string;
  studentPackageId?: string;
  /** Required for a lesson awaiting payment: when its hold ends. */
  holdExpiresAt?: Date;
}

/** A lesson stored as booking would store it (a trial is free, a paid lesson $30). */
export async function createLesson(db: Kysely<DB>, lesson: LessonOptions): Promise<string> {
  const duration = lesson.durationMinutes ?? 50;
  const isTrial = lesson.isTrial ?? false;
  const { id } = await db
    .insertInto('lessons')
    .values({
      tutor_profile_id: lesson.tutor.id,
      student_id: lesson.studentId,
      subject_id: lesson.tutor.subjectId,
      starts_at: lesson.start,
      // The lesson's own end (the database keeps it so: migration 025-b).
      ends_at: new Date(lesson.start.getTime() + duration * MS_PER_MINUTE),
      duration_minutes: duration,
      is_trial: isTrial,
      status: lesson.status ?? 'scheduled',
      price_cents: lesson.priceCents ?? (isTrial ? 0 : 3000),
      timezone: lesson.timezone ?? 'UTC',
      meeting_url: lesson.meetingUrl ?? null,
      payment_id: lesson.paymentId ?? null,
      student_package_id: lesson.studentPackageId ?? null,
      hold_expires_at: lesson.holdExpiresAt ?? null,
      // A cancel is always stamped with its time (migration 023); by whom and why stay unknown.
      ...(lesson.status === 'canceled' && { canceled_at: lesson.start }),
      // A no-show is always recorded with whom and when (here: the tutor, reported at the end).
      ...(lesson.status === 'no_show' && {
        no_show_party: 'tutor' as const,
        no_show_reported_at: lesson.start,
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function insertTutorUser(db: Kysely<DB>, names: { firstName?: string; lastName?: string }) {
  const firstName = names.firstName ?? 'Tara';
  const lastName = names.lastName ?? 'Quinn';
  const { id } = await db
    .insertInto('users')
    .values({
      email: `tutor.${randomUUID()}@example.com`,
      full_name: `${firstName} ${lastName}`,
      first_name: firstName,
      last_name: lastName,
      role: 'tutor',
      is_email_verified: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function userIdOf(db: Kysely<DB>, email: string) {
  const { id } = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return id;
}
