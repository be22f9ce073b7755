import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { login, safeRedirect, useAuth } from '@/lib/auth';
import { Field } from './components/field';
import { FormMessage } from './components/form-message';
import { TextLink } from './components/text-link';
import { goTo, screenHref } from './navigation';

/**
 * Email and password sign-in, shared by /sign-in, /sign-in-2 and /sign-in-3. After sign-in it goes to the
 * one-time-code step or to the (sanitised, same-origin) `redirect`, else /flow.
 */
export function SignInForm({ redirect }: { redirect?: string | undefined }) {
  const { loading, error } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Only this form's own failure is shown, not an error left over from another screen.
  const [submitted, setSubmitted] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = await login(email, password);
    if (!result.ok) return;
    // The one-time-code step stays on this page (its state is in memory); the app is a page load.
    if (result.next === 'mfa') goTo(screenHref('/otp', { redirect }));
    else goTo(safeRedirect(redirect), { replace: true });
  }

  return (
    <form className="grid gap-4" onSubmit={onSubmit} aria-busy={loading}>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <div className="grid gap-2">
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="text-right text-sm">
          <TextLink to="/forgot-password">Forgot password?</TextLink>
        </p>
      </div>
      <FormMessage tone="error">{submitted && !loading ? error : null}</FormMessage>
      <Button type="submit" className="w-full" disabled={loading}>
        {loading ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        New to Meridian? <TextLink to="/sign-up">Request access</TextLink>
      </p>
    </form>
  );
}
