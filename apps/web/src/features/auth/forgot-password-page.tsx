import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { AuthCard } from './components/auth-card';
import { Field } from './components/field';
import { FormMessage } from './components/form-message';
import { TextLink } from './components/text-link';
import { usePublicSubmit } from './use-public-submit';

/** /forgot-password: asks for a reset link and shows the server's answer. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const { pending, outcome, submit } = usePublicSubmit('/excalibur/password/reset_link');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(() => ({ email: email.trim() }));
  }

  return (
    <AuthCard
      title="Forgot password"
      description="Enter your registered email and we will send you a link to reset your password."
      footer={
        <p>
          Remembered it? <TextLink to="/sign-in">Back to sign in</TextLink>
        </p>
      }
    >
      <form className="grid gap-4" onSubmit={onSubmit} aria-busy={pending}>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={outcome?.fields.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormMessage tone={outcome?.ok ? 'success' : 'error'}>{outcome?.message}</FormMessage>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
