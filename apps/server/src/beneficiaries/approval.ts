import { CreateBeneficiary, UpdateBeneficiary } from '@meridian/contract';
import { z } from 'zod';
import type { HoldInput } from '../approvals/engine.ts';
import { settingsExecutor } from '../approvals/settings.ts';
import {
  createBeneficiary,
  updateBeneficiary,
  type BeneficiaryUpdatePlan,
  type NewBeneficiaryPlan,
} from './service.ts';

/*
 * Four eyes on beneficiaries (action `beneficiary`): an addition or a change covered by an active rule waits with
 * the request as sent (its payload) and the beneficiary before and after; once approved it is checked and made
 * again as then (the account, the name match and the code are those of that moment). Taking a beneficiary out of
 * use (a change of its status to INACTIVE and nothing else) never waits: it only stops payouts.
 */

const Payload = z.discriminatedUnion('op', [
  z.object({ op: z.literal('create'), input: CreateBeneficiary }),
  z.object({ op: z.literal('update'), code: z.string(), input: UpdateBeneficiary }),
]);

const destinationOf = (v: NewBeneficiaryPlan['view']) =>
  v.transfer_type === 'UPI'
    ? `UPI ${v.beneficiary_upi_id}`
    : `${v.transfer_type} ${v.beneficiary_account_number} ${v.ifsc_code}`;

/** What an addition's approval request holds. */
export const holdNewBeneficiary = (
  input: CreateBeneficiary,
  plan: NewBeneficiaryPlan,
): Omit<HoldInput, 'action' | 'source'> => ({
  summary: `Add beneficiary ${plan.view.beneficiary_code} (${plan.view.beneficiary_name}, ${destinationOf(plan.view)})`,
  resourceUrn: plan.view.beneficiary_code,
  payload: { op: 'create', input },
  diff: { before: null, after: plan.view },
});

/** What a change's approval request holds. */
export const holdBeneficiaryUpdate = (
  code: string,
  input: UpdateBeneficiary,
  plan: BeneficiaryUpdatePlan,
): Omit<HoldInput, 'action' | 'source'> => ({
  summary: `Change beneficiary ${plan.current.code} (${plan.fields.join(', ')})`,
  resourceUrn: plan.current.code,
  payload: { op: 'update', code, input },
  diff: { before: plan.before, after: plan.after },
});

/** A change that never waits: deactivating, nothing else. */
export const onlyDeactivates = (input: UpdateBeneficiary) =>
  input.status === 'INACTIVE' &&
  Object.entries(input).every(([k, v]) => k === 'status' || k === 'confirm_name_mismatch' || v === undefined);

/** Makes an approved addition or change of a beneficiary. */
export const beneficiaryExecutor = settingsExecutor(async (tx, payload, actor) => {
  const held = Payload.parse(payload);
  if (held.op === 'create') {
    const added = await createBeneficiary(tx, actor, held.input);
    return { outcome: `Beneficiary ${added.beneficiary_code} added` };
  }
  const changed = await updateBeneficiary(tx, actor, held.code, held.input);
  return { outcome: `Beneficiary ${changed.beneficiary_code} changed` };
});
