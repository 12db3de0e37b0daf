// Fixed choices and limits of the tutor profile: teaching styles and the sentence each shows,
// lesson specialties, specializations, bio length, years, image size and types.

export const TEACHING_STYLES = ['structured', 'interactive', 'adaptive', 'practical'] as const;
type TeachingStyle = (typeof TEACHING_STYLES)[number];

/** The profile page's sentence for each teaching approach ('supportive' exists in old data). */
export const TEACHING_STYLE_SENTENCES: Record<TeachingStyle | 'supportive', string> = {
  adaptive: 'Adjusts the pace and methods to each student’s needs and learning style.',
  structured: 'Follows a clear lesson plan with defined goals and steady progress.',
  interactive: 'Keeps students engaged through discussion, questions and activities.',
  practical: 'Focuses on real-world examples and hands-on practice.',
  supportive: 'Builds confidence with patient guidance and encouraging feedback.',
};

export const LESSON_SPECIALTIES = [
  'Test Preparation',
  'Homework Help',
  'Conversation Practice',
  'Grammar Focus',
  'Writing Skills',
  'Reading Comprehension',
  'Problem Solving',
  'Exam Strategies',
  'Project-Based Learning',
  'Critical Thinking',
] as const;

export const SPECIALIZATIONS = [
  'Beginner Students',
  'Advanced Learners',
  'Academic Writing',
  'Business Professionals',
  "Children's Education",
  'Exam Preparation',
  'Research and Analysis',
  'Creative Learning',
  'Special Education',
  'Group Teaching',
] as const;

export const MAX_LESSON_SPECIALTIES = 5;
export const MAX_SPECIALIZATIONS = 3;
export const BIO_MIN = 100;
export const BIO_MAX = 1000;
export const BIO_WARNING_FROM = 900;
export const MAX_EXPERIENCE_YEARS = 50;
export const EARLIEST_YEAR = 1950;
export const GRADUATION_YEARS_AHEAD = 5;
/** Where the wizard's rate field starts, in dollars as the tutor types it. */
export const DEFAULT_HOURLY_RATE = 15;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Graduation years offered: five years ahead down to 74 years back. */
export function graduationYearChoices(now: Date): number[] {
  const current = now.getUTCFullYear();
  const years: number[] = [];
  for (let year = current + GRADUATION_YEARS_AHEAD; year >= current - 74; year--) years.push(year);
  return years.filter((year) => year >= EARLIEST_YEAR);
}
