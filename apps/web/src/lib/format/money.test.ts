import { describe, expect, it } from 'vitest';
import { formatMoney, formatPaise, groupIndian, toPaise } from './money';

describe('formatMoney', () => {
  it.each([
    ['125000.00', '₹1,25,000.00'],
    ['0.50', '₹0.50'],
    ['0', '₹0.00'],
    ['1250', '₹1,250.00'],
    ['1250.5', '₹1,250.50'],
    ['999.99', '₹999.99'],
    ['1000', '₹1,000.00'],
    ['100000', '₹1,00,000.00'],
    ['12345678.90', '₹1,23,45,678.90'],
    ['9999999999999.99', '₹99,99,99,99,99,999.99'],
  ])('%s → %s', (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it('puts the minus before the rupee sign for negatives', () => {
    expect(formatMoney('-1250.00')).toBe('-₹1,250.00');
    expect(formatMoney('-0.50')).toBe('-₹0.50');
    expect(formatMoney('-125000')).toBe('-₹1,25,000.00');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney('-0.00')).toBe('₹0.00');
  });

  it('keeps amounts exact beyond float precision', () => {
    // 2^53 + 1 rupees and ten paise: a float would lose the last digit.
    expect(formatMoney('9007199254740993.10')).toBe('₹9,00,71,99,25,47,40,993.10');
    expect(formatMoney('0.10')).toBe('₹0.10');
    expect(formatMoney('0.30')).toBe('₹0.30');
  });

  it('rounds more than two decimals half away from zero', () => {
    expect(formatMoney('0.005')).toBe('₹0.01');
    expect(formatMoney('0.004')).toBe('₹0.00');
    expect(formatMoney('1.999')).toBe('₹2.00');
    expect(formatMoney('-1.995')).toBe('-₹2.00');
  });

  it('shows a plus for positive amounts when asked', () => {
    expect(formatMoney('500.00', { sign: 'always' })).toBe('+₹500.00');
    expect(formatMoney('-500.00', { sign: 'always' })).toBe('-₹500.00');
    expect(formatMoney('0.00', { sign: 'always' })).toBe('₹0.00');
  });

  it('can leave the symbol out', () => {
    expect(formatMoney('125000.00', { symbol: false })).toBe('1,25,000.00');
  });

  it.each([null, undefined, '', 'abc', '1,000.00', '12.3.4', '₹100', 'NaN', '1e5'])(
    'renders %j as "-"',
    (input) => {
      expect(formatMoney(input)).toBe('-');
    },
  );
});

describe('toPaise, formatPaise and groupIndian', () => {
  it('converts decimal strings to exact paise', () => {
    expect(toPaise('125000.00')).toBe(12_500_000n);
    expect(toPaise('0.5')).toBe(50n);
    expect(toPaise(' 7 ')).toBe(700n);
    expect(toPaise('-0.05')).toBe(-5n);
    expect(toPaise('x')).toBeNull();
  });

  it('formats paise', () => {
    expect(formatPaise(12_500_000n)).toBe('₹1,25,000.00');
    expect(formatPaise(-50n)).toBe('-₹0.50');
  });

  it('groups digits the Indian way', () => {
    expect(groupIndian('1')).toBe('1');
    expect(groupIndian('123')).toBe('123');
    expect(groupIndian('1234')).toBe('1,234');
    expect(groupIndian('123456')).toBe('1,23,456');
    expect(groupIndian('1234567')).toBe('12,34,567');
  });
});
