import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { FormErrorAlert } from '@/components/form/form-alert';
import type {
  RecoveryCodesResponse,
  TotpEnrolmentResponse,
  TwoFactorStatus,
} from '@meridian/contract/two-factor';
import { CopyButton } from '@/components/data-table/copy-button';
import { PageFrame } from '@/components/layout/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useCan } from '@/lib/api/user-details';
import {
  useCompanyRequirement,
  useConfirmTotp,
  useRegenerateRecoveryCodes,
  useSendSmsStepUp,
  useSetPreference,
  useStartTotpEnrolment,
  useTwoFactorStatus,
  type StepUpInput,
} from './api';

type Preference = 'none' | 'sms' | 'totp';
const LABELS: Record<Preference, string> = {
  none: 'Off',
  sms: 'SMS one-time code',
  totp: 'Authenticator app',
};
type Action = 'none' | 'sms' | 'totp' | 'regenerate';
const ACTION_TITLES: Record<Action, string> = {
  none: 'Turn two-factor sign-in off',
  sms: 'Use SMS one-time codes',
  totp: 'Set up an authenticator app',
  regenerate: 'New recovery codes',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-lg border p-4" aria-label={title}>
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function ErrorAlert({ title, error }: { title: string; error: Error | null }) {
  return <FormErrorAlert title={title} message={error?.message ?? null} />;
}

/** Password and, while two-factor is on, a current code: what every change asks first. */
function StepUpForm({
  current,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  current: Preference;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: StepUpInput) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const sms = useSendSmsStepUp();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ password, code: current === 'none' ? undefined : code });
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="two-factor-password">Current password</Label>
        <Input
          id="two-factor-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      {current !== 'none' && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="two-factor-code">
            {current === 'sms' ? 'Code sent by SMS' : 'Code from your authenticator app or a recovery code'}
          </Label>
          <Input
            id="two-factor-code"
            autoComplete="one-time-code"
            required
            maxLength={11}
            className="font-mono"
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
          />
          {current === 'sms' && (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Button
                variant="outline"
                size="sm"
                disabled={password === '' || sms.isPending}
                onClick={() => sms.mutate(password)}
              >
                {sms.isPending ? 'Sending…' : 'Send code by SMS'}
              </Button>
              {sms.data && (
                <span role="status" className="text-muted-foreground">
                  {sms.data.message} ({sms.data.phone})
                </span>
              )}
            </div>
          )}
          <ErrorAlert title="The code was not sent" error={sms.error} />
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Checking…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The 10 recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone }: { codes: RecoveryCodesResponse; onDone: () => void }) {
  const focusOnMount = useCallback((node: HTMLDivElement | null) => node?.focus(), []);
  const text = codes.recovery_codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'meridian-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3">
      <Alert variant="warning" role="alert" ref={focusOnMount} tabIndex={-1} className="outline-none">
        <AlertTitle>Save your recovery codes now: you will not see them again</AlertTitle>
        <AlertDescription>
          Each code signs you in once when your authenticator app is not at hand.
        </AlertDescription>
      </Alert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1 rounded-md bg-muted p-3 font-mono text-sm min-[360px]:grid-cols-2"
      >
        {codes.recovery_codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-end gap-2">
        <CopyButton value={text} label="Copy recovery codes" />
        <Button variant="outline" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Scan the QR code (or type the secret), then confirm with the first code. */
function TotpEnrolment({
  enrolment,
  onConfirmed,
}: {
  enrolment: TotpEnrolmentResponse;
  onConfirmed: (codes: RecoveryCodesResponse) => void;
}) {
  const [code, setCode] = useState('');
  const confirm = useConfirmTotp();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: onConfirmed });
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password…), or enter the secret by hand.
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt="QR code for your authenticator app"
        width={208}
        height={208}
        className="size-52 rounded-md border bg-white p-1"
      />
      <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Secret</span>
        <code data-testid="totp-secret" className="rounded bg-muted px-2 py-1 font-mono break-all">
          {enrolment.secret}
        </code>
        <CopyButton value={enrolment.secret} label="Copy secret" />
      </div>
      <form className="flex flex-col gap-2" onSubmit={submit}>
        <Label htmlFor="totp-confirm-code">Code from the app</Label>
        <Input
          id="totp-confirm-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          className="max-w-40 font-mono tracking-widest"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <ErrorAlert title="The app was not confirmed" error={confirm.error} />
        <div className="flex justify-end">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Confirm and turn on'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function CompanyRequirement({ required }: { required: boolean }) {
  // The company-wide requirement is team management (team.manage), as the server checks it.
  const canManageTeam = useCan('team.manage');
  const change = useCompanyRequirement();
  if (!canManageTeam) return null;
  return (
    <Section title="Company-wide requirement">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="require-two-factor" className="leading-snug">
          Require two-factor sign-in for every user of your company
        </Label>
        <Switch
          id="require-two-factor"
          checked={change.isPending ? change.variables : required}
          disabled={change.isPending}
          onCheckedChange={(next) => change.mutate(next)}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        Users then cannot turn it off. A user who has not chosen a method gets an SMS code at sign-in, or is
        sent here to set one up.
      </p>
      {change.data && (
        <p role="status" className="text-sm">
          {change.data.message}
        </p>
      )}
      <ErrorAlert title="The requirement was not changed" error={change.error} />
    </Section>
  );
}

