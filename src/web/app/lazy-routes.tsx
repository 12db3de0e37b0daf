import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoading } from './page-loading';

// The screens a signed-out visitor rarely opens, and the signed-in shell, load on demand: the
// sign-in route downloads the sign-in form and nothing else of the app (issue #13). Each is a
// drop-in for the page it stands for, with `preload` to fetch it before it is needed (on idle,
// or when a link to it is hovered or focused: see prefetch.ts).

type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> };

function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  const Loaded = (props: P) => (
    <Suspense fallback={<PageLoading />}>
      <Lazy {...props} />
    </Suspense>
  );
  Loaded.preload = load;
  return Loaded;
}

export const DashboardShell = lazyComponent(() =>
  import('./layouts/dashboard-shell').then((m) => m.DashboardShell),
);
export const SignUpPage = lazyComponent(() =>
  import('../features/auth/sign-up-page').then((m) => m.SignUpPage),
);
export const ForgotPasswordPage = lazyComponent(() =>
  import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
export const ResetPasswordPage = lazyComponent(() =>
  import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
);
export const EmailVerificationPage = lazyComponent(() =>
  import('../features/auth/email-verification-page').then((m) => m.EmailVerificationPage),
);
export const VerificationSuccessPage = lazyComponent(() =>
  import('../features/auth/verification-success-page').then((m) => m.VerificationSuccessPage),
);
export const GoogleCallbackPage = lazyComponent(() =>
  import('../features/auth/google-callback-page').then((m) => m.GoogleCallbackPage),
);
export const LegalPage = lazyComponent(() =>
  import('../features/legal/legal-page').then((m) => m.LegalPage),
);
export const NotFoundPage = lazyComponent(() =>
  import('../features/errors/not-found-page').then((m) => m.NotFoundPage),
);
