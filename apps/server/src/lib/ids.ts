import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32

/**
 * A prefixed, time-sortable, unguessable identifier: PREFIX + 10 chars of millisecond time + 16 random chars
 * (80 bits), e.g. `MFA01JD3V9K2QW8X7Z5N4M3P2R1`.
 */
export function newId(prefix: string, now = Date.now()): string {
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let rand = '';
  for (const b of bytes) rand += ALPHABET[b % 32];
  return `${prefix}${time}${rand}`;
}

/** A random secret token, URL-safe. */
export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A one-time code of `length` digits from a cryptographically secure generator. */
export const newOtp = (length = 6) => String(randomInt(0, 10 ** length)).padStart(length, '0');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
