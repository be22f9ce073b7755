import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { AuthCard } from './components/auth-card';
import { Field, TextareaField } from './components/field';
import { FormMessage } from './components/form-message';
import { TextLink } from './components/text-link';
import { usePublicSubmit } from './use-public-submit';

const EMPTY = { company_name: '', name: '', email: '', phone: '', message: '' };
type AccessForm = typeof EMPTY;

/** /sign-up: a request for dashboard access (POST /v2/auth/access_request); shows the answer. */
export function SignUpPage() {
  const [form, setForm] = useState<AccessForm>(EMPTY);
  const { pending, outcome, submit } = usePublicSubmit('/v2/auth/access_request');
  const set = (key: keyof AccessForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = form.message.trim();
    void submit(() => ({ ...form, message: message === '' ? undefined : message })).then((result) => {
      if (result.ok) setForm(EMPTY);
    });
  }

  const fields = outcome?.fields ?? {};
  return (
    <AuthCard
      title="Request access"
      description="Tell us about your company and our onboarding team will get in touch."
      className="max-w-md"
      footer={
        <p>
          Already have an account? <TextLink to="/sign-in">Sign in</TextLink>
        </p>
      }
    >
      <form className="grid gap-4" onSubmit={onSubmit} aria-busy={pending}>
        <AccessFields form={form} fields={fields} set={set} />
        <FormMessage tone={outcome?.ok ? 'success' : 'error'}>{outcome?.message}</FormMessage>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Sending…' : 'Request access'}
        </Button>
      </form>
    </AuthCard>
  );
}

/** What the access request asks: company, name, work email, phone, and an optional message. */
function AccessFields({
  form,
  fields,
  set,
}: {
  form: AccessForm;
  fields: Record<string, string>;
  set: (key: keyof AccessForm) => (e: { target: { value: string } }) => void;
}) {
  return (
    <>
      <Field
        label="Company name"
        name="company_name"
        autoComplete="organization"
        required
        minLength={2}
        maxLength={120}
        value={form.company_name}
        error={fields.company_name}
        onChange={set('company_name')}
      />
      <Field
        label="Your name"
        name="name"
        autoComplete="name"
        required
        minLength={2}
        maxLength={120}
        value={form.name}
        error={fields.name}
        onChange={set('name')}
      />
      <Field
        label="Work email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        error={fields.email}
        onChange={set('email')}
      />
      <Field
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        required
        hint="10 to 15 digits, optionally starting with +"
        value={form.phone}
        error={fields.phone}
        onChange={set('phone')}
      />
      <TextareaField
        label="Message (optional)"
        name="message"
        maxLength={1000}
        rows={3}
        value={form.message}
        error={fields.message}
        onChange={set('message')}
      />
    </>
  );
}
