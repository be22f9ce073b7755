/**
 * Money in the UI: the API sends decimal strings with two places ("125000.00"); the UI shows them
 * as Indian rupees grouped the Indian way (₹1,25,000.00). Everything here works on the digits of the string
 * (and on bigint paise), never on floats, so no amount is ever rounded by binary arithmetic.
 */

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/**
 * A decimal amount in rupees as integer paise, or null when the text is not a decimal number. More than two
 * decimals are rounded half away from zero ("0.005" → 1n).
 */
export function toPaise(amount: string): bigint | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  let paise = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if (fraction.length > 2 && fraction.charCodeAt(2) >= 53 /* '5' */) paise += 1n;
  return sign === '-' ? -paise : paise;
}

/** Indian digit grouping of a run of digits: the last three, then groups of two (1234567 → 12,34,567). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}

export interface MoneyFormatOptions {
  /** 'auto' (default): a minus for negatives only; 'always': also a plus for positive amounts. */
  sign?: 'auto' | 'always';
  /** Leave the ₹ symbol out (e.g. in a column headed "Amount (₹)"). */
  symbol?: boolean;
}

/** Formats paise as en-IN rupees: 12500000n → "₹1,25,000.00", -50n → "-₹0.50". */
export function formatPaise(paise: bigint, options: MoneyFormatOptions = {}): string {
  const negative = paise < 0n;
  const abs = negative ? -paise : paise;
  const rupees = groupIndian((abs / 100n).toString());
  const cents = (abs % 100n).toString().padStart(2, '0');
  const sign = negative ? '-' : options.sign === 'always' && abs > 0n ? '+' : '';
  return `${sign}${options.symbol === false ? '' : '₹'}${rupees}.${cents}`;
}

/**
 * Formats a decimal amount from the API: "125000.00" → "₹1,25,000.00", "0.50" → "₹0.50",
 * "-1250.5" → "-₹1,250.50". Missing or malformed values render as '-' (like invalid dates).
 */
export function formatMoney(amount: string | null | undefined, options: MoneyFormatOptions = {}): string {
  if (amount === null || amount === undefined) return '-';
  const paise = toPaise(amount);
  return paise === null ? '-' : formatPaise(paise, options);
}
