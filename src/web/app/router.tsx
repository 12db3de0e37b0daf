import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { tutorSearchQuery } from '../features/discovery/discovery-api';
import { filtersFromParams } from '../features/discovery/search-params';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { paths, patterns } from '../lib/paths';
import { tutorProfileQuery } from '../lib/tutor-profile-query';
import { GuestOnly, RequireAuth } from './guards/guards';
import { AuthLayout } from './layouts/auth-layout';
import { PlainLayout } from './layouts/plain-layout';
// Loaded on demand: the sign-in route's bundle holds the sign-in form and no other screen.
import {
  DashboardShell,
  EmailVerificationPage,
  ForgotPasswordPage,
  GoogleCallbackPage,
  LegalPage,
  NotFoundPage,
  ResetPasswordPage,
  SignUpPage,
  VerificationSuccessPage,
} from './lazy-routes';
import { PageLoading } from './page-loading';
import { prefetchForRoute } from './route-data';
const guest = (element: ReactNode) => <GuestOnly>{element}</GuestOnly>;

/**
 * The Messages page at its two addresses: the inbox, and (the child, which renders nothing of
 * its own) the inbox with one thread open. One route: opening a thread keeps the list mounted.
 */
const messagesRoute = (role: 'student' | 'tutor'): RouteObject => ({
  path: paths[role].messages,
  lazy: async () => {
    const { MessagesPage } = await import('../features/messaging/messages-page');
    return { Component: () => <MessagesPage role={role} /> };
  },
  children: [
    { index: true, element: null },
    {
      path: role === 'student' ? patterns.studentConversation : patterns.tutorConversation,
      element: null,
    },
  ],
});

