import { describe, expect, it } from 'vitest';
import { newId, newOtp, safeEqual } from './ids.ts';

describe('ids', () => {
  it('are prefixed, unique and sortable by time', () => {
    const a = newId('PAY', 1_700_000_000_000);
    const b = newId('PAY', 1_700_000_000_001);
    expect(a).toMatch(/^PAY[0-9A-Z]{26}$/);
    expect(a < b).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => newId('X'))).size).toBe(1000);
  });

  it('one-time codes are 6 digits and spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, () => newOtp());
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('safeEqual compares exactly', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
