import { createHash } from 'node:crypto';
import type { DocumentType, PanHolderType } from './identifiers.ts';

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

/** A stream of bytes derived from a seed: the directory's only source of variety. */
export class Bytes {
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

export const upper = (s: string) => s.toUpperCase();

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
