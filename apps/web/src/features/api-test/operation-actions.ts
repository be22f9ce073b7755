import type { Dispatch } from 'react';
import { apiResponse, buildUrl, isApiError } from '@/lib/api';
import { getMode } from '@/lib/mode';
import { getAccessToken, getStoredUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import type { ApiOperation, AuthMode } from './openapi';
import { collectRequest, type OperationAction, type OperationState } from './operation-state';
import { credentialHeaders, toCurl, type BuiltRequest, type Credentials } from './request';
import { readResult } from './response-view';

/**
 * What the operation panel does to the outside world: the call, the clipboard, the stored session. `onSend`
 * and `onCopy` check the form first; a money-moving request waits for confirmation before `send`.
 */
export function operationActions(
  op: ApiOperation,
  state: OperationState,
  dispatch: Dispatch<OperationAction>,
) {
  const { auth } = state;

  const credentialsFor = (mode: AuthMode): Credentials =>
    mode === 'session'
      ? { mode, token: getAccessToken() ?? '', clientId: getStoredUser()?.client_id, dataMode: getMode() }
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

  return { send, onSend, onCopy };
}
