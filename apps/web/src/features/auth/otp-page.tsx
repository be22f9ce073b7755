import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  AUTH_ERRORS,
  MAX_OTP_RESENDS,
  OTP_LENGTH,
  resendOtp,
  safeRedirect,
  useAuth,
  verifyOtp,
} from '@/lib/auth';
import { AuthCard } from './components/auth-card';
import { Field } from './components/field';
import { FormMessage } from './components/form-message';
import { TextLink } from './components/text-link';
import { goTo, screenHref } from './navigation';

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, OTP_LENGTH);
/** A recovery code: 10 base32 characters, shown as `abcde-fghij`. */
const recoveryChars = (value: string) => value.replace(/[^A-Za-z2-7-]/g, '').slice(0, 11);

/** The code form's state: the code typed, recovery mode, the notice, and verify and resend. */
function useOtpForm(redirect: string | undefined) {
  const auth = useAuth();
  const { mfaRequired, isAuthenticated, loading, error } = auth;
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  // The resend limit ends the sign-in attempt: the page stays to say so instead of bouncing to /sign-in.
  const ended = !mfaRequired && error === AUTH_ERRORS.maxResends;
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!mfaRequired && !isAuthenticated && !ended) {
      goTo(screenHref('/sign-in', { redirect }), { replace: true });
    }
  }, [mfaRequired, isAuthenticated, ended, redirect]);

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setNotice(null);
    const result = await verifyOtp(code);
    if (result.ok) goTo(safeRedirect(redirect), { replace: true });
  }

  async function onResend() {
    setSubmitted(true);
    setNotice(null);
    setCode('');
    const result = await resendOtp();
    if (result.ok) setNotice('A new code has been sent.');
  }

  const toggleRecovery = () => {
    setUseRecovery((v) => !v);
    setCode('');
  };

  const shownError = (submitted || ended) && !loading ? error : null;
  return { auth, useRecovery, toggleRecovery, code, setCode, notice, ended, shownError, onVerify, onResend };
}

/** /otp: the one-time code of an SMS sign-in, or the authenticator app's code (or a recovery code; no resend). Without a pending sign-in it goes to /sign-in. */
export function OtpPage({ redirect }: { redirect?: string | undefined }) {
  const form = useOtpForm(redirect);
  const { loading, resendAttempts, mfaMethod } = form.auth;
  const { useRecovery, ended } = form;
  const totp = mfaMethod === 'totp';
  const description = !totp
    ? `We sent a ${OTP_LENGTH}-digit code by SMS to your registered mobile number.`
    : useRecovery
      ? 'Enter one of your recovery codes. Each code works once.'
      : `Enter the ${OTP_LENGTH}-digit code from your authenticator app`;
  return (
    <AuthCard
      title="Enter your code"
      description={description}
      footer={
        <p>
          Wrong account?{' '}
          <TextLink to="/sign-in" search={{ redirect }}>
            Back to sign in
          </TextLink>
        </p>
      }
    >
      <form className="grid gap-4" onSubmit={form.onVerify} aria-busy={loading}>
        <CodeField recovery={totp && useRecovery} code={form.code} setCode={form.setCode} ended={ended} />
        <FormMessage tone="error">{form.shownError}</FormMessage>
        <FormMessage tone="success">{form.notice}</FormMessage>
        <Button type="submit" className="w-full" disabled={loading || ended}>
          {loading ? 'Verifying…' : 'Verify'}
        </Button>
        {totp ? (
          <Button variant="link" size="sm" className="justify-self-start px-0" onClick={form.toggleRecovery}>
            {useRecovery ? 'Use the authenticator app code' : 'Use a recovery code'}
          </Button>
        ) : (
          <div className="flex items-center justify-between gap-2 text-sm">
            <span data-testid="resend-counter" className="text-muted-foreground">
              {ended ? MAX_OTP_RESENDS : resendAttempts} of {MAX_OTP_RESENDS} resends used
            </span>
            <Button variant="outline" size="sm" onClick={form.onResend} disabled={loading || ended}>
              Resend code
            </Button>
          </div>
        )}
      </form>
    </AuthCard>
  );
}

/** The code itself: a recovery code, or the one-time code of the SMS or the authenticator app. */
function CodeField({
  recovery,
  code,
  setCode,
  ended,
}: {
  recovery: boolean;
  code: string;
  setCode: (code: string) => void;
  ended: boolean;
}) {
  return recovery ? (
    <Field
      label="Recovery code"
      name="otp"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      pattern="[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}"
      maxLength={11}
      required
      hint="e.g. abcde-fghij"
      className="text-center font-mono text-lg tracking-widest"
      value={code}
      onChange={(e) => setCode(recoveryChars(e.target.value))}
    />
  ) : (
    <Field
      label="One-time code"
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${OTP_LENGTH}}`}
      maxLength={OTP_LENGTH}
      required
      disabled={ended}
      hint={`${OTP_LENGTH} digits`}
      className="text-center font-mono text-lg tracking-[0.5em]"
      value={code}
      onChange={(e) => setCode(digitsOnly(e.target.value))}
    />
  );
}
