import { generatePath } from 'react-router';
import type { Role, UserRole } from '../../domain/accounts/account-rules';
import type { ProfileStepCode } from '../../domain/reference/reference-defaults';

// Every page's address, in one place: the router declares its routes from these and every link
// or redirect builds its target here, so renaming a page is one edit. Patterns with a parameter
// (':tutorId') are for the router; links use the builder beside them, which encodes the value.

export const patterns = {
  tutorProfile: '/student/tutors/:tutorId',
  bookingPlan: '/booking/plan/:tutorId',
  editProfileSection: '/tutor/profile/:step',
  adminUser: '/admin/users/:userId',
  studentConversation: '/student/messages/:conversationId',
  tutorConversation: '/tutor/messages/:conversationId',
  /** A payment's printable receipt (issue #25), in the student's area. */
  receipt: '/student/billing/receipts/:paymentId',
  /** A lesson's built-in classroom (issue #26); domain/booking/classroom.ts builds its path. */
  classroom: '/lessons/:lessonId/classroom',
} as const;

/** The address's parameter naming the lesson whose details are open. */
export const LESSON_PARAM = 'lesson';

export const paths = {
  /** Also the home page: the guest-only guard sends a signed-in user on to their dashboard. */
  signIn: '/',
  signUp: (role: Role) => `/signup/${role}`,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  emailVerification: '/email-verification',
  emailVerificationSuccess: '/email-verification-success',
  googleCallback: '/auth/google-callback',
  terms: '/terms-of-service',
  privacy: '/privacy-policy',

  /** A signed-in user's dashboard home. */
  dashboard: (role: UserRole) => paths[role].overview,
  student: {
    root: '/student',
    overview: '/student/overview',
    tutors: '/student/tutors',
    schedule: '/student/schedule',
    lessons: '/student/lessons',
    messages: '/student/messages',
    billing: '/student/billing',
    settings: '/student/settings',
    help: '/student/help',
  },
  tutorProfile: (tutorId: string) => generatePath(patterns.tutorProfile, { tutorId }),
  bookingPlan: (tutorId: string) => generatePath(patterns.bookingPlan, { tutorId }),
  receipt: (paymentId: string) => generatePath(patterns.receipt, { paymentId }),

  tutor: {
    root: '/tutor',
    completeProfile: '/tutor/complete-profile',
    overview: '/tutor/overview',
    schedule: '/tutor/schedule',
    lessons: '/tutor/lessons',
    students: '/tutor/students',
    messages: '/tutor/messages',
    earnings: '/tutor/earnings',
    packages: '/tutor/packages',
    settings: '/tutor/settings',
    help: '/tutor/help',
    /** The submitted profile's sections (the wizard's steps), each editable. */
    editProfile: '/tutor/profile',
  },
  /** One section of the Edit profile page: a wizard step's form over the live profile. */
  editProfileSection: (step: ProfileStepCode) =>
    generatePath(patterns.editProfileSection, { step }),

  /** The admin console (issue #15). */
  admin: {
    root: '/admin',
    overview: '/admin/overview',
    approvals: '/admin/approvals',
    reports: '/admin/reports',
    users: '/admin/users',
    audit: '/admin/audit',
    finance: '/admin/finance',
  },
  adminUser: (userId: string) => generatePath(patterns.adminUser, { userId }),

  /** One conversation on the student's or the tutor's Messages page (issue #16). */
  conversation: (role: 'student' | 'tutor', conversationId: string) =>
    generatePath(role === 'student' ? patterns.studentConversation : patterns.tutorConversation, {
      conversationId,
    }),

  payment: {
    root: '/payment',
    checkout: '/payment/checkout',
    success: '/payment/success',
    cancel: '/payment/cancel',
  },
  /**
   * A lesson opened in its details dialog on a lessons page (My Schedule, My Lessons): where a
   * notification about the lesson leads (issue #29).
   */
  lessonOn: (page: string, lessonId: string) =>
    `${page}?${LESSON_PARAM}=${encodeURIComponent(lessonId)}`,
  paymentSuccess: (lessonId: string) =>
    `${paths.payment.success}?lesson=${encodeURIComponent(lessonId)}`,
  /** The success page of a checkout session (where the provider sends the student back). */
  checkoutResult: (sessionId: string) =>
    `${paths.payment.success}?session_id=${encodeURIComponent(sessionId)}`,
} as const;
