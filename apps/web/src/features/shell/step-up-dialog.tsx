import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  SmsStepUpResponse,
  StepUpTokenResponse,
  TwoFactorStatus,
  type StepUpTokenRequest,
} from '@meridian/contract/two-factor';
import { FormErrorAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { api, setStepUpPrompt } from '@/lib/api';
import { encryptPassword } from '@/lib/auth';

type Answer = { token: string; expiresIn: number } | null;

/** The two-factor status the settings page reads too (same query key): which factor to ask for. */
const twoFactorQuery = {
  queryKey: ['User', 'two-factor'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    TwoFactorStatus.parse(await api.get('/v2/user/mfa', { signal })),
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

/**
 * "Confirm it's you": what a money movement from the dashboard asks before it is sent (the API client opens it on
 * a 401 `step_up_required` and sends the request again with the token). Members with an authenticator app give
 * a current code (or a recovery code); SMS members have a code texted (which needs their password) and give it;
 * members without a second factor give their password. Cancel fails the request.
 */
export function StepUpDialog() {
  const [pending, setPending] = useState<{ resolve: (answer: Answer) => void } | null>(null);
  const open = useRef<((answer: Answer) => void) | null>(null);

  useEffect(() => {
    setStepUpPrompt(
      () =>
        new Promise<Answer>((resolve) => {
          open.current = resolve;
          setPending({ resolve });
        }),
    );
    return () => {
      setStepUpPrompt(null);
      // Unmounted while asking (signed out): the request that asked fails.
      open.current?.(null);
      open.current = null;
    };
  }, []);

  const finish = (answer: Answer) => {
    pending?.resolve(answer);
    open.current = null;
    setPending(null);
  };

  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && finish(null)}>
      <DialogContent data-testid="step-up-dialog">
        <DialogHeader>
          <DialogTitle>Confirm it&apos;s you</DialogTitle>
          <DialogDescription>
            Moving money from the dashboard needs a second check. Your confirmation lasts 5 minutes.
          </DialogDescription>
        </DialogHeader>
        {pending && <StepUpForm onDone={finish} />}
      </DialogContent>
    </Dialog>
  );
}

/** The factor to ask for, once the two-factor status is read (or why it could not be). */
function StepUpForm({ onDone }: { onDone: (answer: Answer) => void }) {
  const status = useQuery(twoFactorQuery);
  if (status.isPending) return <Skeleton className="h-24 w-full" />;
  if (status.isError)
    return (
      <div className="flex flex-col gap-3">
        <FormErrorAlert
          title="Your two-factor settings could not be read"
          message={messageOf(status.error)}
        />
        <div className="flex justify-end">
          <Button variant="outline" onClick={() => onDone(null)}>
            Cancel
          </Button>
        </div>
      </div>
    );
  return <StepUpChallenge method={status.data.mfa_preference} onDone={onDone} />;
}

type Method = TwoFactorStatus['mfa_preference'];

/** The challenge's state: password, code, what is in flight, the SMS sent, the error; send a code, confirm. */
function useStepUp(method: Method, onDone: (answer: Answer) => void) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const sendCode = async () => {
    setBusy('send');
    setError(null);
    try {
      const answer = SmsStepUpResponse.parse(
        await api.post('/v2/user/mfa/sms/step-up', {
          body: { encrypted_password: await encryptPassword(password) },
        }),
      );
      setSent(`${answer.message} (${answer.phone})`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('confirm');
    setError(null);
    try {
      const body: StepUpTokenRequest =
        method === 'none' ? { encrypted_password: await encryptPassword(password) } : { code: code.trim() };
      const answer = StepUpTokenResponse.parse(await api.post('/v2/auth/step-up', { body }));
      onDone({ token: answer.step_up_token, expiresIn: answer.expires_in });
    } catch (e) {
      setError(messageOf(e));
      setBusy(null);
    }
  };

  return { password, setPassword, code, setCode, busy, sent, error, sendCode, confirm };
}

/** Password (SMS, none), a texted code (SMS), an app or recovery code (authenticator); Cancel or Confirm. */
function StepUpChallenge({ method, onDone }: { method: Method; onDone: (answer: Answer) => void }) {
  const { password, setPassword, code, setCode, busy, sent, error, sendCode, confirm } = useStepUp(
    method,
    onDone,
  );
  return (
    <form className="flex flex-col gap-3" onSubmit={confirm}>
      {method !== 'totp' && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="step-up-password">Password</Label>
          <Input
            id="step-up-password"
            type="password"
            autoComplete="current-password"
            required={method === 'none'}
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
      )}
      {method === 'sms' && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Button
            variant="outline"
            size="sm"
            disabled={password === '' || busy !== null}
            onClick={() => void sendCode()}
          >
            {busy === 'send' ? 'Sending…' : sent ? 'Send another code' : 'Send code'}
          </Button>
          {sent && (
            <span role="status" className="text-muted-foreground">
              {sent}
            </span>
          )}
        </div>
      )}
      {method !== 'none' && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="step-up-code">
            {method === 'sms' ? 'Code sent by SMS' : 'Code from your authenticator app or a recovery code'}
          </Label>
          <Input
            id="step-up-code"
            autoComplete="one-time-code"
            required
            autoFocus={method === 'totp'}
            maxLength={11}
            className="font-mono"
            value={code}
            onChange={(e) => setCode(e.target.value.trim())}
          />
        </div>
      )}
      <FormErrorAlert title="Not confirmed" message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy !== null}>
          {busy === 'confirm' ? 'Checking…' : 'Confirm'}
        </Button>
      </div>
    </form>
  );
}
