import { Fragment, useEffect, type ReactNode } from 'react';
import { AppToaster } from '@/components/layout/app-toaster';
import { watchAppearance } from '@/lib/preferences/theme';
import { toast } from '@/lib/toast';
import { AcceptInvitePage } from './accept-invite-page';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordPage } from './forgot-password-page';
import { useAuthLocation, type AuthScreen } from './navigation';
import { OtpPage } from './otp-page';
import { ResetPasswordPage } from './reset-password-page';
import { SignInPage, SignInPlainPage, SignInSplitPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';

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
    case '/accept-invite':
      return <AcceptInvitePage token={search.get('token') ?? undefined} />;
  }
}

/** The auth page (auth.html): the public screens in their layout, without the signed-in app. */
export function AuthApp({ notice }: { notice?: string | null }) {
  const { screen, search } = useAuthLocation();
  // Theme and font: keep <html> in step with the stored choice (all tabs) and, for "system", with the OS.
  useEffect(() => watchAppearance(), []);
  // What the signed-in app left to say on its way here (e.g. "Session expired!"), as the toast it would have
  // shown itself; sonner loads only then.
  useEffect(() => {
    if (notice) toast.error(notice, { id: 'sign-in-notice' });
  }, [notice]);
  return (
    <>
      <AuthLayout>
        {/* A new screen starts with fresh state, as it did under the router. */}
        <Fragment key={screen}>{screenFor(screen, search)}</Fragment>
      </AuthLayout>
      <AppToaster />
    </>
  );
}
