import { argon2, privateDecrypt, constants, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { safeEqual } from '../lib/ids.ts';

const argon2Async = promisify(argon2);

/** argon2id parameters (OWASP 2024 minimum: 19 MiB, 2 passes, 1 lane). */
export const ARGON2_PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const { memory, passes, parallelism, tagLength } = ARGON2_PARAMS;
  const hash = await argon2Async('argon2id', {
    message: password,
    nonce,
    memory,
    passes,
    parallelism,
    tagLength,
  });
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = PHC.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64url');
  const hash = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(m[4]!, 'base64url'),
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return safeEqual(hash.toString('base64url'), m[5]!);
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** Decrypts `encrypted_password` (RSA-OAEP with SHA-256, base64). Null when it cannot be decrypted. */
export function decryptPassword(key: KeyObject, encrypted: string): string | null {
  try {
    const plain = privateDecrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    ).toString('utf8');
    return plain.length > 0 && plain.length <= 256 ? plain : null;
  } catch {
    return null;
  }
}

export function checkPasswordPolicy(password: string): boolean {
  return password.length >= 10 && password.length <= 256 && /[A-Za-z]/.test(password) && /\d/.test(password);
}
