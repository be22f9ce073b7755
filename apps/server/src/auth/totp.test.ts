import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  hotp,
  matchStep,
  newRecoveryCode,
  newTotpSecret,
  otpauthUri,
  totpAt,
} from './totp.ts';

const RFC_SECRET = Buffer.from('12345678901234567890');

describe('HOTP (RFC 4226 appendix D)', () => {
  it('answers the test vectors for counters 0–9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((code, counter) => expect(hotp(RFC_SECRET, counter)).toBe(code));
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1, 8 digits)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('T = %i → %s', (seconds, code) => {
    expect(totpAt(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it('answers the SHA-256 and SHA-512 vectors with their seeds', () => {
    const seed256 = Buffer.from('12345678901234567890123456789012');
    const seed512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');
    expect(totpAt(seed256, 59_000, 8, 'sha256')).toBe('46119246');
    expect(totpAt(seed512, 59_000, 8, 'sha512')).toBe('90693936');
  });
});

describe('matchStep', () => {
  const t = 1_700_000_000_000;
  it('accepts the current step and one either side, nothing further', () => {
    const now = Math.floor(t / 30_000);
    expect(matchStep(RFC_SECRET, totpAt(RFC_SECRET, t), t)).toBe(now);
    expect(matchStep(RFC_SECRET, totpAt(RFC_SECRET, t - 30_000), t)).toBe(now - 1);
    expect(matchStep(RFC_SECRET, totpAt(RFC_SECRET, t + 30_000), t)).toBe(now + 1);
    expect(matchStep(RFC_SECRET, totpAt(RFC_SECRET, t - 60_000), t)).toBeNull();
    expect(matchStep(RFC_SECRET, totpAt(RFC_SECRET, t + 60_000), t)).toBeNull();
    expect(matchStep(RFC_SECRET, 'abcdef', t)).toBeNull();
  });
});

describe('secrets and recovery codes', () => {
  const { privateKey } = generateKeyPairSync('ed25519');
  it('base32 round-trips', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });
  it('encrypts a secret bound to its user', () => {
    const secret = newTotpSecret();
    const stored = encryptSecret(privateKey, 'USR1', secret);
    expect(stored).not.toContain(secret);
    expect(decryptSecret(privateKey, 'USR1', stored)).toBe(secret);
    expect(() => decryptSecret(privateKey, 'USR2', stored)).toThrow();
  });
  it('makes recovery codes and hashes them ignoring case and the hyphen', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const h = hashRecoveryCode(privateKey, 'USR1', code);
    expect(hashRecoveryCode(privateKey, 'USR1', code.toUpperCase().replace('-', ''))).toBe(h);
    expect(hashRecoveryCode(privateKey, 'USR2', code)).not.toBe(h);
  });
  it('builds the otpauth URI', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'a@b.test')).toBe(
      'otpauth://totp/Meridian%3Aa%40b.test?secret=JBSWY3DPEHPK3PXP&issuer=Meridian&algorithm=SHA1&digits=6&period=30',
    );
  });
});
