import { describe, expect, it } from 'vitest';
import { verhoeffDigit, verhoeffValid, withVerhoeff } from './verhoeff.ts';

describe('Verhoeff', () => {
  it('computes the published examples', () => {
    expect(verhoeffDigit('236')).toBe(3); // the textbook example: 2363
    expect(verhoeffDigit('12345')).toBe(1); // 123451
    expect(verhoeffDigit('142857')).toBe(0); // 1428570
    expect(withVerhoeff('23412341234')).toBe('234123412346');
  });

  it('validates known good numbers and refuses altered ones', () => {
    for (const good of ['2363', '123451', '1428570', '234123412346', '999941057058']) {
      expect(verhoeffValid(good)).toBe(true);
    }
    for (const bad of ['2364', '123456', '234123412345', '999941057059', '', '7', '12a4']) {
      expect(verhoeffValid(bad)).toBe(false);
    }
  });

  it('catches every single-digit error and every adjacent swap of a valid number', () => {
    const good = '234123412346';
    for (let i = 0; i < good.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === good[i]) continue;
        expect(verhoeffValid(good.slice(0, i) + d + good.slice(i + 1))).toBe(false);
      }
      if (i < good.length - 1 && good[i] !== good[i + 1]) {
        expect(verhoeffValid(good.slice(0, i) + good[i + 1] + good[i] + good.slice(i + 2))).toBe(false);
      }
    }
  });

  it('refuses what is not digits', () => {
    expect(() => verhoeffDigit('12x')).toThrow();
  });
});
