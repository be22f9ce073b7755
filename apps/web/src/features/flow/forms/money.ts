import { AMOUNT_PATTERN, RAIL_LIMITS, type TransferType } from '@meridian/contract';
import { formatPaise, toPaise } from '@/lib/format/money';

/**
 * Amounts typed into the flow forms: decimal rupee strings ("1250.50") checked against the contract's
 * AMOUNT_PATTERN and compared as integer paise (bigint), never as floats.
 */

/** Integer paise of a typed amount, or null when it is not an amount the API accepts. */
export function amountToPaise(amount: string): bigint | null {
  const text = amount.trim();
  return AMOUNT_PATTERN.test(text) ? toPaise(text) : null;
}

/** Paise as a number in RAIL_LIMITS, formatted `₹5,00,000.00`. */
const formatLimit = (paise: number): string => formatPaise(BigInt(paise));

/** The amount range of a rail in words, e.g. "IMPS: ₹1.00 to ₹5,00,000.00 per payout". */
export function railLimitText(type: TransferType): string {
  const { min, max } = RAIL_LIMITS[type];
  return max === null
    ? `${type}: from ${formatLimit(min)}, no upper limit`
    : `${type}: ${formatLimit(min)} to ${formatLimit(max)} per payout`;
}

/**
 * Why `amount` is out of the range of the rail, naming the limit; null when it is within it (or is not an
 * amount at all, which the amount pattern reports).
 */
export function amountLimitError(amount: string, type: TransferType): string | null {
  const paise = amountToPaise(amount);
  if (paise === null) return null;
  const { min, max } = RAIL_LIMITS[type];
  if (paise < BigInt(min)) return `The minimum for ${type} is ${formatLimit(min)}`;
  if (max !== null && paise > BigInt(max)) return `The maximum for ${type} is ${formatLimit(max)}`;
  return null;
}
