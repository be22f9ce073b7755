import { verhoeffValid } from './verhoeff.ts';

/**
 * Format and check-digit rules of Indian identity documents, as the issuing registries publish them. Every
 * check answers either the normalised value (upper case, no spaces or hyphens) or a message a caller can act on.
 */
export type Checked<T = unknown> = ({ ok: true; value: string } & T) | { ok: false; message: string };

const compact = (s: string) => s.toUpperCase().replace(/[\s-]/g, '');

// --------------------------------------------------------------------------------------------------------
// PAN

/**
 * The 4th character of a PAN: the kind of holder (Income Tax Department). The 5th is the first letter of the
 * surname (an individual) or of the name (any other holder).
 */
export const PAN_HOLDER_TYPES = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu Undivided Family (HUF)',
  F: 'Firm or Limited Liability Partnership',
  A: 'Association of Persons (AOP)',
  T: 'Trust',
  B: 'Body of Individuals (BOI)',
  L: 'Local Authority',
  J: 'Artificial Juridical Person',
  G: 'Government',
} as const;
export type PanHolderType = keyof typeof PAN_HOLDER_TYPES;

/** PAN: `AAAAA9999A` — three letters, the holder type, a name initial, four digits, a check letter. */
export function checkPan(input: string): Checked<{ holderType: PanHolderType; holderTypeLabel: string }> {
  const v = compact(input);
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(v)) {
    return { ok: false, message: 'A PAN is 5 letters, 4 digits and a letter, e.g. ABCPE1234F' };
  }
  const type = v[3] as PanHolderType;
  if (!(type in PAN_HOLDER_TYPES)) {
    return {
      ok: false,
      message: `The 4th letter of a PAN is the holder type (${Object.keys(PAN_HOLDER_TYPES).join(', ')}); '${type}' is none`,
    };
  }
  return { ok: true, value: v, holderType: type, holderTypeLabel: PAN_HOLDER_TYPES[type] };
}

// --------------------------------------------------------------------------------------------------------
// Aadhaar

/** Aadhaar: 12 digits, the first 2–9 (UIDAI never issues 0 or 1 first), the last a Verhoeff check digit. */
export function checkAadhaar(input: string): Checked {
  const v = input.replace(/[\s-]/g, '');
  if (!/^\d{12}$/.test(v)) return { ok: false, message: 'An Aadhaar number is 12 digits' };
  if (v[0] === '0' || v[0] === '1')
    return { ok: false, message: 'An Aadhaar number never starts with 0 or 1' };
  if (!verhoeffValid(v)) return { ok: false, message: 'Invalid Aadhaar number: wrong check digit' };
  return { ok: true, value: v };
}

// --------------------------------------------------------------------------------------------------------
// Voter ID (EPIC)

