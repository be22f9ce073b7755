import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldErrors, isApiError } from '@/lib/api';

export interface ServerErrorView<F extends string> {
  /** The text for the form's banner: the server's message, or what went wrong before an answer came. */
  message: string;
  /** Field errors this form has a control for. */
  fields: Partial<Record<F, string>>;
  /** Field errors about fields this form does not show, as "field: message". */
  unmatched: string[];
}

/** The banner text of a failed call (the server's message is shown as is). */
export function serverErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 'FETCH_ERROR') return `The server could not be reached (${error.message}).`;
    if (error.status === 'TIMEOUT_ERROR') return 'The server did not answer in time.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong!';
}

export interface ServerErrorMapping<F extends string> {
  /** The control a field-less error belongs to, by the error's machine key: `{ insufficient_balance: 'amount' }`. */
  byErrorKey?: Readonly<Record<string, F>>;
  /** Server fields shown on another control: `{ provider: 'sender_account_number' }`. */
  aliases?: Readonly<Record<string, F>>;
}

/**
 * Sorts a failed answer's `{ message, error, fields }` onto a form. A field path matches a control by its
 * full path or its last segment (`body.amount` → `amount`), or through `aliases`; `byErrorKey` places
 * field-less errors. The rest is listed in `unmatched` for the banner.
 */
export function mapServerError<F extends string>(
  error: unknown,
  known: readonly F[],
  { byErrorKey = {}, aliases = {} }: ServerErrorMapping<F> = {},
): ServerErrorView<F> {
  const message = serverErrorMessage(error);
  const isKnown = (name: string): name is F => (known as readonly string[]).includes(name);
  const resolve = (name: string): F | undefined => (isKnown(name) ? name : aliases[name]);
  const fields: Partial<Record<F, string>> = {};
  const unmatched: string[] = [];
  for (const [path, text] of Object.entries(fieldErrors(error))) {
    const name = resolve(path) ?? resolve(path.split('.').pop() ?? path);
    if (name === undefined) unmatched.push(`${path}: ${text}`);
    else fields[name] ??= text;
  }
  if (isApiError(error) && typeof error.data === 'object' && error.data !== null) {
    const key = (error.data as { error?: unknown }).error;
    const target = typeof key === 'string' ? byErrorKey[key] : undefined;
    if (target !== undefined) fields[target] ??= error.message;
  }
  return { message, fields, unmatched };
}

/** Puts the mapped field errors on a react-hook-form form (focusing the first); returns how many were set. */
export function setServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Partial<Record<FieldPath<T>, string>>,
): number {
  const entries = Object.entries(fields) as [FieldPath<T>, string | undefined][];
  let count = 0;
  for (const [name, message] of entries) {
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: count === 0 });
    count++;
  }
  return count;
}
