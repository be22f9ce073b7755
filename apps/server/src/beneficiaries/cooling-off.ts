import {
  BENEFICIARY_COOLING_OFF,
  WEAK_NAME_MATCH_BELOW,
  coolingOffText,
  weakNameMatchText,
} from '@meridian/contract';
import type { beneficiaries } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { formatMoney } from '../lib/money.ts';

/**
 * Cooling-off of new beneficiaries: one added, or whose account or UPI id changed, is limited for `hours`
 * (config BENEFICIARY_COOLING_OFF_HOURS, default 24): a payout to it above `limitRupees` (config
 * BENEFICIARY_COOLING_OFF_LIMIT, default ₹25,000) is refused with 422 `beneficiary_cooling_off`, single payouts
 * and bulk rows alike. The server sets the policy from its config at start (`setCoolingOffPolicy`); every
 * process of a deployment reads the same configuration.
 */
export type CoolingOffPolicy = { hours: number; limitRupees: number };

let policy: CoolingOffPolicy = { hours: 24, limitRupees: 25_000 };

export function setCoolingOffPolicy(config: {
  BENEFICIARY_COOLING_OFF_HOURS: number;
  BENEFICIARY_COOLING_OFF_LIMIT: number;
}): void {
  policy = { hours: config.BENEFICIARY_COOLING_OFF_HOURS, limitRupees: config.BENEFICIARY_COOLING_OFF_LIMIT };
}

/** When a beneficiary added or moved to a new account now stops being limited. */
export const coolingOffEnd = (now = new Date()): Date => new Date(now.getTime() + policy.hours * 3_600_000);

const limitPaise = () => BigInt(policy.limitRupees) * 100n;

type BeneficiaryRow = typeof beneficiaries.$inferSelect;

/** The limits a beneficiary's answer shows: until when and up to how much, or nulls when it is not limited. */
export function coolingOffOf(
  ben: Pick<BeneficiaryRow, 'limitedUntil'>,
  now = new Date(),
): { cooling_off_until: string | null; cooling_off_limit: string | null } {
  if (!ben.limitedUntil || ben.limitedUntil <= now)
    return { cooling_off_until: null, cooling_off_limit: null };
  return { cooling_off_until: ben.limitedUntil.toISOString(), cooling_off_limit: formatMoney(limitPaise()) };
}

/** Why a payout of `amount` (paise) to this beneficiary is refused now, or null when it may go. */
export function coolingOffRefusal(
  ben: Pick<BeneficiaryRow, 'limitedUntil'>,
  amount: bigint,
  now = new Date(),
): string | null {
  const { cooling_off_until: until, cooling_off_limit: limit } = coolingOffOf(ben, now);
  if (!until || !limit || amount <= limitPaise()) return null;
  return `${coolingOffText(limit, until)} (IST); this payout is above the limit. Pay up to the limit now, or the full amount once the limit ends.`;
}

/** 422 `beneficiary_cooling_off` for a payout above a limited beneficiary's limit. */
export function checkCoolingOff(ben: BeneficiaryRow, amount: bigint, now = new Date()): void {
  const refusal = coolingOffRefusal(ben, amount, now);
  if (refusal) throw new AppError(422, BENEFICIARY_COOLING_OFF, refusal, { fields: { amount: refusal } });
}

/**
 * Why a payout to this beneficiary must wait for an approver whatever the rules say, or null: it is still limited
 * and the bank's name matched it below WEAK_NAME_MATCH_BELOW % at its penny drop.
 */
export function weakNameMatch(
  ben: Pick<BeneficiaryRow, 'code' | 'limitedUntil' | 'nameMatchScore'>,
  now = new Date(),
): string | null {
  if (!ben.limitedUntil || ben.limitedUntil <= now) return null;
  if (ben.nameMatchScore === null || ben.nameMatchScore >= WEAK_NAME_MATCH_BELOW) return null;
  return weakNameMatchText(ben.code, ben.nameMatchScore);
}
