/** Crockford base-32: no I, L, O or U, so a reference read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomChars(count: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * A fresh customer reference number such as `REF20250903-7K3F9Q2A`: prefix, the local date and 8 random
 * characters (32^8 ≈ 10^12 per day). It fits REFERENCE_PATTERN (1–40 letters, digits, _ or -).
 */
export function generateReference(prefix = 'REF', now: Date = new Date()): string {
  const date = [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('');
  return `${prefix}${date}-${randomChars(8)}`;
}
