import { PendingApproval } from '@meridian/contract/approvals';
import { z } from 'zod';

export { PendingApproval };

/**
 * What a change an approval rule may hold answered: made (`done`, its usual answer), or held (`pending`, the 202
 * `{ approval_urn, status: 'PENDING_APPROVAL', message }`): nothing was changed yet, it waits as that request.
 */
export type DoneOrPending<T, P extends PendingApproval = PendingApproval> =
  { done: T; pending?: never } | { pending: P; done?: never };

/**
 * The schema of such an answer: the union of the 202 body (`pending`: the contract's `PendingApproval`, or an
 * extension of it carrying more, e.g. a held API key's id and secret) and the usual answer (`done`). The 202 is
 * tried first: no usual answer has `status: 'PENDING_APPROVAL'` with an `approval_urn` and a `message`.
 */
export function doneOrPending<T>(done: z.ZodType<T>): z.ZodType<DoneOrPending<T>>;
export function doneOrPending<T, P extends PendingApproval>(
  done: z.ZodType<T>,
  pending: z.ZodType<P>,
): z.ZodType<DoneOrPending<T, P>>;
export function doneOrPending<T>(
  done: z.ZodType<T>,
  pending: z.ZodType<PendingApproval> = PendingApproval,
): z.ZodType<DoneOrPending<T>> {
  return z.union([pending.transform((p) => ({ pending: p })), done.transform((d) => ({ done: d }))]);
}

/** The toast's title for a held change: "Waiting for approval: <what> (<urn>)"; its text is the server's message. */
export const waitingTitle = (what: string, pending: PendingApproval) =>
  `Waiting for approval: ${what} (${pending.approval_urn})`;
