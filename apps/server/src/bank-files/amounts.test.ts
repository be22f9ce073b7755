import { describe, expect, it } from 'vitest';
import { amountToPaise, paiseToAmount, sumPaise } from './amounts.ts';
import { BankFileError } from './xml.ts';

describe('bank-file amounts', () => {
  it('writes paise as a two-decimal amount, exactly', () => {
    expect(paiseToAmount(2500000n)).toBe('25000.00');
    expect(paiseToAmount(1n)).toBe('0.01');
    expect(paiseToAmount(0n)).toBe('0.00');
    expect(paiseToAmount(999999999999n)).toBe('9999999999.99');
    expect(paiseToAmount(12345678901234567n)).toBe('123456789012345.67');
    expect(() => paiseToAmount(-1n)).toThrow(RangeError);
  });

  it('reads every xs:decimal form of an amount into paise', () => {
    expect(amountToPaise('25000.00')).toBe(2500000n);
    expect(amountToPaise('25000')).toBe(2500000n);
    expect(amountToPaise('25000.5')).toBe(2500050n);
    expect(amountToPaise(' +0.01 ')).toBe(1n);
    expect(amountToPaise('.5')).toBe(50n);
    expect(amountToPaise('7.')).toBe(700n);
    expect(amountToPaise('10.50000')).toBe(1050n);
    expect(amountToPaise('25000,00', ',')).toBe(2500000n);
    expect(amountToPaise('1,', ',')).toBe(100n);
    expect(amountToPaise('9999999999999999.99')).toBe(999999999999999999n);
  });

  it('refuses what is not an amount in paise', () => {
    for (const bad of ['', '.', '-1.00', '1.001', '1e3', '1,00', '12 000.00', 'NaN', '0x10'])
      expect(() => amountToPaise(bad), bad).toThrow(BankFileError);
    expect(() => amountToPaise('1.00', ',')).toThrow(BankFileError);
  });

  it('sums paise', () => {
    expect(sumPaise([])).toBe(0n);
    expect(sumPaise([1n, 2n, 999999999999n])).toBe(1000000000002n);
  });
});