const pages: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: paths.signIn, element: guest(<SignInPage />) },
      {
        path: paths.signUp('student'),
        element: guest(<SignUpPage key="student" role="student" />),
      },
      { path: paths.signUp('tutor'), element: guest(<SignUpPage key="tutor" role="tutor" />) },
      { path: paths.forgotPassword, element: guest(<ForgotPasswordPage />) },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.emailVerification, element: <EmailVerificationPage /> },
      { path: paths.emailVerificationSuccess, element: <VerificationSuccessPage /> },
      { path: paths.googleCallback, element: <GoogleCallbackPage /> },
    ],
  },
  { path: paths.terms, element: <LegalPage kind="terms" /> },
  { path: paths.privacy, element: <LegalPage kind="privacy" /> },
  {
    path: paths.student.root,
    element: (
      <RequireAuth role="student">
        <DashboardShell role="student" />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={paths.student.overview} replace /> },
      {
        path: paths.student.overview,
        // Lazy like every signed-in page: the sign-in screen's bundle stays small.
        lazy: async () => ({
          Component: (await import('../features/lessons/student-overview-page'))
            .StudentOverviewPage,
        }),
      },
      {
        path: paths.student.tutors,
        // The results start loading with the page's code, not after it (route-data.ts).
        loader: ({ request }) =>
          prefetchForRoute((client) =>
            client.prefetchQuery(
              tutorSearchQuery(filtersFromParams(new URL(request.url).searchParams)),
            ),
          ),
        lazy: async () => ({
          Component: (await import('../features/discovery/tutor-search-page')).TutorSearchPage,
        }),
      },
      {
        path: patterns.tutorProfile,
        loader: ({ params }) =>
          prefetchForRoute((client) =>
            client.prefetchQuery(tutorProfileQuery(params.tutorId ?? '')),
          ),
        lazy: async () => ({
          Component: (await import('../features/discovery/tutor-profile-page')).TutorProfilePage,
        }),
      },
      {
        path: paths.student.schedule,
        // Two features on one page: the lessons and the calendar feed card.
        lazy: async () => {
          const [{ StudentSchedulePage }, { CalendarFeedCard }] = await Promise.all([
            import('../features/lessons/student-schedule-page'),
            import('../features/calendar-feed/calendar-feed-card'),
          ]);
          return { Component: () => <StudentSchedulePage calendarFeed={<CalendarFeedCard />} /> };
        },
      },
      {
        path: paths.student.lessons,
        lazy: async () => ({
          Component: (await import('../features/lessons/past-lessons-page')).StudentLessonsPage,
        }),
      },
      // Messages (issue #16): the inbox, and with a conversation open its thread beside it.
      messagesRoute('student'),
      {
        path: paths.student.billing,
        lazy: async () => ({
          Component: (await import('../features/billing/billing-page')).BillingPage,
        }),
      },
      {
        path: patterns.receipt,
        lazy: async () => ({
          Component: (await import('../features/billing/receipt-page')).ReceiptPage,
        }),
      },
      {
        path: paths.student.settings,
        lazy: async () => ({
          Component: (await import('../features/settings/settings-page')).SettingsPage,
        }),
      },
      {
        path: paths.student.help,
        lazy: async () => ({
          Component: (await import('../features/help/help-center-page')).StudentHelpPage,
        }),
      },
      { path: '*', element: <Navigate to={paths.student.overview} replace /> },
    ],
  },
  {
    path: paths.tutor.completeProfile,
    element: (
      <RequireAuth role="tutor">
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/tutor-wizard/wizard-page')).TutorWizardPage,
        }),
      },
    ],
  },
  {
    path: paths.tutor.root,
    element: (
      <RequireAuth role="tutor">
        <DashboardShell role="tutor" />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={paths.tutor.overview} replace /> },
      {
        path: paths.tutor.overview,
        // Two features on one page: the lessons overview and the profile review's status.
        lazy: async () => {
          const [{ TutorOverviewPage }, { ApprovalStatusPanel }] = await Promise.all([
            import('../features/lessons/tutor-overview-page'),
            import('../features/tutor-approval/approval-status-panel'),
          ]);
          return {
            Component: () => <TutorOverviewPage approvalStatus={<ApprovalStatusPanel />} />,
          };
        },
      },
      {
        path: paths.tutor.schedule,
        // Two features on one page: availability (tutor-schedule) and the lessons card.
        lazy: async () => {
          const [{ TutorSchedulePage }, { UpcomingLessonsCard }, { CalendarFeedCard }] =
            await Promise.all([
              import('../features/tutor-schedule/schedule-page'),
              import('../features/lessons/upcoming-lessons-card'),
              import('../features/calendar-feed/calendar-feed-card'),
            ]);
          return {
            Component: () => (
              <TutorSchedulePage
                upcomingLessons={<UpcomingLessonsCard />}
                calendarFeed={<CalendarFeedCard />}
              />
            ),
          };
        },
      },
      {
        path: paths.tutor.lessons,
        lazy: async () => ({
          Component: (await import('../features/lessons/past-lessons-page')).TutorLessonsPage,
        }),
      },
      {
        path: paths.tutor.students,
        lazy: async () => ({
          Component: (await import('../features/lessons/my-students-page')).MyStudentsPage,
        }),
      },
      messagesRoute('tutor'),
      {
        path: paths.tutor.earnings,
        lazy: async () => ({
          Component: (await import('../features/earnings/earnings-page')).EarningsPage,
        }),
      },
      {
        path: paths.tutor.packages,
        lazy: async () => ({
          Component: (await import('../features/tutor-packages/tutor-packages-page'))
            .TutorPackagesPage,
        }),
      },
      {
        path: paths.tutor.editProfile,
        lazy: async () => ({
          Component: (await import('../features/tutor-wizard/edit-profile-page')).EditProfilePage,
        }),
      },
      {
        path: patterns.editProfileSection,
        lazy: async () => ({
          Component: (await import('../features/tutor-wizard/edit-section-page')).EditSectionPage,
        }),
      },
      {
        path: paths.tutor.settings,
        lazy: async () => ({
          Component: (await import('../features/settings/settings-page')).SettingsPage,
        }),
      },
      {
        path: paths.tutor.help,
        lazy: async () => ({
          Component: (await import('../features/help/help-center-page')).TutorHelpPage,
        }),
      },
      { path: '*', element: <Navigate to={paths.tutor.overview} replace /> },
    ],
  },
  {
    element: (
      <RequireAuth>
        <PlainLayout />
      </RequireAuth>
    ),
    children: [
      {
        path: paths.payment.root,
        element: <Outlet />,
        children: [
          {
            path: paths.payment.checkout,
            lazy: async () => ({
              Component: (await import('../features/booking/checkout-page')).CheckoutPage,
            }),
          },
          {
            path: paths.payment.success,
            lazy: async () => ({
              Component: (await import('../features/booking/success-page')).SuccessPage,
            }),
          },
          {
            path: paths.payment.cancel,
            lazy: async () => ({
              Component: (await import('../features/booking/cancel-page')).CancelPage,
            }),
          },
        ],
      },
    ],
  },
  {
    // The booking modal opens over the student's dashboard, like the pages it is opened from.
    path: patterns.bookingPlan,
    element: (
      <RequireAuth role="student">
        <DashboardShell role="student" />
      </RequireAuth>
    ),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/booking/booking-page')).BookingPage,
        }),
      },
    ],
  },
  // The classroom (issue #26): the lesson's two parties; its video and whiteboard code load here only.
  {
    path: patterns.classroom,
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/classroom/classroom-page')).ClassroomPage,
        }),
      },
    ],
  },
  // The admin console (issue #15): admins only; a student or tutor is sent to their dashboard.
  {
    path: paths.admin.root,
    element: (
      <RequireAuth role="admin">
        <DashboardShell role="admin" />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to={paths.admin.overview} replace /> },
      {
        path: paths.admin.overview,
        lazy: async () => ({
          Component: (await import('../features/admin/overview/admin-overview-page'))
            .AdminOverviewPage,
        }),
      },
      {
        path: paths.admin.audit,
        lazy: async () => ({
          Component: (await import('../features/admin/audit/audit-log-page')).AuditLogPage,
        }),
      },
      {
        path: paths.admin.reports,
        lazy: async () => ({
          Component: (await import('../features/admin/reports/admin-reports-page'))
            .AdminReportsPage,
        }),
      },
      {
        path: paths.admin.users,
        lazy: async () => ({
          Component: (await import('../features/admin/users/users-page')).UsersPage,
        }),
      },
      {
        path: patterns.adminUser,
        lazy: async () => ({
          Component: (await import('../features/admin/users/user-page')).UserPage,
        }),
      },
      {
        path: paths.admin.approvals,
        lazy: async () => ({
          Component: (await import('../features/admin/approvals/approvals-page')).ApprovalsPage,
        }),
      },
      {
        path: paths.admin.finance,
        lazy: async () => ({
          Component: (await import('../features/admin/finance/finance-page')).FinancePage,
        }),
      },
      { path: '*', element: <Navigate to={paths.admin.overview} replace /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    // One friendly page for whatever a page throws, or a page's code that no longer loads.
    errorElement: <RouteErrorPage />,
    // Shown while a deep link's lazy page loads on first paint (React Router asks for one).
    hydrateFallbackElement: <PageLoading />,
    children: pages,
  },
];

export const router = createBrowserRouter(routes);
