import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps) on node:crypto. Hand-rolled
 * because the algorithm is twenty lines and the RFC's own test vectors pin it (totp.test.ts): a dependency would
 * bring more code than it saves.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now is accepted (clock drift). */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error('invalid base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP with dynamic truncation. `digits` up to 8 (the RFC's vectors use 6 and 8). */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const stepAt = (timeMs: number) => Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS);

export const totpAt = (secret: Uint8Array, timeMs: number, digits = TOTP_DIGITS, algorithm = 'sha1') =>
  hotp(secret, stepAt(timeMs), digits, algorithm);

/**
 * The step whose code `code` is, within ±TOTP_WINDOW steps of `timeMs`, or null. Every candidate is computed
 * and compared (no early exit on the first match's position).
 */
export function matchStep(secret: Uint8Array, code: string, timeMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepAt(timeMs);
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const candidate = hotp(secret, step);
    let diff = 0;
    for (let i = 0; i < TOTP_DIGITS; i++) diff |= candidate.charCodeAt(i) ^ code.charCodeAt(i);
    if (diff === 0 && found === null) found = step;
  }
  return found;
}

/** A new 160-bit secret (RFC 4226 recommends the HMAC's output length), base32. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export function otpauthUri(secret: string, account: string, issuer = 'Meridian'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/**
 * Secrets at rest: AES-256-GCM with a key derived (HKDF-SHA-256) from the server's signing key, bound to the user
 * (additional data), as `v1.<iv>.<tag>.<ciphertext>` (base64url). A database dump alone does not reveal them.
 */
function secretKey(serverKey: KeyObject): Buffer {
  const ikm = serverKey.export({ format: 'der', type: 'pkcs8' });
  return Buffer.from(hkdfSync('sha256', ikm, 'meridian', 'totp-secret-v1', 32));
}

export function encryptSecret(serverKey: KeyObject, userPublicId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(serverKey), iv);
  cipher.setAAD(Buffer.from(userPublicId));
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ct]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(serverKey: KeyObject, userPublicId: string, stored: string): string {
  const [v, iv, tag, ct] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(serverKey), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userPublicId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** 10 recovery codes of 50 random bits each, `abcde-fghij`. */
export const RECOVERY_CODE_COUNT = 10;
export const newRecoveryCode = () => {
  const s = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${s.slice(0, 5)}-${s.slice(5)}`;
};
export const normaliseRecoveryCode = (code: string) => code.replace(/-/g, '').toLowerCase();

/** Recovery codes are stored as HMAC-SHA-256 (server key, user, code), like one-time codes (otp.ts). */
export function hashRecoveryCode(serverKey: KeyObject, userPublicId: string, code: string): string {
  const secret = serverKey.export({ format: 'der', type: 'pkcs8' });
  return createHmac('sha256', secret)
    .update(`recovery:${userPublicId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}
