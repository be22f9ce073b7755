import { createHash, randomBytes, randomFillSync, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32

/**
 * Random bytes for ids, drawn from a pool refilled 4 KB at a time (as crypto.randomUUID does): one system call
 * per 256 ids instead of one per id (every request gets an id). Returns where its n fresh bytes start in POOL.
 */
const POOL = Buffer.alloc(4096);
let pooled = POOL.length;
function takeRandom(n: number): number {
  if (pooled + n > POOL.length) {
    randomFillSync(POOL);
    pooled = 0;
  }
  const at = pooled;
  pooled += n;
  return at;
}

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
  const at = takeRandom(16);
  let rand = '';
  for (let i = 0; i < 16; i++) rand += ALPHABET[POOL[at + i]! % 32];
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
