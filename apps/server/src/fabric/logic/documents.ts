import type { DocumentType } from './identifiers.ts';
import { DL_STATE_CODES, GST_STATES, PAN_HOLDER_TYPES } from './identifiers.ts';
import {
  aadhaarHolder,
  Bytes,
  lastFourOf,
  panHolder,
  personFrom,
  seedOf,
  testCaseOf,
  upper,
  type TestCase,
} from './directory.ts';

/**
 * The sandbox registries' answers about a document (fabric/logic/directory.ts derives their holders): one record
 * per document type, its status from the documented test values (or, for a driving licence or a passport, its
 * expiry).
 */

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

/** What a registry's record starts from: the number, its seed and bytes, its test case, the status so far. */
type Lookup = {
  value: string;
  seed: string;
  r: Bytes;
  test: TestCase;
  inactive: boolean;
  status: DirectoryStatus;
  reason: string | null;
  now: Date;
};

/** What the registry of `type` answers about a (well-formed, normalised) document number. */
export function lookupDocument(type: DocumentType, value: string, now = new Date()): DocumentRecord {
  const test = testCaseOf(lastFourOf(type, value));
  if (test === 'NOT_FOUND')
    return { status: 'NOT_FOUND', reason: NOT_FOUND_REASON[type], holder_name: null, details: {} };
  const seed = seedOf(type, value);
  const inactive = test === 'INACTIVE';
  return RECORDS[type]({
    value,
    seed,
    r: new Bytes(seedOf('DETAILS', seed)),
    test,
    inactive,
    status: inactive ? 'INACTIVE' : 'VALID',
    reason: inactive ? INACTIVE_REASON[type] : null,
    now,
  });
}

/** The status and reason of a document valid until `until` (EXPIRED after it, unless already INACTIVE). */
function expiring(l: Lookup, until: string, what: string): Pick<DocumentRecord, 'status' | 'reason'> {
  return !l.inactive && until < l.now.toISOString().slice(0, 10)
    ? { status: 'EXPIRED', reason: `${what} expired on ${until}` }
    : { status: l.status, reason: l.reason };
}

/** A date of `year` with a month and day from the bytes. */
const dayOf = (r: Bytes, year: string | number) =>
  `${year}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;

const RECORDS: Record<DocumentType, (l: Lookup) => DocumentRecord> = {
  PAN: ({ value, test, status, reason }) => {
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
  },
  AADHAAR: ({ value, test, status, reason, now }) => {
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
  },
  VOTER_ID: ({ seed, r, status, reason }) => {
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
  },
  DRIVING_LICENCE: (l) => {
    const { value, r } = l;
    const p = personFrom(l.seed);
    const issued = dayOf(r, value.slice(4, 8));
    // A non-transport licence is valid 20 years, or until the holder is 50 if that is sooner (and 40 later).
    const validTo = addYears(issued, 20);
    return {
      ...expiring(l, validTo, 'Driving licence'),
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
  },
  GSTIN: ({ value, r, inactive, status, reason }) => {
    const pan = value.slice(2, 12);
    const h = panHolder(pan);
    const state = GST_STATES[value.slice(0, 2)] ?? null;
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
        registration_date: dayOf(r, 2017 + r.int(8)),
        taxpayer_type: r.next() % 5 === 0 ? 'Composition' : 'Regular',
        gst_status: inactive ? 'Cancelled' : 'Active',
      },
    };
  },
  PASSPORT: (l) => {
    const { value, r, now } = l;
    const p = personFrom(l.seed);
    const issuedYear = Math.max(Number(p.dob.slice(0, 4)) + 18, now.getUTCFullYear() - 1 - r.int(12));
    const issued = dayOf(r, issuedYear);
    const expiry = addYears(issued, 10);
    return {
      ...expiring(l, expiry, 'Passport'),
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
  },
};
