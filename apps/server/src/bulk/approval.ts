import type { ApprovalExecutor } from '../approvals/engine.ts';
import { rejectHeldBulk, releaseHeldBulk } from './store.ts';

/**
 * A held bulk's part in its approval: approved as a whole with one decision, it is queued and processed as any
 * other (each row's payout checked then, the balance included); rejected or expired, it ends REJECTED.
 */
export function bulkApprovalExecutor(): ApprovalExecutor {
  const urnOf = (payload: Record<string, unknown>, fallback: string | null) =>
    String(payload['bulk_urn'] ?? fallback);
  return {
    async execute(tx, request, approver) {
      const urn = urnOf(request.payload, request.resourceUrn);
      const effects = await releaseHeldBulk(tx, approver, request.clientRef, urn);
      return { effects, outcome: `Bulk ${urn} queued` };
    },
    cancel(tx, request, end) {
      return rejectHeldBulk(
        tx,
        end.by,
        request.clientRef,
        urnOf(request.payload, request.resourceUrn),
        end.message,
      );
    },
  };
}
