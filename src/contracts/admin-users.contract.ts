import { z } from 'zod/mini';
import { USER_ROLES } from '../domain/accounts/account-rules';
import { APPROVAL_STATUSES, REPORT_KINDS, REPORT_STATUSES } from '../domain/admin/moderation';
import {
  restoreUserSchema,
  suspendUserSchema,
  USER_STATUSES,
} from '../domain/admin/user-admin-rules';
import { ADMIN_USERS_MESSAGES as M } from '../domain/messages';
import { defineEndpoint, idParams, ROLE_ERRORS } from './endpoint';
import { pageInfoFields, pageNumberSchema } from './paging';

// The admin's users pages (issue #15): a paged search of every account, one account's page with
// its lessons and reports, and suspending or restoring it. Admins only.

// An empty filter is none. zod/mini has no z.preprocess: a transform piped into the enum, and
// the outer z.optional keeps the key optional in the input type (undefined passes either way).
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.optional(
    z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(z.enum(values, message)),
    ),
  );

export const userSearchQuery = z.object({
  q: z._default(z.string(M.badQuery).check(z.trim(), z.maxLength(100, M.badQuery)), ''),
  role: optionalFilter(USER_ROLES, M.badRole),
  status: optionalFilter(USER_STATUSES, M.badStatus),
  page: pageNumberSchema,
});
export type UserSearchQuery = z.input<typeof userSearchQuery>;

export const adminUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  /** UTC ISO instants. */
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
  /** A tutor's profile approval; null for others (and a tutor who has not finished the wizard). */
  approvalStatus: z.nullable(z.enum(APPROVAL_STATUSES)),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUserLesson = z.object({
  id: z.string(),
  subject: z.string(),
  startsAt: z.string(),
  status: z.string(),
  /** The user's side of this lesson, and the other party's name. */
  as: z.enum(['student', 'tutor']),
  otherName: z.string(),
});

export const adminUserReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  reason: z.string(),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  /** The other person: who reported (reports about the user) or who was reported. */
  otherName: z.string(),
});
export type AdminUserReport = z.infer<typeof adminUserReport>;

export const adminUserDetail = z.extend(adminUserRow, {
  suspension: z.nullable(z.object({ at: z.string(), reason: z.string() })),
  lessonCounts: z.object({
    upcoming: z.int(),
    completed: z.int(),
    canceled: z.int(),
  }),
  /** The lessons a suspension would cancel now (with full refunds), as closing counts them. */
  futureLessons: z.int(),
  recentLessons: z.array(adminUserLesson),
  reportsAbout: z.array(adminUserReport),
  reportsBy: z.array(adminUserReport),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const searchUsers = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users',
  summary: 'Search accounts by name or email (newest first), with role and status filters',
  query: userSearchQuery,
  status: 200,
  response: z.object({
    users: z.array(adminUserRow),
    ...pageInfoFields,
  }),
  errors: ['VALIDATION_FAILED', ...ROLE_ERRORS],
});

export const getAdminUser = defineEndpoint({
  method: 'GET',
  path: '/api/admin/users/:id',
  params: idParams,
  status: 200,
  response: adminUserDetail,
  errors: [...ROLE_ERRORS, 'NOT_FOUND'],
});

const WRITE_ERRORS = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  ...ROLE_ERRORS,
  'NOT_FOUND',
  'CONFLICT',
] as const;

export const suspendUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/:id/suspend',
  summary:
    'Suspend: sessions end, sign-in refused, future lessons canceled with full refunds, a tutor unlisted',
  params: idParams,
  body: suspendUserSchema,
  status: 200,
  response: adminUserDetail,
  errors: WRITE_ERRORS,
});

export const restoreUser = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/:id/restore',
  summary: 'Lift a suspension: sign-in allowed, a tutor listed again (canceled lessons stay so)',
  params: idParams,
  body: restoreUserSchema,
  status: 200,
  response: adminUserDetail,
  errors: WRITE_ERRORS,
});
