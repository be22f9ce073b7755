/**
 * The resources a request named or answered, as the request log keeps them (`resources`, searched by the list's
 * `resource` key): every value shaped like one of the product's urns (lib/ids.ts `newId`: a prefix, then 26
 * characters of Crockford base32), and beneficiary codes, which are the client's own strings.
 */

/**
 * The prefixes of the records a user looks up: payouts, bulks, virtual accounts and their credits, approvals and
 * approval rules, fabric calls (KYC…), mandates and their presentations, payment links, settlements and their
 * cycles, validations, reports and schedules, support tickets, callback configurations and replays, ledger
 * entries, invitations, IP allow-list entries and saved views. Request, session and token ids are not resources.
 */
const URN_PREFIXES = [
  'PAY',
  'BLK',
  'VAC',
  'VA',
  'APRL',
  'APR',
  'FAB',
  'MDT',
  'MPR',
  'PLK',
  'STL',
  'CYC',
  'VAL',
  'RPT',
  'RSC',
  'TKT',
  'CBK',
  'RPL',
  'TXN',
  'INV',
  'IPA',
  'SVW',
];
/** A urn anywhere in a string (a path, a message, a JSON text). */
const URN = new RegExp(
  `(?<![0-9A-Za-z])(?:${URN_PREFIXES.join('|')})[0-9A-HJKMNP-TV-Z]{26}(?![0-9A-Za-z])`,
  'g',
);
/** `"beneficiary_code": "…"` in a JSON text. */
const BENEFICIARY_CODE_IN_JSON = /"beneficiary_code"\s*:\s*"((?:[^"\\]|\\.){1,64})"/g;

/** The most a request keeps; a list's answer names a page of records at most. */
export const MAX_RESOURCES = 50;

/** Collects distinct resources, up to MAX_RESOURCES. */
export class ResourceSet {
  readonly found = new Set<string>();

  get full(): boolean {
    return this.found.size >= MAX_RESOURCES;
  }

  add(value: string): void {
    if (!this.full && value) this.found.add(value);
  }

  /** Every urn inside `text`. */
  scanText(text: string): void {
    if (this.full) return;
    for (const m of text.matchAll(URN)) {
      this.add(m[0]);
      if (this.full) return;
    }
  }

  /** Every urn in a JSON text, and the values of its `beneficiary_code` keys. */
  scanJson(text: string): void {
    this.scanText(text);
    if (this.full || !text.includes('"beneficiary_code"')) return;
    for (const m of text.matchAll(BENEFICIARY_CODE_IN_JSON)) {
      try {
        this.add(JSON.parse(`"${m[1]}"`) as string);
      } catch {
        // an escape JSON.parse refuses: not a code worth keeping
      }
      if (this.full) return;
    }
  }

  /** Every urn in the strings of a value (path parameters, query, a parsed body), and its beneficiary codes. */
  scanValue(value: unknown, key: string | null = null, depth = 0): void {
    if (this.full || depth > 12) return;
    if (typeof value === 'string') {
      if (key === 'beneficiary_code') this.add(value.slice(0, 64));
      else this.scanText(value);
    } else if (Array.isArray(value)) {
      for (const v of value) this.scanValue(v, key, depth + 1);
    } else if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) this.scanValue(v, k, depth + 1);
    }
  }

  list(): string[] {
    return [...this.found];
  }
}
