/**
 * Masking of personal data for the call log: only masked values are stored. Each masker keeps just
 * enough for a person to recognise their own record (the last digits, an initial) and nothing that identifies
 * them.
 */

const X = (n: number) => 'X'.repeat(Math.max(n, 0));

/** Aadhaar → `XXXX XXXX 1234`. */
export function maskAadhaar(value: string): string {
  const d = value.replace(/\D/g, '');
  return `XXXX XXXX ${d.slice(-4).padStart(4, 'X')}`;
}

/** PAN → `XXXXX1234X`: only the four digits remain. */
export function maskPan(value: string): string {
  const v = value.toUpperCase().replace(/[\s-]/g, '');
  const digits = /^[A-Z]{5}(\d{4})[A-Z]$/.exec(v)?.[1];
  return digits ? `XXXXX${digits}X` : maskTail(v);
}

/** Mobile → `XXXXXX1234` (country code dropped). */
export function maskMobile(value: string): string {
  const d = value.replace(/\D/g, '').slice(-10);
  return `${X(d.length - 4)}${d.slice(-4)}`.padStart(10, 'X');
}

/** The first character by code point: `value[0]` would cut an emoji or any astral character in half. */
const firstCharacter = (value: string) => String.fromCodePoint(value.codePointAt(0)!);

/** E-mail → `a***@example.com`. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return '***';
  return `${firstCharacter(value)}***${value.slice(at)}`;
}

/** Any other identifier → `XXXXXX1234` (same length, the last `keep` characters shown). */
export function maskTail(value: string, keep = 4): string {
  const v = Array.from(value.replace(/[\s-]/g, ''));
  if (v.length <= keep) return X(v.length);
  return `${X(v.length - keep)}${v.slice(-keep).join('')}`;
}

/** A name → each word's initial and stars: `Rahul K Sharma` → `R**** K S*****`. */
export function maskName(value: string): string {
  return value
    .trim()
    .split(/\s+/)
    .map((w) => {
      const chars = Array.from(w);
      return chars.length <= 1 ? w : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
    })
    .join(' ');
}

/** Free text that may hold an address: every word reduced to its initial, digits hidden. */
export function maskText(value: string): string {
  return maskName(value.replace(/\d/g, '#'));
}

/** A date of birth → its year only (`1990-XX-XX`). */
export function maskDob(value: string): string {
  const year = /\b(19|20)\d{2}\b/.exec(value)?.[0];
  return year ? `${year}-XX-XX` : 'XXXX-XX-XX';
}

/** A UPI handle → `r***@okaxis`. */
export const maskUpi = maskEmail;

/** An address object: street lines hidden, locality kept (city, district, state, pincode). */
function maskAddressObject(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') out[k] = maskPersonalData(v);
    else if (['city', 'district', 'state', 'pincode', 'country', 'type'].includes(k)) out[k] = v;
    else out[k] = maskText(v);
  }
  return out;
}

type Masker = (value: string) => string;

/** Known keys of personal data and how each is masked (compared in lower case). */
const MASKERS: Record<string, Masker> = {
  aadhaar: maskAadhaar,
  aadhaar_number: maskAadhaar,
  uid: maskAadhaar,
  pan: maskPan,
  pan_number: maskPan,
  mobile: maskMobile,
  mobile_number: maskMobile,
  phone: maskMobile,
  linked_mobile: maskMobile,
  email: maskEmail,
  email_address: maskEmail,
  name: maskName,
  full_name: maskName,
  holder_name: maskName,
  registered_name: maskName,
  name_on_document: maskName,
  father_name: maskName,
  mother_name: maskName,
  spouse_name: maskName,
  care_of: maskName,
  relation_name: maskName,
  legal_name: maskName,
  trade_name: maskName,
  nominee_name: maskName,
  file_number: maskTail,
  reference_number: maskTail,
  first_name: maskName,
  middle_name: maskName,
  last_name: maskName,
  dob: maskDob,
  date_of_birth: maskDob,
  document_number: maskTail,
  account_number: maskTail,
  voter_id: maskTail,
  epic_number: maskTail,
  driving_licence: maskTail,
  dl_number: maskTail,
  passport: maskTail,
  passport_number: maskTail,
  gstin: maskTail,
  upi_handle: maskUpi,
  upi_id: maskUpi,
  vpa: maskUpi,
  text_1: maskText,
  text_2: maskText,
  address: maskText,
  address_line: maskText,
  line1: maskText,
  line2: maskText,
  house: maskText,
  street: maskText,
  landmark: maskText,
  otp: () => '******',
  share_code: () => '****',
  xml: () => '[omitted]',
  photo: () => '[omitted]',
};

const ADDRESS_KEYS = new Set([
  'address',
  'addresses',
  'permanent_address',
  'current_address',
  'correspondence_address',
]);
const UPI_LIST_KEYS = new Set(['upi_handles', 'upi_ids', 'vpas']);

// Anything that still looks like an identifier in free text: Aadhaar (12 digits, maybe spaced), PAN, mobile.
const AADHAAR_IN_TEXT = /\b[2-9]\d{3}[\s-]?\d{4}[\s-]?\d{4}\b/g;
const PAN_IN_TEXT = /\b[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]\b/gi;
const MOBILE_IN_TEXT = /(?<!\d)(?:\+?91[\s-]?)?[6-9]\d{9}(?!\d)/g;

const FOUR_DIGITS = /\d{4}/;

/** Scrubs identifiers a free-text value may carry (a safety net behind the per-key maskers). */
export function scrubText(value: string): string {
  // Each pattern holds a run of 4 digits: a value without one has nothing to scrub (most values, at no cost).
  if (!FOUR_DIGITS.test(value)) return value;
  return value
    .replace(AADHAAR_IN_TEXT, (m) => maskAadhaar(m))
    .replace(PAN_IN_TEXT, (m) => maskPan(m))
    .replace(MOBILE_IN_TEXT, (m) => maskMobile(m));
}

/**
 * A deep copy of `value` with every known personal-data key masked (Aadhaar, PAN, mobile, e-mail, names, dates
 * of birth, addresses, document and account numbers, UPI handles; OTPs and share codes replaced), and every
 * other string scrubbed of anything that looks like an Aadhaar number, a PAN or a mobile number.
 */
export function maskPersonalData<T>(value: T): T {
  return walk(value, null) as T;
}

function walk(value: unknown, key: string | null): unknown {
  const k = key?.toLowerCase() ?? null;
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (typeof value === 'string') {
    const masker = k ? MASKERS[k] : undefined;
    return masker ? masker(value) : scrubText(value);
  }
  if (Array.isArray(value)) {
    if (k && UPI_LIST_KEYS.has(k))
      return value.map((v) => (typeof v === 'string' ? maskUpi(v) : walk(v, null)));
    if (k && ADDRESS_KEYS.has(k)) return value.map((v) => walk(v, k));
    // A list under a masked key (e.g. several mobiles) is masked item by item.
    return value.map((v) => walk(v, k && MASKERS[k] ? k : null));
  }
  if (typeof value === 'object') {
    if (k && ADDRESS_KEYS.has(k)) return maskAddressObject(value as Record<string, unknown>);
    const out: Record<string, unknown> = {};
    for (const [ck, cv] of Object.entries(value as Record<string, unknown>)) out[ck] = walk(cv, ck);
    return out;
  }
  return undefined;
}
