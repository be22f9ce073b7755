import { useReducer } from 'react';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { apiResponse, buildUrl, isApiError } from '@/lib/api';
import { getAccessToken, getStoredUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { AuthFields } from './auth-fields';
import { BodyEditor } from './body-editor';
import { Method } from './method';
import { MoneyConfirmDialog } from './money-confirm-dialog';
import type { ApiOperation, AuthMode } from './openapi';
import { collectRequest, initialOperationState, operationForm, operationReducer } from './operation-state';
import { ParameterFields } from './parameter-fields';
import { credentialHeaders, toCurl, type BuiltRequest, type Credentials } from './request';
import { readResult, ResponseView } from './response-view';
import type { FieldError } from './schema-form';

/** The operation's method and path, summary, description, id, and whether it moves money. */
function OperationHeading({ op }: { op: ApiOperation }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h2 className="flex min-w-0 flex-wrap items-center gap-2 text-lg font-semibold">
        <Method method={op.method} />
        <code className="font-mono text-sm break-all">{op.path}</code>
      </h2>
      <p className="font-medium">{op.summary}</p>
      {op.description && (
        <p className="text-sm whitespace-pre-line text-muted-foreground">{op.description}</p>
      )}
      <div className="flex flex-wrap gap-2 text-xs">
        <Badge variant="outline" className="font-mono">
          {op.id}
        </Badge>
        {op.movesMoney && <Badge variant="red">Moves money</Badge>}
      </div>
    </div>
  );
}

/** Why the request was not sent: every problem the form check found. */
function FormErrors({ errors }: { errors: FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlert aria-hidden />
      <AlertTitle>
        Not sent: {errors.length === 1 ? 'one field needs' : `${errors.length} fields need`} attention
      </AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {errors.map((e) => (
            <li key={`${e.path}-${e.message}`}>{e.message}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The form of one operation: parameters, body (form or raw JSON), credentials, send, copy as curl, answer.
 * Its state lives in operation-state.ts; this component adds what touches the outside world (the call, the
 * clipboard, the stored session).
 */
export function OperationPanel({ op }: { op: ApiOperation }) {
  const [state, dispatch] = useReducer(operationReducer, op, (o) => initialOperationState(operationForm(o)));
  const { auth } = state;

  const credentialsFor = (mode: AuthMode): Credentials =>
    mode === 'session'
      ? { mode, token: getAccessToken() ?? '', clientId: getStoredUser()?.client_id }
      : mode === 'apiKey'
        ? { mode, keyId: state.keyId.trim(), keySecret: state.keySecret }
        : { mode: 'none' };

  const send = async (request: BuiltRequest) => {
    dispatch({ type: 'sendStarted' });
    const init = {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: request.body ?? null,
    };
    const startedAt = performance.now();
    try {
      let response: Response;
      if (auth === 'session') response = await apiResponse(request.path, init);
      else {
        const headers = new Headers(init.headers);
        if (auth === 'apiKey') {
          for (const [name, value] of credentialHeaders(credentialsFor('apiKey'))) headers.set(name, value);
        }
        response = await fetch(buildUrl(request.path), { ...init, headers });
      }
      dispatch({ type: 'sendSucceeded', result: await readResult(response, startedAt, op.id) });
    } catch (error) {
      dispatch({
        type: 'sendFailed',
        failure: isApiError(error) ? `${error.status}: ${error.message}` : String(error),
      });
    }
  };

  /** Checks the form; the request when it passes (its problems are shown otherwise). */
  const check = (): BuiltRequest | undefined => {
    const collected = collectRequest(state);
    dispatch({ type: 'checked', errors: collected.errors });
    return collected.request;
  };

  const onSend = () => {
    const request = check();
    if (!request) return;
    if (op.movesMoney) dispatch({ type: 'confirm', request });
    else void send(request);
  };

  const onCopy = async () => {
    const request = check();
    if (!request) return;
    // The API host (same origin by default, else the configured absolute URL).
    const base = new URL(buildUrl('') || '/', window.location.href).toString();
    const curl = toCurl(request, base, credentialsFor(auth));
    try {
      await navigator.clipboard.writeText(curl);
      toast.success('Copied as curl', {
        description: auth === 'none' ? undefined : 'It contains your credential: do not share it.',
      });
    } catch {
      toast.error('Could not copy', { description: 'The browser did not allow access to the clipboard.' });
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <OperationHeading op={op} />
      <AuthFields state={state} dispatch={dispatch} />
      <ParameterFields state={state} dispatch={dispatch} />
      <BodyEditor state={state} dispatch={dispatch} />
      <FormErrors errors={state.errors} />

      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" onClick={onSend} disabled={state.sending || (!!op.body && !state.form.body)}>
          {state.sending ? 'Sending…' : 'Send'}
        </Button>
        <Button type="button" variant="outline" onClick={() => void onCopy()}>
          Copy as curl
        </Button>
        {auth !== 'none' && (
          <span className="text-xs text-muted-foreground">The copied command contains your credential.</span>
        )}
      </div>

      {state.failure && (
        <Alert variant="destructive" role="alert">
          <AlertTitle>No answer</AlertTitle>
          <AlertDescription>{state.failure}</AlertDescription>
        </Alert>
      )}
      {state.result && <ResponseView result={state.result} />}

      <MoneyConfirmDialog
        op={op}
        request={state.confirming}
        onCancel={() => dispatch({ type: 'cancelConfirm' })}
        onConfirm={(request) => {
          dispatch({ type: 'cancelConfirm' });
          void send(request);
        }}
      />
    </div>
  );
}
