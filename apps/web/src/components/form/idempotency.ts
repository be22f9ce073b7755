import { useRef } from 'react';
import { isApiError } from '@/lib/api';

/** A v4 UUID; `crypto.randomUUID` needs a secure context, `getRandomValues` does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * True when a failed call may or may not have been carried out: the answer never arrived (network, timeout,
 * unreadable answer), the server failed (5xx), the first attempt is still in flight (409) or the call was
 * throttled (408, 429). Retrying such a call must reuse its idempotency key.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (typeof error.status !== 'number') return true;
  return error.status >= 500 || error.status === 408 || error.status === 409 || error.status === 429;
}

function fingerprint(payload: unknown): string {
  return JSON.stringify(payload, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

/**
 * The idempotency key of one confirmed submission. The first confirm of a payload makes a key; confirming
 * the same payload again after an unknown outcome reuses it, so the server replays instead of paying twice.
 * A success or a definite refusal ends the submission: the next confirm is a new one with a new key, and so
 * is a confirm of a changed payload.
 */
export class IdempotentSubmission {
  private current: { fingerprint: string; key: string } | null = null;
  private readonly makeKey: () => string;

  constructor(makeKey: () => string = newIdempotencyKey) {
    this.makeKey = makeKey;
  }

  keyFor(payload: unknown): string {
    const print = fingerprint(payload);
    if (this.current?.fingerprint !== print) this.current = { fingerprint: print, key: this.makeKey() };
    return this.current.key;
  }

  /** Call with the error of a failed attempt, or without one after a success. */
  settle(error?: unknown): void {
    if (error === undefined || !isOutcomeUnknown(error)) this.current = null;
  }

  reset(): void {
    this.current = null;
  }
}

/** One `IdempotentSubmission` for the lifetime of a component. */
export function useIdempotentSubmission(): IdempotentSubmission {
  const ref = useRef<IdempotentSubmission | null>(null);
  ref.current ??= new IdempotentSubmission();
  return ref.current;
}
