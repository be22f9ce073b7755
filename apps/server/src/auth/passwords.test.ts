import { generateKeyPairSync, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  checkPasswordPolicy,
  decryptPassword,
  hashPassword,
  verifyPassword,
} from './passwords.ts';

describe('argon2id', () => {
  it('hashes in PHC format with the chosen parameters and verifies', async () => {
    const hash = await hashPassword('Meridian#Demo2026');
    expect(hash).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2_PARAMS.memory},t=${ARGON2_PARAMS.passes},p=1\\$`),
    );
    expect(await verifyPassword('Meridian#Demo2026', hash)).toBe(true);
    expect(await verifyPassword('meridian#demo2026', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});

describe('encrypted_password', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });

  it('decrypts what the browser encrypts with WebCrypto RSA-OAEP/SHA-256', async () => {
    const spki = publicKey.export({ type: 'spki', format: 'der' });
    const key = await webcrypto.subtle.importKey('spki', spki, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
    const cipher = await webcrypto.subtle.encrypt(
      { name: 'RSA-OAEP' },
      key,
      new TextEncoder().encode('Meridian#Demo2026'),
    );
    expect(decryptPassword(privateKey, Buffer.from(cipher).toString('base64'))).toBe('Meridian#Demo2026');
  });

  it('answers null for anything else', () => {
    expect(decryptPassword(privateKey, 'bm90IGVuY3J5cHRlZA==')).toBeNull();
    expect(decryptPassword(privateKey, '')).toBeNull();
  });

  it('password policy: 10+ characters with a letter and a digit', () => {
    expect(checkPasswordPolicy('abcdefghi1')).toBe(true);
    expect(checkPasswordPolicy('abcdefghij')).toBe(false);
    expect(checkPasswordPolicy('short1')).toBe(false);
  });
});
