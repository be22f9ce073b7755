// Amounts and balances of a statement, from the file's text to exact decimals and paise (never a float).
import { amountToPaise, paiseToAmount } from '../amounts.ts';
import type { Balance, Direction } from './types.ts';

/** "25000", "25000.5" (or "25000,5" with a decimal comma) → `{ amount: '25000.50', paise: 2500050n }`. */
export function amountOf(text: string, separator: '.' | ',' = '.'): { amount: string; paise: bigint } {
  const paise = amountToPaise(text, separator);
  return { amount: paiseToAmount(paise), paise };
}

/** A balance from its unsigned amount text, side and date. */
export function balanceOf(
  text: string,
  direction: Direction,
  date: string,
  separator: '.' | ',' = '.',
): Balance {
  return { ...amountOf(text, separator), direction, date };
}

/** A balance from signed paise (negative: overdrawn, a debit balance). */
export function balanceFromPaise(signed: bigint, date: string): Balance {
  const paise = signed < 0n ? -signed : signed;
  return { amount: paiseToAmount(paise), paise, direction: signed < 0n ? 'debit' : 'credit', date };
}

/** A balance as signed paise: credit positive, debit negative. */
export const signedPaise = (balance: Balance): bigint =>
  balance.direction === 'credit' ? balance.paise : -balance.paise;
