import type { ApprovalExecutor } from '../approvals/engine.ts';
import { rejectHeldPayout, releaseHeldPayout } from './held.ts';

/**
 * A held payout's part in its approval: once approved it is debited (the balance checked at approval) and goes to
 * the rail; rejected, expired or short of balance it ends REJECTED with why in its status message.
 */
export function payoutApprovalExecutor(opts: { railTimeScale: number }): ApprovalExecutor {
  return {
    async execute(tx, request, approver) {
      const urn = String(request.payload['payout_urn'] ?? request.resourceUrn);
      const { effects, payout } = await releaseHeldPayout(tx, approver, request.clientRef, urn, {
        railTimeScale: opts.railTimeScale,
      });
      return { effects, outcome: `Payout ${payout.urn} sent (${payout.amount} by ${payout.transfer_type})` };
    },
    cancel(tx, request, end) {
      const urn = String(request.payload['payout_urn'] ?? request.resourceUrn);
      return rejectHeldPayout(tx, end.by, request.clientRef, urn, end.message);
    },
  };
}
