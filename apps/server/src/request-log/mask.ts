import {
  maskAadhaar,
  maskEmail,
  maskMobile,
  maskName,
  maskPan,
  maskPersonalData,
  maskTail,
  maskUpi,
} from '../fabric/logic/mask.ts';

/**
 * What the request log keeps of a query or a body: secrets never (the key is left out entirely), personal data
 * masked as the KYC logs mask it (`maskPersonalData`), and every bank account number masked to its last digits.
 */

/** Keys whose value is a secret, compared in lower case: dropped with their value. */
const SECRET_KEYS = new Set([
  'authorization',
  'otp',
  'token',
  'recovery_codes',
  'otpauth_uri',
  // the QR code of an authenticator app's enrolment encodes its secret
  'qr_svg',
  'share_code',
]);

/**
 * A secret by the shape of its key: any password (`password`, `encrypted_password`, `new_password`…), any secret
 * (`secret`, `key_secret`, `client_secret`, `signing_secret`…) and any token (`access_token`, `refresh_token`,
 * `id_token`, `step_up_token`…).
 */
const SECRET_KEY_SHAPE = /password|secret|(?:^|_)token$/;

/** Two-factor routes, where `code` is a one-time code (TOTP confirmation, sign-in verification). */
const TWO_FACTOR_ROUTE = /\/mfa(?:\/|$)|^\/v2\/auth\//;

/** Key suffixes of personal data beyond the exact keys `maskPersonalData` knows (`beneficiary_email`…). */
const SUFFIX_MASKERS: ReadonlyArray<readonly [suffix: string, mask: (v: string) => string]> = [
  ['_account_number', maskTail],
  ['_email', maskEmail],
  ['_mobile', maskMobile],
  ['_phone', maskMobile],
  ['_vpa', maskUpi],
  ['_upi_id', maskUpi],
  ['_upi_handle', maskUpi],
  ['_pan', maskPan],
  ['_aadhaar', maskAadhaar],
  ['_name', maskName],
];

/** Names ending in `_name` that name no person: kept as they are. */
const NOT_A_PERSON = new Set([
  'bank_name',
  'branch_name',
  'provider_name',
  'product_name',
  'file_name',
  'event_name',
  'role_name',
  'report_name',
  'company_common_name',
]);

export type MaskOptions = {
  /** The registered route of the request (two-factor routes also drop `code`). */
  route?: string;
};

/** Whether the value under `key` is a secret, left out of the log. */
const secretMemo = new Map<string, boolean>();
export function isSecretKey(key: string, opts: MaskOptions = {}): boolean {
  let secret = secretMemo.get(key);
  if (secret === undefined) {
    const k = key.toLowerCase();
    secret = SECRET_KEYS.has(k) || SECRET_KEY_SHAPE.test(k);
    if (secretMemo.size < 10_000) secretMemo.set(key, secret);
  }
  if (secret) return true;
  return opts.route !== undefined && key.toLowerCase() === 'code' && TWO_FACTOR_ROUTE.test(opts.route);
}

function findSuffixMasker(key: string): ((v: string) => string) | undefined {
  const k = key.toLowerCase();
  if (NOT_A_PERSON.has(k)) return undefined;
  return SUFFIX_MASKERS.find(([suffix]) => k.endsWith(suffix) && k !== suffix.slice(1))?.[1];
}

/** Keys repeat across bodies (every row of a list): their masker is looked up once (a bounded memo). */
const suffixMemo = new Map<string, ((v: string) => string) | null>();
function suffixMasker(key: string): ((v: string) => string) | undefined {
  let masker = suffixMemo.get(key);
  if (masker === undefined) {
    masker = findSuffixMasker(key) ?? null;
    if (suffixMemo.size < 10_000) suffixMemo.set(key, masker);
  }
  return masker ?? undefined;
}

/**
 * A JSON-safe deep copy without the secrets, with the values of the suffixed personal keys masked; other
 * non-JSON values (buffers, streams, class instances) become a short marker.
 */
function strip(value: unknown, key: string | null, opts: MaskOptions): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') {
    const masker = typeof value === 'string' && key !== null ? suffixMasker(key) : undefined;
    return masker ? masker(value as string) : value;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (Array.isArray(value)) return value.map((v) => strip(v, key, opts) ?? null);
  if (value instanceof Date) return value.toISOString();
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return '[binary]';
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return '[object]';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isSecretKey(k, opts)) continue;
    const kept = strip(v, k, opts);
    if (kept !== undefined) out[k] = kept;
  }
  return out;
}

/**
 * What the request log stores of a query or body: a JSON-safe copy with every secret key left out (passwords,
 * secrets, tokens, OTPs, two-factor codes, authorization), bank account numbers (`*_account_number`) masked to
 * their last 4 digits, and personal data masked as `maskPersonalData` does (names, e-mails, mobiles, PAN,
 * Aadhaar, addresses…, and such numbers inside free text).
 */
export function maskForLog(value: unknown, opts: MaskOptions = {}): unknown {
  return maskPersonalData(strip(value, null, opts));
}
