import type { ColumnType, Generated } from 'kysely';
import type { LessonStatus } from '../../domain/booking/booking-rules';

// Kysely's view of the schema in migrations/. Keep in step with the SQL.

interface Ordered {
  is_active: Generated<boolean>;
  display_order: Generated<number>;
}

export interface SubjectsTable extends Ordered {
  id: Generated<number>;
  name: string;
}
export interface LanguagesTable extends Ordered {
  id: Generated<number>;
  name: string;
  code: string;
}
export interface LevelsTable extends Ordered {
  code: string;
  name: string;
}
export interface EducationLevelsTable extends Ordered {
  id: Generated<number>;
  name: string;
}
export interface ProfileStepsTable extends Ordered {
  id: Generated<number>;
  code: string;
  title: string;
  description: string;
  icon: string;
}
export interface SlotDurationsTable extends Ordered {
  /** interval; selected as text with to_char-free casting (value::text). */
  value: string;
  label: string;
  minutes: number;
  is_default: Generated<boolean>;
}
export interface SystemSettingsTable extends Ordered {
  setting_key: string;
  setting_value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}
export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  full_name: string;
  first_name: string;
  last_name: string;
  role: 'student' | 'tutor';
  is_email_verified: Generated<boolean>;
  is_profile_completed: Generated<boolean>;
  social_auth_provider: Generated<'google' | 'none'>;
  avatar_url: string | null;
  has_password: Generated<boolean>;
  last_login_at: Date | null;
  timezone: string | null;
  country: string | null;
  language: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface AccountsTable {
  id: Generated<string>;
  user_id: string;
  account_id: string;
  provider_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  password: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface VerificationsTable {
  id: Generated<string>;
  identifier: string;
  value: string;
  expires_at: Date;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface StudentProfilesTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: Date;
}
export interface DevMailboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Generated<Date>;
}

export interface TutorProfilesTable {
  id: Generated<string>;
  user_id: string;
  bio: string;
  teaching_experience: number;
  hourly_rate_cents: number;
  currency: Generated<string>;
  country_of_residence: string;
  native_language: string;
  education_level: string;
  education_title: string;
  university: string;
  year_of_graduation: number;
  teaching_style: string;
  lesson_specialties: string[];
  specializations: string[];
  video_url: string;
  avatar_path: string | null;
  timezone: string;
  is_verified: Generated<boolean>;
  review_count: Generated<number>;
  rating_sum: Generated<number>;
  lessons_taught: Generated<number>;
  /** numeric(3,2), generated from rating_sum / review_count; null without reviews. */
  average_rating: ColumnType<string | null, never, never>;
  search_text: Generated<string>;
  search_keywords: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ReviewsTable {
  id: Generated<string>;
  tutor_profile_id: string;
  student_id: string;
  rating: number;
  comment: Generated<string>;
  created_at: Generated<Date>;
}
export interface TutorSubjectsTable {
  tutor_profile_id: string;
  subject_id: number;
  proficiency_level: string;
  created_at: Generated<Date>;
}
export interface TutorLanguagesTable {
  tutor_profile_id: string;
  language_id: number;
  proficiency_level: string;
  created_at: Generated<Date>;
}
export interface TutorCertificatesTable {
  id: Generated<string>;
  tutor_profile_id: string;
  name: string;
  issued_by: string;
  year: number;
  url: string | null;
  created_at: Generated<Date>;
}
export interface AvailabilitySlotsTable {
  id: Generated<string>;
  tutor_profile_id: string;
  local_day_of_week: number;
  local_start_time: string;
  local_end_time: string;
  local_timezone: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
  is_recurring: Generated<boolean>;
  created_at: Generated<Date>;
}
export interface TutorProfileDraftsTable {
  user_id: string;
  completed_steps: Generated<string[]>;
  draft: ColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
}
export interface StoredFilesTable {
  path: string;
  owner_id: string;
  content_type: string;
  size_bytes: number;
  created_at: Generated<Date>;
}

/** Migration 006: the narrow table search reads, kept in step with tutor_profiles by a trigger. */
export interface TutorSearchTable {
  tutor_profile_id: string;
  hourly_rate_cents: number;
  rating_hundredths: number | null;
  review_count: number;
  keywords: Generated<string>;
  words: Generated<string>;
}
export interface SearchVocabularyTable {
  word: string;
  in_keywords: Generated<boolean>;
}
export interface TutorSearchCountsTable {
  hourly_rate_cents: number;
  rating_band: number;
  tutors: number;
}

/** Migration 007: booked lessons; overlaps are refused by exclusion constraints. */
export interface LessonsTable {
  id: Generated<string>;
  tutor_profile_id: string;
  student_id: string;
  subject_id: number;
  starts_at: Date;
  ends_at: Date;
  duration_minutes: number;
  is_trial: Generated<boolean>;
  status: Generated<LessonStatus>;
  price_cents: number;
  currency: Generated<string>;
  timezone: string;
  meeting_url: string | null;
  student_notes: Generated<string>;
  tutor_prep_notes: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Migration 008: the lesson this one replaced, and who canceled this one and why. */
  rescheduled_from: Generated<string | null>;
  canceled_by: Generated<string | null>;
  cancel_reason: Generated<string | null>;
}

export interface DB {
  lessons: LessonsTable;
  reviews: ReviewsTable;
  tutor_search: TutorSearchTable;
  search_vocabulary: SearchVocabularyTable;
  tutor_search_counts: TutorSearchCountsTable;
  tutor_profiles: TutorProfilesTable;
  tutor_subjects: TutorSubjectsTable;
  tutor_languages: TutorLanguagesTable;
  tutor_certificates: TutorCertificatesTable;
  availability_slots: AvailabilitySlotsTable;
  tutor_profile_drafts: TutorProfileDraftsTable;
  stored_files: StoredFilesTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  student_profiles: StudentProfilesTable;
  rate_limits: RateLimitsTable;
  dev_mailbox: DevMailboxTable;
  subjects: SubjectsTable;
  languages: LanguagesTable;
  language_levels: LevelsTable;
  subject_levels: LevelsTable;
  education_levels: EducationLevelsTable;
  profile_steps: ProfileStepsTable;
  slot_durations: SlotDurationsTable;
  system_settings: SystemSettingsTable;
  schema_migrations: SchemaMigrationsTable;
}
