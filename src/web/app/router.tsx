import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PlaceholderCard } from '../components/ui/placeholder-card';
import { EmailVerificationPage } from '../features/auth/email-verification-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { GoogleCallbackPage } from '../features/auth/google-callback-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { SignUpPage } from '../features/auth/sign-up-page';
import { VerificationSuccessPage } from '../features/auth/verification-success-page';
import { NotFoundPage } from '../features/errors/not-found-page';
import { LegalPage } from '../features/legal/legal-page';
import { PAYMENT_PLACEHOLDERS } from '../features/payment/payment-pages';
import { STUDENT_PLACEHOLDERS } from '../features/student/student-pages';
import { TUTOR_PLACEHOLDERS } from '../features/tutor/tutor-pages';
import { GuestOnly, RequireAuth } from './guards/guards';
import { AuthLayout } from './layouts/auth-layout';
import { DashboardShell } from './layouts/dashboard-shell';
import { PlainLayout } from './layouts/plain-layout';

const placeholder = ([title, description]: readonly [string, string]) => (
  <PlaceholderCard title={title} description={description} />
);
const guest = (element: ReactNode) => <GuestOnly>{element}</GuestOnly>;

const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: '/', element: guest(<SignInPage />) },
      { path: '/signup/student', element: guest(<SignUpPage key="student" role="student" />) },
      { path: '/signup/tutor', element: guest(<SignUpPage key="tutor" role="tutor" />) },
      { path: '/forgot-password', element: guest(<ForgotPasswordPage />) },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/email-verification', element: <EmailVerificationPage /> },
      { path: '/email-verification-success', element: <VerificationSuccessPage /> },
      { path: '/auth/google-callback', element: <GoogleCallbackPage /> },
    ],
  },
  { path: '/terms-of-service', element: <LegalPage kind="terms" /> },
  { path: '/privacy-policy', element: <LegalPage kind="privacy" /> },
  {
    path: '/student',
    element: (
      <RequireAuth role="student">
        <DashboardShell role="student" />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      {
        path: 'overview',
        // Lazy like every signed-in page: the sign-in screen's bundle stays small.
        lazy: async () => ({
          Component: (await import('../features/student/student-overview-page'))
            .StudentOverviewPage,
        }),
      },
      {
        path: 'tutors',
        lazy: async () => ({
          Component: (await import('../features/discovery/tutor-search-page')).TutorSearchPage,
        }),
      },
      {
        path: 'tutors/:tutorId',
        lazy: async () => ({
          Component: (await import('../features/discovery/tutor-profile-page')).TutorProfilePage,
        }),
      },
      {
        path: 'schedule',
        lazy: async () => ({
          Component: (await import('../features/student-schedule/student-schedule-page'))
            .StudentSchedulePage,
        }),
      },
      {
        path: 'lessons',
        lazy: async () => ({
          Component: (await import('../features/student-schedule/student-schedule-page'))
            .StudentLessonsPage,
        }),
      },
      { path: 'messages', element: placeholder(STUDENT_PLACEHOLDERS.messages) },
      { path: 'billing', element: placeholder(STUDENT_PLACEHOLDERS.billing) },
      { path: 'settings', element: placeholder(STUDENT_PLACEHOLDERS.settings) },
      { path: 'help', element: placeholder(STUDENT_PLACEHOLDERS.help) },
      { path: '*', element: <Navigate to="/student/overview" replace /> },
    ],
  },
  {
    path: '/tutor/complete-profile',
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
    path: '/tutor',
    element: (
      <RequireAuth role="tutor">
        <DashboardShell role="tutor" />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="overview" replace /> },
      {
        path: 'overview',
        lazy: async () => ({
          Component: (await import('../features/tutor/tutor-overview-page')).TutorOverviewPage,
        }),
      },
      {
        path: 'schedule',
        lazy: async () => ({
          Component: (await import('../features/tutor-schedule/schedule-page')).TutorSchedulePage,
        }),
      },
      { path: 'lessons', element: placeholder(TUTOR_PLACEHOLDERS.lessons) },
      { path: 'students', element: placeholder(TUTOR_PLACEHOLDERS.students) },
      { path: 'messages', element: placeholder(TUTOR_PLACEHOLDERS.messages) },
      { path: 'earnings', element: placeholder(TUTOR_PLACEHOLDERS.earnings) },
      { path: 'settings', element: placeholder(TUTOR_PLACEHOLDERS.settings) },
      { path: 'help', element: placeholder(TUTOR_PLACEHOLDERS.help) },
      { path: '*', element: <Navigate to="/tutor/overview" replace /> },
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
        path: '/payment',
        element: <Outlet />,
        children: [
          {
            path: 'checkout',
            lazy: async () => ({
              Component: (await import('../features/payment/checkout-page')).CheckoutPage,
            }),
          },
          {
            path: 'success',
            lazy: async () => ({
              Component: (await import('../features/payment/success-page')).SuccessPage,
            }),
          },
          { path: 'cancel', element: placeholder(PAYMENT_PLACEHOLDERS.cancel) },
        ],
      },
    ],
  },
  {
    // The booking modal opens over the student's dashboard, like the pages it is opened from.
    path: '/booking/plan/:tutorId',
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
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter(routes);
