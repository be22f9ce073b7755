// Amounts in bank files: exact decimal text ⇄ integer paise, never through a float. ISO 20022 amounts are
// xs:decimal (`25000`, `25000.5`, `25000.00`, up to five fraction digits in the schema) and always ≥ 0, the
// direction coming from `CdtDbtInd`; MT940 writes the same with a decimal comma (`25000,00`).
import { BankFileError } from './xml.ts';

const DECIMAL = /^\+?(\d*)(?:\.(\d*))?$/;

/** 2500000n → "25000.00": the text of an amount in a file we write (two fraction digits, no sign). */
export function paiseToAmount(paise: bigint): string {
  if (paise < 0n) throw new RangeError(`A bank-file amount is never negative (got ${paise} paise)`);
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

/**
 * "25000", "25000.5", "25000.00", "+25000.50000", and with `separator: ','` "25000,00" → paise. A third
 * fraction digit other than zero, a sign other than `+`, or anything but digits is refused (BankFileError).
 */
export function amountToPaise(text: string, separator: '.' | ',' = '.'): bigint {
  const raw = text.trim();
  const normal = separator === ',' ? raw.replace(',', '.') : raw;
  const match = separator === ',' && raw.includes('.') ? null : DECIMAL.exec(normal);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === ''))
    throw new BankFileError('content', `Amount "${text}" is not a decimal number`);
  if (/[1-9]/.test(fraction.slice(2)))
    throw new BankFileError('content', `Amount "${text}" has more than two decimals (paise)`);
  return BigInt(whole || '0') * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
}

/** The sum of paise amounts (0n for none). */
export const sumPaise = (amounts: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
};
