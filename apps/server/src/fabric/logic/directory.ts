import { createHash } from 'node:crypto';
import type { DocumentType } from './identifiers.ts';
import { DL_STATE_CODES, GST_STATES, PAN_HOLDER_TYPES, type PanHolderType } from './identifiers.ts';

/**
 * The sandbox directory: stands in for the registries a real KYC service asks (Income Tax, UIDAI, the Election
 * Commission, Sarathi, GSTN, Passport Seva, telecom and bureau records). Every answer is derived from a SHA-256
 * of the identifier, so the same number always gives the same holder, and a few documented test values give the
 * other outcomes (docs/using/fabric-sandbox.md):
 *
 * | the identifier's last four digits | outcome |
 * | `0000` | not found |
 * | `0001` | found, INACTIVE (deactivated / cancelled / surrendered) |
 * | `0002` | found, VALID, with a flag: PAN not linked to Aadhaar, mobile without UPI, thin credit file |
 * | anything else | found, VALID, holder derived from the number |
 *
 * "Last four digits" is the PAN's four digits, the GSTIN's PAN digits, and the last four digits of every other
 * number. Nothing here is stored: the directory is a pure function.
 */

export type TestCase = 'NOT_FOUND' | 'INACTIVE' | 'FLAGGED' | null;

/** The documented test outcome of an identifier's last four digits. */
export function testCaseOf(lastFour: string): TestCase {
  return lastFour === '0000'
    ? 'NOT_FOUND'
    : lastFour === '0001'
      ? 'INACTIVE'
      : lastFour === '0002'
        ? 'FLAGGED'
        : null;
}

/** The digits that select a test case: a PAN's four digits, else the last four digits of the number. */
export function lastFourOf(type: DocumentType | 'MOBILE', value: string): string {
  if (type === 'PAN') return value.slice(5, 9);
  if (type === 'GSTIN') return value.slice(7, 11);
  return value.replace(/\D/g, '').slice(-4);
}

/** The 32 bytes every answer about `value` is derived from. */
export const seedOf = (kind: string, value: string) =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