/** What the page is doing: the action asked for, a TOTP enrolment, the new recovery codes, the last change. */
function useTwoFactorActions() {
  const [action, setAction] = useState<Action | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse | null>(null);
  const [codes, setCodes] = useState<RecoveryCodesResponse | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const start = useStartTotpEnrolment();
  const setPreference = useSetPreference();
  const regenerate = useRegenerateRecoveryCodes();

  const reset = () => {
    setAction(null);
    setEnrolment(null);
    start.reset();
    setPreference.reset();
    regenerate.reset();
  };
  const begin = (next: Action) => {
    reset();
    setCodes(null);
    setDone(null);
    setAction(next);
  };
  const onStepUp = (input: StepUpInput) => {
    if (action === 'totp') start.mutate(input, { onSuccess: setEnrolment });
    else if (action === 'regenerate') regenerate.mutate(input, { onSuccess: (c) => (reset(), setCodes(c)) });
    else if (action === 'none' || action === 'sms')
      setPreference.mutate(
        { ...input, preference: action },
        { onSuccess: (next) => (reset(), setDone(`Two-factor sign-in: ${LABELS[next.mfa_preference]}`)) },
      );
  };
  const pending = start.isPending || setPreference.isPending || regenerate.isPending;
  const error = start.error ?? setPreference.error ?? regenerate.error;
  return { action, enrolment, codes, setCodes, done, reset, begin, onStepUp, pending, error };
}

/** /configurations/manage-2fa: the signed-in user's own two-factor method, and the company's requirement. */
export function TwoFactorPage() {
  const status = useTwoFactorStatus();
  const { action, enrolment, codes, setCodes, done, reset, begin, onStepUp, pending, error } =
    useTwoFactorActions();
  const s = status.data;
  const current: Preference = s?.mfa_preference ?? 'none';

  return (
    <PageFrame
      title="Two-factor sign-in"
      description="A second step after your password: a code sent by SMS or one from an authenticator app."
      breadcrumb={[
        { label: 'Configurations', to: '/configurations' },
        { label: 'Two-factor authentication' },
      ]}
    >
      <div className="flex max-w-2xl min-w-0 flex-col gap-4">
        {status.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : status.isError || !s ? (
          <ErrorAlert title="Your two-factor settings could not be loaded" error={status.error} />
        ) : (
          <>
            {s.mfa_required_by_company && current === 'none' && (
              <Alert variant="warning" role="alert">
                <AlertTitle>Your company requires two-factor sign-in</AlertTitle>
                <AlertDescription>Choose SMS codes or an authenticator app below.</AlertDescription>
              </Alert>
            )}
            <MethodSection status={s} done={done} begin={begin} />
            {action && !enrolment && (
              <Section title={ACTION_TITLES[action]}>
                <StepUpForm
                  current={current}
                  submitLabel={action === 'totp' ? 'Continue' : 'Confirm'}
                  pending={pending}
                  onSubmit={onStepUp}
                  onCancel={reset}
                />
                <ErrorAlert title="Not changed" error={error} />
              </Section>
            )}
            {enrolment && (
              <Section title={ACTION_TITLES.totp}>
                <TotpEnrolment
                  enrolment={enrolment}
                  onConfirmed={(c) => {
                    reset();
                    setCodes(c);
                  }}
                />
              </Section>
            )}
            {codes && (
              <Section title="Recovery codes">
                <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
              </Section>
            )}
            <CompanyRequirement required={s.mfa_required_by_company} />
          </>
        )}
      </div>
    </PageFrame>
  );
}

/** The user's method: the current one, the recovery codes left, the company's requirement, and the changes. */
function MethodSection({
  status: s,
  done,
  begin,
}: {
  status: TwoFactorStatus;
  done: string | null;
  begin: (action: Action) => void;
}) {
  const current = s.mfa_preference;
  return (
    <Section title="Your method">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">Current</dt>
        <dd data-testid="two-factor-current" className="font-medium">
          {LABELS[current]}
        </dd>
        {current === 'totp' && (
          <>
            <dt className="text-muted-foreground">Recovery codes left</dt>
            <dd>{s.recovery_codes_remaining} of 10</dd>
          </>
        )}
        <dt className="text-muted-foreground">Company requirement</dt>
        <dd>{s.mfa_required_by_company ? 'Required for every user' : 'Not required'}</dd>
      </dl>
      {done && (
        <p role="status" className="text-sm">
          {done}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant={current === 'totp' ? 'outline' : 'default'} onClick={() => begin('totp')}>
          {current === 'totp' ? 'Set up a new authenticator app' : 'Use an authenticator app'}
        </Button>
        {current !== 'sms' && (
          <Button
            variant="outline"
            disabled={!s.has_phone}
            title={s.has_phone ? undefined : 'Add a phone number in your profile first'}
            onClick={() => begin('sms')}
          >
            Use SMS codes
          </Button>
        )}
        {current !== 'none' && !s.mfa_required_by_company && (
          <Button variant="outline" onClick={() => begin('none')}>
            Turn off
          </Button>
        )}
        {current === 'totp' && (
          <Button variant="outline" onClick={() => begin('regenerate')}>
            New recovery codes
          </Button>
        )}
      </div>
    </Section>
  );
}
