export const TUTOR_PLACEHOLDERS = {
  lessons: ['My Lessons', 'Lessons you have taught and will teach.'],
  students: ['My Students', 'The students who book you.'],
  messages: ['Messages', 'Conversations with your students will appear here.'],
  settings: ['Settings', 'Edit your account, timezone and password here.'],
  help: ['Help Center', 'Answers to common questions and a way to reach support.'],
} as const;
