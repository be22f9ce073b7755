import type { Dispatch } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { AuthMode } from './openapi';
import type { OperationAction, OperationState } from './operation-state';

const AUTH_LABELS: Record<AuthMode, string> = {
  session: 'Signed-in session',
  apiKey: 'API key',
  none: 'None (public)',
};

/** The credential of the call: the modes the operation allows, and the key ID and secret for an API key. */
export function AuthFields({
  state,
  dispatch,
}: {
  state: Pick<OperationState, 'form' | 'auth' | 'keyId' | 'keySecret' | 'errors'>;
  dispatch: Dispatch<OperationAction>;
}) {
  const { op } = state.form;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">Authentication</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2" role="radiogroup" aria-label="Authentication">
        {op.auth.map((mode) => (
          <label key={mode} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`auth-${op.id}`}
              value={mode}
              checked={state.auth === mode}
              onChange={() => dispatch({ type: 'setAuth', auth: mode })}
            />
            {AUTH_LABELS[mode]}
          </label>
        ))}
      </div>
      {state.auth === 'session' && (
        <p className="text-xs text-muted-foreground">
          Sent with your session&apos;s bearer token and <code>client_id</code>, as the dashboard sends its
          calls.
        </p>
      )}
      {state.auth === 'apiKey' && (
        <div className="grid min-w-0 gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${op.id}-key-id`}>Key ID</Label>
            <Input
              id={`${op.id}-key-id`}
              value={state.keyId}
              onChange={(e) => dispatch({ type: 'setKeyId', keyId: e.target.value })}
              autoComplete="off"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${op.id}-key-secret`}>Key secret</Label>
            <Input
              id={`${op.id}-key-secret`}
              type="password"
              value={state.keySecret}
              onChange={(e) => dispatch({ type: 'setKeySecret', keySecret: e.target.value })}
              autoComplete="off"
            />
          </div>
          <p className="text-xs text-muted-foreground sm:col-span-2">
            Kept only on this page, never stored. Create keys under Configurations → API keys.
          </p>
          {state.errors.some((e) => e.path === 'apiKey') && (
            <p className="text-sm text-destructive sm:col-span-2">Enter the key ID and the secret</p>
          )}
        </div>
      )}
    </fieldset>
  );
}
