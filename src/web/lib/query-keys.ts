import type { ReportListFilter } from '../../contracts/reports.contract';
import type { TutorSearch } from '../../contracts/tutors.contract';

// Every query key of the app, from one place: one resource is cached under one key, and a
// change invalidates a whole family by its prefix (all of a tutor's, all lessons).

const tutor = (tutorId: string) => ['tutors', 'detail', tutorId] as const;
const lesson = (lessonId: string) => ['lessons', 'detail', lessonId] as const;

export const queryKeys = {
  session: ['session'] as const,
  reference: ['reference'] as const,
  authProviders: ['auth', 'providers'] as const,
  tutors: {
    /** Everything cached about tutors (a tutor's own edit changes what students are shown). */
    all: ['tutors'] as const,
    search: (filters: TutorSearch) => ['tutors', 'search', filters] as const,
    suggestions: (text: string) => ['tutors', 'suggestions', text] as const,
    /** One tutor's public profile: the profile page and the booking screens share it. */
    profile: (tutorId: string) => [...tutor(tutorId), 'profile'] as const,
    reviews: (tutorId: string) => [...tutor(tutorId), 'reviews'] as const,
    slots: (tutorId: string, query: object) => [...tutor(tutorId), 'slots', query] as const,
    trialEligibility: (tutorId: string) => [...tutor(tutorId), 'trial-eligibility'] as const,
    packageOffers: (tutorId: string, query: object) =>
      [...tutor(tutorId), 'packages', query] as const,
    /** The signed-in student's packages with this tutor (their credits). */
    myPackages: (tutorId: string) => [...tutor(tutorId), 'my-packages'] as const,
  },
  /** A checkout session as the server settled it (the success page). */
  checkout: (sessionId: string) => ['checkout', sessionId] as const,
  lessons: {
    all: ['lessons'] as const,
    /** Without days: every range (the prefix a change invalidates). */
    upcoming: (days?: number) =>
      days === undefined
        ? (['lessons', 'upcoming'] as const)
        : (['lessons', 'upcoming', days] as const),
    detail: lesson,
    /** One page of My Lessons (ended and canceled lessons). */
    past: (page: number) => ['lessons', 'past', page] as const,
    rescheduleSlots: (lessonId: string, query: object) =>
      [...lesson(lessonId), 'slots', query] as const,
  },
  ownProfile: {
    draft: ['tutor', 'profile-draft'] as const,
    availability: ['tutor', 'availability'] as const,
    /** The tutor's own profile id, to read their public profile (subjects, rate). */
    id: ['tutor', 'profile-id'] as const,
    /** The submitted profile as the wizard's steps (the Edit profile page). */
    sections: ['tutor', 'profile-sections'] as const,
  },
  /** The student's payments and bought packages. */
  billing: ['billing'] as const,
  receipt: (paymentId: string) => ['billing', 'receipt', paymentId] as const,
  /** The tutor's own packages and earnings. */
  ownPackages: ['tutor', 'packages'] as const,
  earnings: ['tutor', 'earnings'] as const,
  /** One page of the tutor's My Students. */
  students: (page: number, q: string) => ['tutor', 'students', page, q] as const,
  /** Whether the signed-in user's calendar feed is on (never its link: that is shown once). */
  calendarFeed: ['calendar-feed'] as const,
  /** Reviews after lessons: the student's prompts and editable reviews, the tutor's list. */
  lessonReviews: {
    all: ['lesson-reviews'] as const,
    mine: ['lesson-reviews', 'mine'] as const,
    tutor: ['lesson-reviews', 'tutor'] as const,
  },
  /** The header's bell: everything (the prefix), the unread count, the list's pages. */
  notifications: {
    all: ['notifications'] as const,
    unread: ['notifications', 'unread'] as const,
    list: ['notifications', 'list'] as const,
  },
  /** The admin shell: the sidebar's counts and the audit log's pages (issue #15). */
  adminShell: {
    overview: ['admin', 'overview'] as const,
    audit: (page: number) => ['admin', 'audit', page] as const,
  },
  /** The admin's users search and user pages (a suspension changes both). */
  adminUsers: {
    all: ['admin', 'users'] as const,
    search: (query: object) => ['admin', 'users', 'search', query] as const,
    detail: (userId: string) => ['admin', 'users', 'detail', userId] as const,
    /** Who joined a lesson's classroom and when (a no-show lesson on a user's page). */
    attendance: (lessonId: string) => ['admin', 'users', 'attendance', lessonId] as const,
  },
  /** The admin's reports: every list (the prefix an action invalidates), open or resolved. */
  adminReports: {
    all: ['admin', 'reports'] as const,
    list: (filter: ReportListFilter) => ['admin', 'reports', filter] as const,
  },
  /** The admin's approval queue (every page: the prefix) and the tutor's own review status. */
  tutorApprovals: {
    all: ['admin', 'tutor-approvals'] as const,
    page: (page: number) => ['admin', 'tutor-approvals', page] as const,
    own: ['tutor', 'approval'] as const,
  },
  /**
   * Messaging (issue #16): everything (the prefix the live socket's `ready` invalidates), the
   * unread badge, the inbox's pages, one conversation and its messages.
   */
  /** A lesson's classroom (issue #26): the page's data. */
  classroom: (lessonId: string) => ['classroom', lessonId] as const,
  messaging: {
    all: ['messaging'] as const,
    unread: ['messaging', 'unread'] as const,
    inbox: (page: number) => ['messaging', 'inbox', page] as const,
    inboxAll: ['messaging', 'inbox'] as const,
    conversation: (id: string) => ['messaging', 'conversation', id] as const,
    messages: (id: string) => ['messaging', 'messages', id] as const,
  },
};
