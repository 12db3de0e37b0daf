/** My Lessons (past lessons) and the tutor's My Students (ours; spec 3 names only the pages). */
export const LESSON_HISTORY_MESSAGES = {
  pastLessons: 'Past lessons',
  pastLessonsHint: 'Lessons whose time has passed, canceled ones included, newest first.',
  noPastLessons: 'No past lessons yet',
  noPastLessonsStudentHint: 'Lessons you have taken or canceled will be listed here.',
  noPastLessonsTutorHint: 'Lessons you have taught or that were canceled will be listed here.',
  myStudents: 'My Students',
  noStudents: 'No students yet',
  noStudentsHint: 'Students appear here once they book a lesson with you.',
  loadStudentsFailed: 'Unable to load your students',
  /** The tutor sidebar's box (spec 3); it searches My Students by name. */
  searchStudents: 'Search students...',
  searchStudentsLabel: 'Search students by name',
  searchTooLong: 'Search with at most 100 characters.',
  studentsMatching: (query: string, count: number) =>
    `${count === 1 ? '1 student matches' : `${count} students match`} “${query}”`,
  noStudentsMatch: (query: string) => `No students match “${query}”`,
  noStudentsMatchHint: 'Check the spelling, or clear the search to see all your students.',
  clearSearch: 'Clear search',
  lessonsCount: (count: number) => (count === 1 ? '1 lesson' : `${count} lessons`),
  nextLesson: 'Next lesson',
  lastLesson: 'Last lesson',
  none: 'None',
} as const;
