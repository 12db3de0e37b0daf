// The built-in reference data (subjects, languages, levels, education levels, wizard steps,
// slot durations, weekdays, profile limits). It is kept here once:
// the server seeds its reference tables from it and the web falls back to it when
// GET /api/reference fails.

export interface Subject {
  id: number;
  name: string;
}
export interface Language {
  id: number;
  name: string;
  code: string;
}
export interface Level {
  code: string;
  name: string;
}
interface EducationLevel {
  id: number;
  name: string;
}
export interface ProfileStep {
  id: number;
  code: ProfileStepCode;
  title: string;
  description: string;
  icon: string;
}
interface SlotDuration {
  /** PostgreSQL interval text, as the spec gives it: '00:30:00' … '02:00:00'. */
  value: string;
  label: string;
  minutes: number;
  isDefault: boolean;
}
interface DayOfWeek {
  /** 0-6, Sunday first (JavaScript's and PostgreSQL's convention). */
  dow: number;
  name: string;
}
export interface TutorProfileLimits {
  min_hourly_rate: number;
  max_hourly_rate: number;
  min_trial_price: number;
  max_trial_price: number;
  max_subjects: number;
}
export interface ReferenceData {
  subjects: Subject[];
  languages: Language[];
  languageLevels: Level[];
  subjectLevels: Level[];
  educationLevels: EducationLevel[];
  profileSteps: ProfileStep[];
  slotDurations: SlotDuration[];
  settings: {
    daysOfWeek: DayOfWeek[];
    tutorProfileLimits: TutorProfileLimits;
  };
}

export const PROFILE_STEP_CODES = [
  'basic_info',
  'education',
  'subjects',
  'teaching_style',
  'media',
  'availability',
] as const;
export type ProfileStepCode = (typeof PROFILE_STEP_CODES)[number];

const withIds = <T extends object>(rows: T[]): (T & { id: number })[] =>
  rows.map((row, index) => ({ id: index + 1, ...row }));

/**
 * Subjects and languages beyond the spec's lists, so that popular searches (Programming, Music,
 * French) have tutors to find. Appended after the spec's rows (their ids follow); migration
 * 014-wider-catalogue.sql adds the same rows to a catalogue seeded before them.
 */
export const ADDED_SUBJECTS = [
  'Spanish',
  'French',
  'German',
  'Programming',
  'Music',
  'Biology',
  'History',
  'Economics',
];
export const ADDED_LANGUAGES = [
  { name: 'Portuguese', code: 'pt' },
  { name: 'Hindi', code: 'hi' },
  { name: 'Italian', code: 'it' },
  { name: 'Korean', code: 'ko' },
  { name: 'Turkish', code: 'tr' },
  // Migration 025-d (issue #29).
  { name: 'Polish', code: 'pl' },
  { name: 'Dutch', code: 'nl' },
  { name: 'Ukrainian', code: 'uk' },
  { name: 'Vietnamese', code: 'vi' },
  { name: 'Indonesian', code: 'id' },
  { name: 'Swedish', code: 'sv' },
  { name: 'Greek', code: 'el' },
  { name: 'Hebrew', code: 'he' },
];

export const DEFAULT_REFERENCE_DATA: ReferenceData = {
  subjects: withIds(
    [
      'English',
      'Mathematics',
      'Physics',
      'Chemistry',
      'IELTS',
      'TOEFL',
      'Business English',
      'Conversation Practice',
      ...ADDED_SUBJECTS,
    ].map((name) => ({ name })),
  ),
  languages: withIds([
    { name: 'English', code: 'en' },
    { name: 'Spanish', code: 'es' },
    { name: 'French', code: 'fr' },
    { name: 'German', code: 'de' },
    { name: 'Chinese', code: 'zh' },
    { name: 'Japanese', code: 'ja' },
    { name: 'Arabic', code: 'ar' },
    { name: 'Russian', code: 'ru' },
    { name: 'Urdu', code: 'ur' },
    ...ADDED_LANGUAGES,
  ]),
  languageLevels: [
    { code: 'basic', name: 'Basic' },
    { code: 'conversational', name: 'Conversational' },
    { code: 'fluent', name: 'Fluent' },
    { code: 'native', name: 'Native' },
  ],
  subjectLevels: [
    { code: 'beginner', name: 'Beginner' },
    { code: 'intermediate', name: 'Intermediate' },
    { code: 'advanced', name: 'Advanced' },
    { code: 'expert', name: 'Expert' },
  ],
  educationLevels: withIds(
    ["Bachelor's Degree", "Master's Degree", 'PhD', 'Professional Certification'].map((name) => ({
      name,
    })),
  ),
  profileSteps: withIds([
    {
      code: 'basic_info',
      title: 'Basic Information',
      description: 'Your bio, experience, hourly rate, country and native language',
      icon: 'user',
    },
    {
      code: 'education',
      title: 'Education & Certifications',
      description: 'Your degree and any teaching certificates',
      icon: 'graduation-cap',
    },
    {
      code: 'subjects',
      title: 'Subjects & Languages',
      description: 'What you teach and the languages you speak',
      icon: 'book-open',
    },
    {
      code: 'teaching_style',
      title: 'Teaching Style',
      description: 'How you teach, your lesson specialties and specializations',
      icon: 'lightbulb',
    },
    {
      code: 'media',
      title: 'Profile Media',
      description: 'Your profile photo and introduction video',
      icon: 'camera',
    },
    {
      code: 'availability',
      title: 'Availability',
      description: 'The weekly hours when students can book you',
      icon: 'calendar',
    },
  ] as const),
  slotDurations: [
    { value: '00:30:00', label: '30 min', minutes: 30, isDefault: true },
    { value: '00:45:00', label: '45 min', minutes: 45, isDefault: false },
    { value: '01:00:00', label: '1 hour', minutes: 60, isDefault: false },
    { value: '01:30:00', label: '1.5 hours', minutes: 90, isDefault: false },
    { value: '02:00:00', label: '2 hours', minutes: 120, isDefault: false },
  ],
  settings: {
    daysOfWeek: [
      { dow: 1, name: 'Monday' },
      { dow: 2, name: 'Tuesday' },
      { dow: 3, name: 'Wednesday' },
      { dow: 4, name: 'Thursday' },
      { dow: 5, name: 'Friday' },
      { dow: 6, name: 'Saturday' },
      { dow: 0, name: 'Sunday' },
    ],
    tutorProfileLimits: {
      min_hourly_rate: 5,
      max_hourly_rate: 200,
      min_trial_price: 1,
      max_trial_price: 50,
      max_subjects: 3,
    },
  },
};
