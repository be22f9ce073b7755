import { useState } from 'react';
import type { ApiPathFor } from '@/lib/api';
import { AUTH_ERRORS, messageOf, requestJson } from '@/lib/auth';

export interface SubmitOutcome {
  ok: boolean;
  /** The server's message (spec: the screens show the answer as it is). */
  message: string;
  /** Field errors of a 400 answer, path → message. */
  fields: Record<string, string>;
}

function fieldsOf(body: unknown): Record<string, string> {
  const fields =
    typeof body === 'object' && body !== null ? (body as { fields?: unknown }).fields : undefined;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/**
 * Posts a public auth form (forgot password, reset password, request access) and keeps the answer to show.
 * `prepare` may build the body asynchronously (e.g. encrypt a password) and may throw to fail with a message.
 */
export function usePublicSubmit(path: ApiPathFor<'post'>) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<SubmitOutcome | null>(null);

  async function submit(prepare: () => unknown | Promise<unknown>): Promise<SubmitOutcome> {
    setPending(true);
    setOutcome(null);
    let result: SubmitOutcome;
    try {
      const { ok, body } = await requestJson<unknown>(path, { body: await prepare() });
      result = { ok, message: messageOf(body) ?? AUTH_ERRORS.unknown, fields: ok ? {} : fieldsOf(body) };
    } catch (error) {
      console.error(`${path} failed`, error);
      result = { ok: false, message: AUTH_ERRORS.unknown, fields: {} };
    }
    setOutcome(result);
    setPending(false);
    return result;
  }

  return { pending, outcome, submit };
}
