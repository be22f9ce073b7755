import { CreditAdjustment } from '@meridian/contract/accounts';
import type { HoldInput } from '../approvals/engine.ts';
import { settingsExecutor } from '../approvals/settings.ts';
import { adjustCompanyCredits } from './service.ts';

/*
 * Four eyes on Meridian's side (action `credit_load`): a credit load an active rule of Meridian's own client
 * covers waits with the load exactly as asked (company, credits, reason); once approved it is loaded by the last
 * approver on behalf of the operations member who asked. A rule's amount band counts credits (`100000` = 1,00,000
 * credits), as a payout's counts rupees. Unloads never wait: they take credits away.
 */

/** A load's amount for the rules' amount band: its credits, in the hundredths the band compares. */
export const creditLoadAmount = (credits: number): bigint => BigInt(credits) * 100n;

/** What a credit load's approval request holds. */
export const holdCreditLoad = (
  load: CreditAdjustment,
  company: { name: string },
): Omit<HoldInput, 'action' | 'source'> => ({
  summary: `Load ${load.credits.toLocaleString('en-IN')} credits onto ${company.name} (${load.client_id}): ${load.reason}`,
  amount: creditLoadAmount(load.credits),
  resourceUrn: load.client_id,
  payload: { ...load },
});

/** Loads the approved credits. */
export const creditLoadExecutor = settingsExecutor(async (tx, payload, actor) => {
  const load = CreditAdjustment.parse(payload);
  const done = await adjustCompanyCredits(tx, actor, 'LOAD', load);
  return {
    outcome: `${load.credits.toLocaleString('en-IN')} credits loaded onto ${load.client_id} (balance ${done.credits.toLocaleString('en-IN')})`,
  };
});
