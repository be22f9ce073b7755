import { AMOUNT_PATTERN } from '@meridian/contract';
import { badRequest } from '../http/errors.ts';

/** "1250.5" → 125050n paise. Exact: never goes through a float. */
export function toPaise(amount: string, field = 'amount'): bigint {
  const value = amount.trim();
  if (!AMOUNT_PATTERN.test(value))
    throw badRequest(`Invalid ${field}: use rupees with at most two decimals`, { [field]: 'is invalid' });
  const [rupees, fraction = ''] = value.split('.');
  return BigInt(rupees!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** 125050n → "1250.50" (the API's money format). */
export function formatMoney(paise: bigint | number): string {
  const v = BigInt(paise);
  const abs = v < 0n ? -v : v;
  return `${v < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** 12500000n → "₹1,25,000.00" for messages (Indian digit grouping). */
export function formatRupees(paise: bigint | number): string {
  const [whole, fraction] = formatMoney(paise).split('.');
  const neg = whole!.startsWith('-');
  const digits = neg ? whole!.slice(1) : whole!;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}₹${rest ? `${rest},${last3}` : last3}.${fraction}`;
}
