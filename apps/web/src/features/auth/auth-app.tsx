import { Fragment, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { watchAppearance } from '@/lib/preferences/theme';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordPage } from './forgot-password-page';
import { useAuthLocation, type AuthScreen } from './navigation';
import { OtpPage } from './otp-page';
import { ResetPasswordPage } from './reset-password-page';
import { SignInPage, SignInPlainPage, SignInSplitPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';

// sonner loads only when the signed-in app left a message to show (e.g. "Session expired!").
const SignInNotice = lazy(() => import('./sign-in-notice'));

function screenFor(screen: AuthScreen, search: URLSearchParams): ReactNode {
  const redirect = search.get('redirect') ?? undefined;
  switch (screen) {
    case '/sign-in':
      return <SignInPage redirect={redirect} />;
    case '/sign-in-2':
      return <SignInSplitPage redirect={redirect} />;
    case '/sign-in-3':
      return <SignInPlainPage redirect={redirect} />;
    case '/otp':
      return <OtpPage redirect={redirect} />;
    case '/sign-up':
      return <SignUpPage />;
    case '/forgot-password':
      return <ForgotPasswordPage />;
    case '/reset-password':
      return <ResetPasswordPage token={search.get('token') ?? undefined} />;
  }
}

/** The auth page (auth.html): the public screens of spec §2 in their layout, without the signed-in app. */
export function AuthApp({ notice }: { notice?: string | null }) {
  const { screen, search } = useAuthLocation();
  // Theme and font: keep <html> in step with the stored choice (all tabs) and, for "system", with the OS.
  useEffect(() => watchAppearance(), []);
  return (
    <>
      <AuthLayout>
        {/* A new screen starts with fresh state, as it did under the router. */}
        <Fragment key={screen}>{screenFor(screen, search)}</Fragment>
      </AuthLayout>
      {notice ? (
        <Suspense fallback={null}>
          <SignInNotice text={notice} />
        </Suspense>
      ) : null}
    </>
  );
}