class Bytes {
  private readonly b: Buffer;
  private i = 0;
  constructor(seedHex: string) {
    this.b = Buffer.concat([
      Buffer.from(seedHex, 'hex'),
      createHash('sha256').update(`more:${seedHex}`).digest(),
    ]);
  }
  next(): number {
    const v = this.b[this.i % this.b.length]!;
    this.i++;
    return v;
  }
  int(max: number): number {
    return ((this.next() << 8) | this.next()) % max;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
}

const MALE = [
  'Aarav',
  'Arjun',
  'Deepak',
  'Ishaan',
  'Nikhil',
  'Rahul',
  'Rohan',
  'Sanjay',
  'Suresh',
  'Vikram',
  'Karan',
  'Manoj',
  'Amit',
  'Harish',
];
const FEMALE = [
  'Ananya',
  'Divya',
  'Fatima',
  'Harpreet',
  'Kavya',
  'Meera',
  'Priya',
  'Sneha',
  'Tanvi',
  'Zoya',
  'Pooja',
  'Lakshmi',
  'Neha',
  'Anjali',
];
const MIDDLE_MALE = ['Kumar', 'Prakash', 'Mohan', 'Raj', 'Lal', 'Chandra', 'Nath'];
const MIDDLE_FEMALE = ['Kumari', 'Devi', 'Rani', 'Lata'];
/** Surnames by initial (a PAN's 5th letter is the individual's surname initial). */
const SURNAMES: Record<string, readonly string[]> = {
  A: ['Agarwal', 'Ahuja'],
  B: ['Banerjee', 'Bose'],
  C: ['Chopra', 'Chatterjee'],
  D: ['Desai', 'Dutta'],
  E: ['Easwaran'],
  F: ['Fernandes'],
  G: ['Gupta', 'Goswami'],
  H: ['Hegde'],
  I: ['Iyer', 'Iyengar'],
  J: ['Joshi', 'Jain'],
  K: ['Kapoor', 'Khan', 'Kulkarni'],
  L: ['Lal'],
  M: ['Mehta', 'Menon', 'Mishra'],
  N: ['Nair', 'Naidu'],
  O: ['Oberoi'],
  P: ['Patel', 'Pillai'],
  Q: ['Qureshi'],
  R: ['Reddy', 'Rao'],
  S: ['Sharma', 'Singh'],
  T: ['Thakur', 'Tiwari'],
  U: ['Upadhyay'],
  V: ['Verma', 'Varma'],
  W: ['Wadia'],
  X: ['Xavier'],
  Y: ['Yadav'],
  Z: ['Zaveri'],
};
const ALL_SURNAMES = Object.values(SURNAMES).flat();

const CITIES = [
  { city: 'Mumbai', state: 'Maharashtra', code: 'MH', pin: 400 },
  { city: 'Pune', state: 'Maharashtra', code: 'MH', pin: 411 },
  { city: 'Bengaluru', state: 'Karnataka', code: 'KA', pin: 560 },
  { city: 'Chennai', state: 'Tamil Nadu', code: 'TN', pin: 600 },
  { city: 'Hyderabad', state: 'Telangana', code: 'TG', pin: 500 },
  { city: 'Kolkata', state: 'West Bengal', code: 'WB', pin: 700 },
  { city: 'New Delhi', state: 'Delhi', code: 'DL', pin: 110 },
  { city: 'Ahmedabad', state: 'Gujarat', code: 'GJ', pin: 380 },
  { city: 'Jaipur', state: 'Rajasthan', code: 'RJ', pin: 302 },
  { city: 'Lucknow', state: 'Uttar Pradesh', code: 'UP', pin: 226 },
  { city: 'Kochi', state: 'Kerala', code: 'KL', pin: 682 },
  { city: 'Indore', state: 'Madhya Pradesh', code: 'MP', pin: 452 },
] as const;
const STREETS = [
  'Station Road',
  'Nehru Nagar',
  'Gandhi Marg',
  'Park Street',
  'Lake View Road',
  'Shivaji Nagar',
  'Laxmi Nagar',
  'Civil Lines',
  'Sector 21',
  'Church Street',
];
const BUILDINGS = [
  'Sai Krupa Apartments',
  'Green Park Society',
  'Shanti Niwas',
  'Ashoka Towers',
  'Lotus Residency',
  'Sunrise Enclave',
];

export type Address = { line1: string; line2: string; city: string; state: string; pincode: string };

export type Person = {
  name: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  gender: 'M' | 'F';
  dob: string;
  father_name: string;
  mobile: string;
  email: string;
  address: Address;
};

const upper = (s: string) => s.toUpperCase();

function addressFrom(r: Bytes): Address {
  const c = r.pick(CITIES);
  return {
    line1: `${1 + r.int(400)}, ${r.pick(BUILDINGS)}`,
    line2: r.pick(STREETS),
    city: c.city,
    state: c.state,
    pincode: String(c.pin * 1000 + 1 + r.int(98)),
  };
}

/** A person derived from `seedHex`; `surnameInitial` fixes the surname's first letter (a PAN's 5th letter). */
export function personFrom(seedHex: string, opts: { surnameInitial?: string } = {}): Person {
  const r = new Bytes(seedHex);
  const gender = r.next() % 2 ? 'F' : 'M';
  const first = r.pick(gender === 'F' ? FEMALE : MALE);
  const middle = r.next() % 3 === 0 ? r.pick(gender === 'F' ? MIDDLE_FEMALE : MIDDLE_MALE) : null;
  const initial = opts.surnameInitial?.toUpperCase();
  const last = r.pick(initial && SURNAMES[initial] ? SURNAMES[initial] : ALL_SURNAMES);
  const fatherFirst = r.pick(MALE.filter((m) => m !== first));
  const year = 1960 + r.int(44);
  const month = 1 + r.int(12);
  const day = 1 + r.int(28);
  const mobile = `${6 + r.int(4)}${String(r.int(10000)).padStart(4, '0')}${String(r.int(100000)).padStart(5, '0')}`;
  const name = upper([first, middle, last].filter(Boolean).join(' '));
  return {
    name,
    first_name: upper(first),
    middle_name: middle ? upper(middle) : null,
    last_name: upper(last),
    gender,
    dob: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    father_name: upper(`${fatherFirst} ${last}`),
    mobile,
    email: `${first.toLowerCase()}.${last.toLowerCase()}${r.int(100)}@example.com`,
    address: addressFrom(r),
  };
}

const ENTITY_WORDS = [
  'Apex',
  'Bharat',
  'Crystal',
  'Deccan',
  'Everest',
  'Ganga',
  'Horizon',
  'Indus',
  'Jupiter',
  'Kaveri',
  'Lotus',
  'Meridian',
  'Nova',
  'Orbit',
  'Pioneer',
  'Quantum',
  'Royal',
  'Sapphire',
  'Triveni',
  'Unity',
  'Vertex',
  'Western',
  'Yamuna',
  'Zenith',
];
const ENTITY_SUFFIX: Partial<Record<PanHolderType, string>> = {
  C: 'PRIVATE LIMITED',
  F: 'AND ASSOCIATES LLP',
  A: 'WELFARE ASSOCIATION',
  T: 'CHARITABLE TRUST',
  B: 'SELF HELP GROUP',
  L: 'MUNICIPAL COUNCIL',
  J: 'EDUCATION SOCIETY',
  G: 'DEPARTMENT OF PUBLIC WORKS',
};

/** The registered name of a PAN holder that is not an individual (its first letter is the PAN's 5th). */
function entityName(seedHex: string, type: PanHolderType, initial: string): string {
  const r = new Bytes(seedHex);
  const starting = ENTITY_WORDS.filter((w) => w[0] === initial);
  const first = starting.length ? r.pick(starting) : `${initial}${r.pick(['ayur', 'ora', 'ex', 'ion'])}`;
  if (type === 'H') return upper(`${first} ${r.pick(ALL_SURNAMES)} HUF`);
  return upper(
    `${first} ${r.pick(['Industries', 'Enterprises', 'Traders', 'Foods', 'Textiles', 'Technologies'])} ${ENTITY_SUFFIX[type] ?? ''}`,
  ).trim();
}

/**
 * The CKYC number (14 digits) of a PAN's holder in the sandbox CKYC registry. The person behind a PAN is derived
 * from this number, so that a CKYC download (which has only the number) finds the same person as the PAN.
 */
export function ckycNumberOf(pan: string): string {
  const h = BigInt(`0x${seedOf('CKYC', pan).slice(0, 15)}`);
  return `${30 + Number(h % 60n)}${String((h / 60n) % 10n ** 12n).padStart(12, '0')}`;
}

/** The individual registered under a CKYC number (`surnameInitial`: the PAN's 5th letter). */
export const ckycPerson = (ckycNumber: string, surnameInitial: string) =>
  personFrom(seedOf('PERSON', ckycNumber), { surnameInitial });

/** The holder of a PAN: an individual (type P, the person of its CKYC number) or an entity. */
export function panHolder(pan: string): { type: PanHolderType; name: string; person: Person | null } {
  const type = pan[3] as PanHolderType;
  if (type === 'P') {
    const person = ckycPerson(ckycNumberOf(pan), pan[4]!);
    return { type, name: person.name, person };
  }
  return { type, name: entityName(seedOf('PAN', pan), type, pan[4]!), person: null };
}

/**
 * The holder of an Aadhaar number. The sandbox UIDAI answers by the last four digits only (10,000 people), so
 * that a two-step flow can keep its state with nothing more than the masked number `XXXX XXXX 1234`.
 */
export const aadhaarHolder = (aadhaar: string) => personFrom(seedOf('AADHAAR', aadhaar.slice(-4)));

/** The subscriber of a mobile number (mobile-to-X, data pull): a person, a PAN, UPI handles, the operator. */
export function mobileOwner(mobile: string): {
  test: TestCase;
  person: Person;
  pan: string;
  upi_handles: string[];
  operator: string;
} {
  const seed = seedOf('MOBILE', mobile);
  const r = new Bytes(seedOf('UPI', seed));
  const person = { ...personFrom(seed), mobile };
  const test = testCaseOf(mobile.slice(-4));
  const local = `${person.first_name.toLowerCase()}.${person.last_name.toLowerCase()}`;
  const handles = [`${mobile}@ybl`, `${local}@okaxis`, `${local}${r.int(100)}@okhdfcbank`, `${mobile}@paytm`];
  return {
    test,
    person,
    pan: panFor(seed, person),
    upi_handles: test === 'FLAGGED' ? [] : handles.slice(0, 1 + r.int(3)),
    operator: r.pick(['Jio', 'Airtel', 'Vi', 'BSNL']),
  };
}

/** A PAN in the directory for a person derived from `seedHex` (type P, its surname initial; never a test value). */
export function panFor(seedHex: string, person: Person): string {
  const r = new Bytes(seedOf('PAN-OF', seedHex));
  const L = () => String.fromCharCode(65 + r.int(26));
  const digits = String(1000 + r.int(9000));
  return `${L()}${L()}${L()}P${person.last_name[0]}${digits}${L()}`;
}

export type DirectoryStatus = 'VALID' | 'INACTIVE' | 'EXPIRED' | 'NOT_FOUND';

export type DocumentRecord = {
  status: DirectoryStatus;
  /** Why the status is not VALID, in the registry's words. */
  reason: string | null;
  /** The holder's registered name (null when not found). */
  holder_name: string | null;
  /** The registry's other fields (document-specific, snake_case). */
  details: Record<string, unknown>;
};

const INACTIVE_REASON: Record<DocumentType, string> = {
  PAN: 'PAN deactivated by the Income Tax Department',
  AADHAAR: 'Aadhaar number deactivated by UIDAI',
  VOTER_ID: 'Name deleted from the electoral roll',
  DRIVING_LICENCE: 'Driving licence suspended',
  GSTIN: 'GST registration cancelled',
  PASSPORT: 'Passport cancelled',
};
const NOT_FOUND_REASON: Record<DocumentType, string> = {
  PAN: 'No PAN holder with this number',
  AADHAAR: 'Aadhaar number does not exist',
  VOTER_ID: 'No elector with this EPIC number',
  DRIVING_LICENCE: 'No driving licence with this number',
  GSTIN: 'No GST registration with this number',
  PASSPORT: 'No passport with this number',
};

const addYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;

/** What the registry of `type` answers about a (well-formed, normalised) document number. */
export function lookupDocument(type: DocumentType, value: string, now = new Date()): DocumentRecord {
  const test = testCaseOf(lastFourOf(type, value));
  if (test === 'NOT_FOUND')
    return { status: 'NOT_FOUND', reason: NOT_FOUND_REASON[type], holder_name: null, details: {} };
  const seed = seedOf(type, value);
  const r = new Bytes(seedOf('DETAILS', seed));
  const inactive = test === 'INACTIVE';
  let status: DirectoryStatus = inactive ? 'INACTIVE' : 'VALID';
  let reason: string | null = inactive ? INACTIVE_REASON[type] : null;
  const today = now.toISOString().slice(0, 10);
  switch (type) {
    case 'PAN': {
      const h = panHolder(value);
      return {
        status,
        reason,
        holder_name: h.name,
        details: {
          holder_type: PAN_HOLDER_TYPES[h.type],
          dob: h.person?.dob ?? null,
          aadhaar_seeding_status: test === 'FLAGGED' || h.type !== 'P' ? 'NOT_LINKED' : 'LINKED',
        },
      };
    }
    case 'AADHAAR': {
      const p = aadhaarHolder(value);
      const age = now.getUTCFullYear() - Number(p.dob.slice(0, 4));
      const band = Math.floor(age / 10) * 10;
      return {
        status,
        reason,
        holder_name: p.name,
        details: {
          age_band: `${band}-${band + 10}`,
          gender: p.gender,
          state: p.address.state,
          mobile_linked: test !== 'FLAGGED',
          mobile_last_digits: test === 'FLAGGED' ? null : p.mobile.slice(-3),
        },
      };
    }
    case 'VOTER_ID': {
      const p = personFrom(seed);
      return {
        status,
        reason,
        holder_name: p.name,
        details: {
          relation_name: p.father_name,
          relation_type: 'FATHER',
          gender: p.gender,
          dob: p.dob,
          state: p.address.state,
          assembly_constituency: `${p.address.city} ${r.pick(['North', 'South', 'East', 'West', 'Central'])}`,
          part_number: 1 + r.int(300),
        },
      };
    }
    case 'DRIVING_LICENCE': {
      const p = personFrom(seed);
      const year = value.slice(4, 8);
      const issued = `${year}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;
      // A non-transport licence is valid 20 years, or until the holder is 50 if that is sooner (and 40 later).
      const validTo = addYears(issued, 20);
      if (!inactive && validTo < today) {
        status = 'EXPIRED';
        reason = `Driving licence expired on ${validTo}`;
      }
      return {
        status,
        reason,
        holder_name: p.name,
        details: {
          dob: p.dob,
          state: DL_STATE_CODES[value.slice(0, 2)] ?? null,
          rto: `${value.slice(0, 2)}-${value.slice(2, 4)}`,
          date_of_issue: issued,
          valid_to: validTo,
          vehicle_classes: r.next() % 2 ? ['MCWG', 'LMV'] : ['LMV'],
        },
      };
    }
    case 'GSTIN': {
      const pan = value.slice(2, 12);
      const h = panHolder(pan);
      const code = value.slice(0, 2);
      const state = GST_STATES[code] ?? null;
      return {
        status,
        reason,
        holder_name: h.name,
        details: {
          legal_name: h.name,
          trade_name: h.person
            ? upper(`${h.person.last_name} ${r.pick(['Traders', 'Stores', 'Enterprises'])}`)
            : h.name,
          pan_masked: `XXXXX${pan.slice(5, 9)}X`,
          state,
          registration_date: `${2017 + r.int(8)}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`,
          taxpayer_type: r.next() % 5 === 0 ? 'Composition' : 'Regular',
          gst_status: inactive ? 'Cancelled' : 'Active',
        },
      };
    }
    case 'PASSPORT': {
      const p = personFrom(seed);
      const issuedYear = Math.max(Number(p.dob.slice(0, 4)) + 18, now.getUTCFullYear() - 1 - r.int(12));
      const issued = `${issuedYear}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;
      const expiry = addYears(issued, 10);
      if (!inactive && expiry < today) {
        status = 'EXPIRED';
        reason = `Passport expired on ${expiry}`;
      }
      return {
        status,
        reason,
        holder_name: p.name,
        details: {
          dob: p.dob,
          gender: p.gender,
          date_of_issue: issued,
          date_of_expiry: expiry,
          place_of_issue: upper(p.address.city),
          file_number: `${value[0]}${p.address.city.slice(0, 2).toUpperCase()}${String(1000000 + r.int(8999999))}`,
        },
      };
    }
  }
}
