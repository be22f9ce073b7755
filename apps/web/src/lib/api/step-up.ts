import { STEP_UP_HEADER, STEP_UP_REQUIRED } from '@meridian/contract/two-factor';
import { onAuthCleared } from '@/lib/auth';
import { ApiError, isApiError } from './errors';

/**
 * Step-up (sudo mode) of the dashboard: a payout, a bulk submission or an approval decision answered 401
 * `step_up_required` asks the signed-in member to confirm it's them (the shell's dialog registers itself with
 * `setStepUpPrompt`), then the client sends the request again with the token. The token lives in memory only,
 * for the seconds the server gave it (300), and goes with every later change (not reads) until then.
 */
export type StepUpPrompt = () => Promise<{ token: string; expiresIn: number } | null>;

export const STEP_UP_CANCELLED_MESSAGE =
  "Not sent: confirm it's you (your two-factor code, or your password) to move money from the dashboard.";

let prompt: StepUpPrompt | null = null;
let held: { token: string; until: number } | null = null;
let asking: Promise<string | null> | null = null;

/** The shell's "Confirm it's you" dialog; null when it unmounts. */
export function setStepUpPrompt(next: StepUpPrompt | null): void {
  prompt = next;
}

/** The token while it is valid (a few seconds of margin for the trip to the server), else null. */
export function currentStepUpToken(now = Date.now()): string | null {
  if (held && held.until - 5_000 > now) return held.token;
  held = null;
  return null;
}

/** Forget the token (sign-out, or the server refused it). */
export function clearStepUpToken(): void {
  held = null;
}
// A token never outlives the session it was given to.
onAuthCleared(clearStepUpToken);

/**
 * Asks the member once, however many requests need it at the same time: answers the new token, or null when they
 * cancel (or no dialog is mounted).
 */
export function requestStepUp(): Promise<string | null> {
  asking ??= (async () => {
    try {
      const answer = prompt ? await prompt() : null;
      if (!answer) return null;
      held = { token: answer.token, until: Date.now() + answer.expiresIn * 1000 };
      return answer.token;
    } finally {
      asking = null;
    }
  })();
  return asking;
}

/** Whether an error body is the server's 401 `step_up_required`. */
export function isStepUpBody(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { error?: unknown }).error === STEP_UP_REQUIRED
  );
}

/** A 401 that asks for a step-up (or its cancellation): never an expired session. */
export function isStepUpRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && isStepUpBody(error.data);
}

/** The error a request fails with when the member cancels the dialog. */
export const stepUpCancelled = (data: unknown) => new ApiError(401, STEP_UP_CANCELLED_MESSAGE, data);

export { STEP_UP_HEADER };
