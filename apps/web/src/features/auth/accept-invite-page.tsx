import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { AUTH_ERRORS, encryptPassword, messageOf, requestJson } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { AuthCard } from './components/auth-card';
import { Field } from './components/field';
import { FormMessage } from './components/form-message';
import { TextLink } from './components/text-link';
import { goTo } from './navigation';
import { PASSWORDS_DIFFER } from './reset-password-page';
import { usePublicSubmit } from './use-public-submit';

/** Same text as the contract's TEAM_MESSAGES.invitationNotFound: shown for a link without a token. */
export const INVITE_LINK_INVALID = 'This invitation link is invalid. Ask your company’s admin for a new one.';

/** What GET /v2/team/invitations/lookup answers (the contract's InvitationLookup; no zod on the auth page). */
interface Invitation {
  email: string;
  name: string | null;
  company: string;
  role_name: string;
  mfa_required_by_company: boolean;
}

type Lookup =
  { state: 'loading' } | { state: 'ok'; invitation: Invitation } | { state: 'error'; message: string };

function useInvitation(token: string | undefined): Lookup {
  const [lookup, setLookup] = useState<Lookup>(
    token ? { state: 'loading' } : { state: 'error', message: INVITE_LINK_INVALID },
  );
  useEffect(() => {
    if (!token) return;
    let live = true;
    requestJson<Invitation>('/v2/team/invitations/lookup', { method: 'GET', query: { token } })
      .then(({ ok, body }) => {
        if (!live) return;
        if (ok && body) setLookup({ state: 'ok', invitation: body });
        else setLookup({ state: 'error', message: messageOf(body) ?? INVITE_LINK_INVALID });
      })
      .catch(() => live && setLookup({ state: 'error', message: AUTH_ERRORS.unknown }));
    return () => {
      live = false;
    };
  }, [token]);
  return lookup;
}

/** The accept form's state: the name (the invitation's until edited), the passwords, and the submit. */
function useAcceptInvite(token: string | undefined, invitation: Invitation) {
  const [name, setName] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const { pending, outcome, submit } = usePublicSubmit('/v2/team/invitations/accept');
  const shownName = name ?? invitation.name ?? '';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const differ = password !== confirm;
    setMismatch(differ);
    if (differ || !token) return;
    const result = await submit(async () => ({
      token,
      name: shownName.trim(),
      encrypted_password: await encryptPassword(password),
    }));
    if (result.ok) {
      toast.success(result.message, { id: 'invitation-accepted' });
      goTo('/sign-in');
    }
  }

  return {
    shownName,
    setName,
    password,
    setPassword,
    confirm,
    setConfirm,
    mismatch,
    pending,
    outcome,
    onSubmit,
  };
}

/**
 * /accept-invite?token=…: shows the company and role of an invitation, asks the new member's name and password
 * (encrypted like sign-in), creates the account and sends them to sign in.
 */
export function AcceptInvitePage({ token }: { token?: string | undefined }) {
  const lookup = useInvitation(token);
  const invitation = lookup.state === 'ok' ? lookup.invitation : null;

  return (
    <AuthCard
      title="Join your team"
      description={
        invitation ? (
          <>
            <strong>{invitation.company}</strong> invited <strong>{invitation.email}</strong> as{' '}
            <strong>{invitation.role_name}</strong>. Choose a password of at least 10 characters with a letter
            and a digit.
          </>
        ) : (
          'Accept the invitation to Meridian Dashboard.'
        )
      }
      footer={
        <p>
          Have an account already? <TextLink to="/sign-in">Sign in</TextLink>
        </p>
      }
    >
      {lookup.state === 'loading' ? (
        <p className="text-sm text-muted-foreground" role="status">
          Checking the invitation…
        </p>
      ) : lookup.state === 'error' ? (
        <FormMessage tone="error">{lookup.message}</FormMessage>
      ) : (
        <AcceptInviteForm token={token} invitation={lookup.invitation} />
      )}
    </AuthCard>
  );
}

/** The new member's name and password, for an invitation found. */
function AcceptInviteForm({ token, invitation }: { token: string | undefined; invitation: Invitation }) {
  const form = useAcceptInvite(token, invitation);
  const { pending, outcome } = form;
  return (
    <form className="grid gap-4" onSubmit={(e) => void form.onSubmit(e)} aria-busy={pending}>
      <Field label="Email" name="email" type="email" value={invitation.email} readOnly disabled />
      <Field
        label="Your name"
        name="name"
        autoComplete="name"
        required
        minLength={2}
        maxLength={120}
        value={form.shownName}
        error={outcome?.fields.name}
        onChange={(e) => form.setName(e.target.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={form.password}
        error={outcome?.fields.encrypted_password}
        onChange={(e) => form.setPassword(e.target.value)}
      />
      <Field
        label="Confirm password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        value={form.confirm}
        error={form.mismatch ? PASSWORDS_DIFFER : undefined}
        onChange={(e) => form.setConfirm(e.target.value)}
      />
      {invitation.mfa_required_by_company ? (
        <p className="text-sm text-muted-foreground">
          {invitation.company} requires two-factor sign-in: you will set it up when you first sign in.
        </p>
      ) : null}
      <FormMessage tone="error">{outcome && !outcome.ok ? outcome.message : undefined}</FormMessage>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
