import { describe, expect, it } from 'vitest';
import { formatMoney, formatRupees, toPaise } from './money.ts';

describe('money', () => {
  it('parses decimal rupees exactly', () => {
    expect(toPaise('1250')).toBe(125000n);
    expect(toPaise('1250.5')).toBe(125050n);
    expect(toPaise('0.01')).toBe(1n);
    expect(toPaise('9999999999999.99')).toBe(999999999999999n);
    expect(() => toPaise('1.001')).toThrow(/at most two decimals/);
    expect(() => toPaise('-5')).toThrow();
    expect(() => toPaise('1e3')).toThrow();
  });
  it('formats paise with two decimals and Indian grouping', () => {
    expect(formatMoney(125050n)).toBe('1250.50');
    expect(formatMoney(-7n)).toBe('-0.07');
    expect(formatRupees(12500000n)).toBe('₹1,25,000.00');
    expect(formatRupees(100n)).toBe('₹1.00');
    expect(formatRupees(1234567890n)).toBe('₹1,23,45,678.90');
  });
});
