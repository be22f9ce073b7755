// The fields a bank leaves in free text: the UTR (where the connection says the bank puts it), our EndToEndId
// when the file has no field for it, and a batch booking's count. Patterns are per bank; these are defaults.
import type { ReadOptions } from './types.ts';

/**
 * Default UTR shapes (the research's, treat as a starting point per bank): a labelled `UTR …`, an RTGS UTR
 * (`XXXXR` + 17 characters, 22 in all), a NEFT UTR (`XXXXN` + 11 digits, not one of our `MRDH…` EndToEndIds),
 * HDFC's `N` + 15 digits, and a 12-digit IMPS/UPI RRN after the word IMPS or UPI.
 */
export const DEFAULT_UTR_PATTERNS: readonly RegExp[] = [
  /\bUTR\b[\s:.\-/]*(?:NO\b[\s:.\-/]*)?([A-Z0-9]{12,22})\b/i,
  /\b([A-Z]{4}R[A-Z0-9]\d{16})\b/,
  /\b(?!MRDH)([A-Z]{4}N\d{11})\b/,
  /\b(N\d{15})\b/,
  /\b(?:IMPS|UPI)\b.*?\b(\d{12})\b/,
];

/**
 * The EndToEndIds we write (../pain001.ts `endToEndIdOf`): `MRDPO` + 11 digits from a sequence, or `MRDH` + 12
 * Crockford base32 characters from a payout URN.
 */
export const OUR_END_TO_END_IDS = /\b(MRDPO\d{11}|MRDH[0-9A-HJKMNP-TV-Z]{12})\b/;

/** A narration hint of a batch booking: `BATCH OF 3 TXNS`, `BULK … 12 ITEMS`. */
const BATCH_HINT =
  /\b(?:BATCH|BULK)\b\D{0,20}?\b(\d{1,6})\s*(?:TXNS?|TRANSACTIONS?|ITEMS?|PAYMENTS?|RECORDS?)\b/i;

/** The first capture of the first pattern that matches any of the texts, upper-cased; null when none does. */
export function findIn(texts: readonly (string | null)[], patterns: readonly RegExp[]): string | null {
  for (const pattern of patterns)
    for (const text of texts) {
      const found = text ? pattern.exec(text)?.[1] : undefined;
      if (found) return found.trim().toUpperCase();
    }
  return null;
}

/**
 * The UTR of a line, per the options: the clearing reference (camt only), else the first pattern found in the
 * narration or, failing that, in the bank reference (HDFC's CSV puts the UTR in its reference column).
 */
export function utrOf(
  found: { clearing: string | null; bankReference: string | null; texts: readonly (string | null)[] },
  options: ReadOptions,
): string | null {
  const from = options.utrFrom ?? 'clearing-reference';
  if (from === 'bank-reference') return found.bankReference;
  const fromNarration = findIn(
    [...found.texts, found.bankReference],
    options.utrPatterns ?? DEFAULT_UTR_PATTERNS,
  );
  return from === 'clearing-reference' ? (found.clearing ?? fromNarration) : fromNarration;
}

/** The EndToEndId from the file's field, else ours found in the narration (unless the pattern is null). */
export function endToEndIdOf(
  field: string | null,
  texts: readonly (string | null)[],
  options: ReadOptions,
): string | null {
  if (field && !/^(NOTPROVIDED|NONREF)$/i.test(field)) return field;
  const pattern = options.endToEndPattern === undefined ? OUR_END_TO_END_IDS : options.endToEndPattern;
  return pattern ? findIn(texts, [pattern]) : null;
}

/** A batch count from a narration hint (MT940 and CSV have no field for it); null when there is none. */
export function batchHint(texts: readonly (string | null)[]): { count: number } | null {
  const count = Number(findIn(texts, [BATCH_HINT]) ?? '0');
  return count > 1 ? { count } : null;
}
