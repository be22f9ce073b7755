import { describe, expect, it } from 'vitest';
import { normalisedPreview, serverErrorField, validateIpForm } from './ip-form';

describe('the add-IP form', () => {
  const ok = { ip: '203.0.113.7', label: 'Office', password: 'secret' };

  it('accepts an address, a range and an IPv6 range', () => {
    expect(validateIpForm(ok)).toEqual({});
    expect(validateIpForm({ ...ok, ip: '203.0.113.0/24' })).toEqual({});
    expect(validateIpForm({ ...ok, ip: '2001:db8:1::/48' })).toEqual({});
  });

  it('names what is wrong: address, host bits, width, label, password', () => {
    expect(validateIpForm({ ...ok, ip: 'abc' }).ip).toMatch(/not an IPv4 or IPv6 address/);
    expect(validateIpForm({ ...ok, ip: '10.1.2.3/16' }).ip).toMatch(/the range is 10\.1\.0\.0\/16/);
    expect(validateIpForm({ ...ok, ip: '10.0.0.0/8' }).ip).toMatch(/too wide/);
    expect(validateIpForm({ ...ok, ip: '2001:db8::/32' }).ip).toMatch(/at most \/48/);
    expect(validateIpForm({ ...ok, label: '  ' }).label).toMatch(/label/i);
    expect(validateIpForm({ ...ok, password: '' }).password).toMatch(/password/);
  });

  it('previews the normal form, IPv4-mapped addresses as IPv4', () => {
    expect(normalisedPreview('203.0.113.7')).toBe('203.0.113.7/32');
    expect(normalisedPreview('::ffff:127.0.0.1')).toBe('127.0.0.1/32');
    expect(normalisedPreview('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1/128');
    expect(normalisedPreview('2001:db8:0:1:0:0:0:0/64')).toBe('2001:db8:0:1::/64');
    expect(normalisedPreview('1.2.3')).toBeNull();
  });

  it('puts server errors on their field', () => {
    expect(serverErrorField(403, 'step_up_failed', {})).toBe('password');
    expect(serverErrorField(409, 'duplicate_ip', { ip: 'is already in the allow-list' })).toBe('ip');
    expect(serverErrorField(422, 'too_many_ip_entries', {})).toBeNull();
  });
});