/** Voter ID (Electors Photo Identity Card): 3 letters then 7 digits, e.g. `ABC1234567`. */
export function checkVoterId(input: string): Checked {
  const v = compact(input).replace(/\//g, '');
  if (!/^[A-Z]{3}\d{7}$/.test(v)) {
    return { ok: false, message: 'A voter ID (EPIC) is 3 letters and 7 digits, e.g. ABC1234567' };
  }
  return { ok: true, value: v };
}

// --------------------------------------------------------------------------------------------------------
// State codes (vehicle registration / driving licence, and GST)

/** The state and union-territory codes of driving licences (as on vehicle plates). */
export const DL_STATE_CODES: Record<string, string> = {
  AN: 'Andaman and Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CG: 'Chhattisgarh',
  CH: 'Chandigarh',
  DD: 'Daman and Diu',
  DL: 'Delhi',
  DN: 'Dadra and Nagar Haveli',
  GA: 'Goa',
  GJ: 'Gujarat',
  HP: 'Himachal Pradesh',
  HR: 'Haryana',
  JH: 'Jharkhand',
  JK: 'Jammu and Kashmir',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MH: 'Maharashtra',
  ML: 'Meghalaya',
  MN: 'Manipur',
  MP: 'Madhya Pradesh',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OD: 'Odisha',
  OR: 'Odisha',
  PB: 'Punjab',
  PY: 'Puducherry',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TG: 'Telangana',
  TS: 'Telangana',
  TN: 'Tamil Nadu',
  TR: 'Tripura',
  UK: 'Uttarakhand',
  UA: 'Uttarakhand',
  UP: 'Uttar Pradesh',
  WB: 'West Bengal',
};

/**
 * Driving licence (Sarathi format): state code, 2-digit RTO, 4-digit year of issue, 7-digit number — 15
 * characters once spaces and hyphens are removed (`MH-14-2011-0062821` → `MH1420110062821`).
 */
export function checkDrivingLicence(
  input: string,
  now = new Date(),
): Checked<{ display: string; state: string; rto: string; year: number }> {
  const v = compact(input);
  const m = /^([A-Z]{2})(\d{2})(\d{4})(\d{7})$/.exec(v);
  if (!m) {
    return {
      ok: false,
      message:
        'A driving licence number is a state code, a 2-digit RTO code, the year of issue and 7 digits, e.g. MH-14-2011-0062821',
    };
  }
  const [, st, rto, yearText, serial] = m as unknown as [string, string, string, string, string];
  if (!(st in DL_STATE_CODES)) return { ok: false, message: `'${st}' is not an Indian state code` };
  if (rto === '00') return { ok: false, message: 'The RTO code of a driving licence is never 00' };
  const year = Number(yearText);
  if (year < 1950 || year > now.getUTCFullYear()) {
    return { ok: false, message: `The year of issue of a driving licence cannot be ${yearText}` };
  }
  return {
    ok: true,
    value: v,
    display: `${st}-${rto}-${yearText}-${serial}`,
    state: DL_STATE_CODES[st]!,
    rto: `${st}${rto}`,
    year,
  };
}

// --------------------------------------------------------------------------------------------------------
// GSTIN

/** GST state codes (census order; 38 = Ladakh), 97 other territory, 99 centre jurisdiction. */
export const GST_STATES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before 2014)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};
export const GST_STATE_CODES = new Set(Object.keys(GST_STATES));

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN check character (the GSTN's mod-36 scheme, a Luhn mod N): over the first 14 characters as base-36
 * values, weights alternate 1, 2 from the left; each product adds its base-36 "digits" (quotient + remainder);
 * the check is (36 − sum mod 36) mod 36.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = BASE36.indexOf(first14[i]!);
    if (value < 0) throw new Error('GSTIN characters are digits and upper-case letters');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/**
 * GSTIN: 2-digit state code, the holder's PAN, an entity number (1–9, then A–Z), `Z`, a check character —
 * 15 characters, e.g. `27AAPFU0939F1ZV`.
 */
export function checkGstin(input: string): Checked<{ stateCode: string; pan: string }> {
  const v = compact(input);
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(v)) {
    return {
      ok: false,
      message:
        'A GSTIN is 15 characters: a 2-digit state code, a PAN, an entity number, Z and a check character, e.g. 27AAPFU0939F1ZV',
    };
  }
  const stateCode = v.slice(0, 2);
  if (!GST_STATE_CODES.has(stateCode))
    return { ok: false, message: `'${stateCode}' is not a GST state code` };
  const pan = checkPan(v.slice(2, 12));
  if (!pan.ok) return { ok: false, message: `The PAN inside the GSTIN is invalid: ${pan.message}` };
  if (gstinCheckChar(v.slice(0, 14)) !== v[14]) {
    return { ok: false, message: 'Invalid GSTIN: wrong check character' };
  }
  return { ok: true, value: v, stateCode, pan: pan.value };
}

// --------------------------------------------------------------------------------------------------------
// Passport

/**
 * Indian passport number: a letter then 7 digits (`A1234567`). The series letter is never Q, X or Z and the
 * first digit is never 0.
 */
export function checkPassport(input: string): Checked {
  const v = compact(input);
  if (!/^[A-Z]\d{7}$/.test(v))
    return { ok: false, message: 'A passport number is a letter and 7 digits, e.g. J8369854' };
  if ('QXZ'.includes(v[0]!))
    return { ok: false, message: `Indian passport numbers never start with ${v[0]}` };
  if (v[1] === '0') return { ok: false, message: 'The first digit of a passport number is never 0' };
  return { ok: true, value: v };
}

// --------------------------------------------------------------------------------------------------------
// Mobile

/** Indian mobile number: 10 digits starting 6–9, optionally written with +91, 91 or 0 before it. */
export function checkMobile(input: string): Checked {
  const digits = input.replace(/[\s\-()]/g, '');
  const m = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(digits);
  if (!m)
    return { ok: false, message: 'A mobile number is 10 digits starting with 6, 7, 8 or 9 (optionally +91)' };
  return { ok: true, value: m[1]! };
}

export const DOCUMENT_TYPES = ['PAN', 'AADHAAR', 'VOTER_ID', 'DRIVING_LICENCE', 'GSTIN', 'PASSPORT'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The check of a document of `type`: its normalised number, or the reason it is not one. */
export function checkDocument(type: DocumentType, input: string, now = new Date()): Checked {
  switch (type) {
    case 'PAN':
      return checkPan(input);
    case 'AADHAAR':
      return checkAadhaar(input);
    case 'VOTER_ID':
      return checkVoterId(input);
    case 'DRIVING_LICENCE':
      return checkDrivingLicence(input, now);
    case 'GSTIN':
      return checkGstin(input);
    case 'PASSPORT':
      return checkPassport(input);
  }
}
