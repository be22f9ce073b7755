import { describe, expect, it } from 'vitest';
import { maskPhone } from './service.ts';

describe('maskPhone', () => {
  it('keeps the country code and the last four digits', () => {
    expect(maskPhone('+919800000001')).toBe('+91******0001');
    expect(maskPhone(null)).toBeNull();
  });
});
