import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { encryptPassword } from '@/lib/auth';
import { AuthCard } from './components/auth-card';
import { Field } from './components/field';
import { FormMessage } from './components/form-message';
import { TextLink } from './components/text-link';
import { usePublicSubmit } from './use-public-submit';

/** Same text as the contract's AUTH_MESSAGES.resetTokenInvalid (checked by a unit test). */
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const PASSWORDS_DIFFER = 'The passwords do not match.';

/** /reset-password?token=…: sets a new password, encrypted like sign-in. */
export function ResetPasswordPage({ token }: { token?: string | undefined }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const { pending, outcome, submit } = usePublicSubmit('/excalibur/password/reset');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const differ = password !== confirm;
    setMismatch(differ);
    if (differ || !token) return;
    void submit(async () => ({ token, encrypted_password: await encryptPassword(password) }));
  }

  const done = outcome?.ok === true;
  return (
    <AuthCard
      title="Set a new password"
      description="Choose a password of at least 10 characters with a letter and a digit."
      footer={
        <p>
          {done ? 'All set. ' : null}
          <TextLink to="/sign-in">Back to sign in</TextLink>
        </p>
      }
    >
      {!token ? (
        <div className="grid gap-4">
          <FormMessage tone="error">{RESET_LINK_INVALID}</FormMessage>
          <p className="text-sm">
            <TextLink to="/forgot-password">Request a new link</TextLink>
          </p>
        </div>
      ) : (
        <form className="grid gap-4" onSubmit={onSubmit} aria-busy={pending}>
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            disabled={done}
            value={password}
            error={outcome?.fields.encrypted_password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label="Confirm new password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            disabled={done}
            value={confirm}
            error={mismatch ? PASSWORDS_DIFFER : undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <FormMessage tone={done ? 'success' : 'error'}>{outcome?.message}</FormMessage>
          <Button type="submit" className="w-full" disabled={pending || done}>
            {pending ? 'Saving…' : 'Set password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
