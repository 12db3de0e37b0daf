import {
  adminUserDetail,
  adminUserRow,
  type AdminUserDetail,
  type AdminUserRow,
} from '../../contracts/admin-users.contract';
import { sessionUser } from '../../contracts/auth.contract';

// For the users pages' component tests: a signed-in admin and a user's page as the server sends.

export const signedInAdmin = sessionUser.parse({
  id: 'admin-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
  isProfileCompleted: true,
  isEmailVerified: true,
  avatarUrl: null,
  socialAuthProvider: 'none',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

/** A user as the search lists them (Tara, a tutor), with `fields` changed. */
export const userRow = (fields: Partial<AdminUserRow> = {}): AdminUserRow =>
  adminUserRow.parse({
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Tara Quinn',
    email: 'tara@example.com',
    role: 'tutor',
    status: 'active',
    createdAt: '2030-01-02T10:00:00.000Z',
    lastSignInAt: null,
    approvalStatus: 'pending',
    ...fields,
  });

export const userDetail = (fields: Partial<AdminUserDetail> = {}): AdminUserDetail =>
  adminUserDetail.parse({
    ...userRow({ lastSignInAt: '2030-01-05T10:00:00.000Z', approvalStatus: 'approved' }),
    suspension: null,
    lessonCounts: { upcoming: 2, completed: 5, canceled: 1 },
    futureLessons: 2,
    recentLessons: [
      {
        id: 'lesson-1',
        subject: 'Mathematics',
        startsAt: '2030-01-09T10:00:00.000Z',
        status: 'scheduled',
        as: 'tutor',
        otherName: 'Sam Jones',
      },
    ],
    reportsAbout: [
      {
        id: 'report-1',
        kind: 'user',
        reason: 'fraud',
        details: 'Asked for money by bank transfer',
        status: 'open',
        createdAt: '2030-01-06T10:00:00.000Z',
        otherName: 'Sam Jones',
      },
    ],
    reportsBy: [],
    ...fields,
  });
