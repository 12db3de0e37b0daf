import { sessionUser } from '../../contracts/auth.contract';

/** A signed-in student as GET /api/auth/session answers it. */
export const signedInStudent = sessionUser.parse({
  id: 'student-1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Student',
  role: 'student',
  isProfileCompleted: true,
  isEmailVerified: true,
  avatarUrl: null,
  socialAuthProvider: 'none',
  // The zone of the machine running the tests: no "this device differs" notice (ADR 026).
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});
