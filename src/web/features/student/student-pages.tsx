export const STUDENT_PLACEHOLDERS = {
  messages: ['Messages', 'Conversations with your tutors will appear here.'],
  settings: ['Settings', 'Edit your profile, timezone and password here.'],
  help: ['Help Center', 'Answers to common questions and a way to reach support.'],
} as const;
