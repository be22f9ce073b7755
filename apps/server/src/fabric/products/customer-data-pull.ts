import { createHash } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { lastFourOf, mobileOwner, panHolder, seedOf, testCaseOf, type Person } from '../logic/directory.ts';
import { checkMobile, checkPan } from '../logic/identifiers.ts';
import { maskMobile, maskPan, maskPersonalData, scrubText } from '../logic/mask.ts';
import type { FabricProduct } from '../product.ts';

const body = z
  .object({
    mobile: z
      .string()
      .trim()
      .min(1, 'mobile cannot be empty')
      .max(20, 'mobile is at most 20 characters')
      .optional(),
    pan: z.string().trim().min(1, 'pan cannot be empty').max(16, 'pan is at most 16 characters').optional(),
    consent: z.literal(true, { error: "The person's consent is required: consent must be true" }),
    purpose: z
      .string({ error: 'purpose is required' })
      .trim()
      .min(3, 'Say why the data is pulled (3 to 200 characters)')
      .max(200, 'purpose is at most 200 characters'),
  })
  .refine((b) => b.mobile !== undefined || b.pan !== undefined, {
    message: 'Give the mobile or the pan of the person',
    path: ['mobile'],
  });

const BANKS = [
  { bank: 'HDFC Bank', ifsc: 'HDFC0000001' },
  { bank: 'ICICI Bank', ifsc: 'ICIC0000001' },
  { bank: 'State Bank of India', ifsc: 'SBIN0000001' },
  { bank: 'Axis Bank', ifsc: 'UTIB0000001' },
  { bank: 'Kotak Mahindra Bank', ifsc: 'KKBK0000001' },
];
const EMPLOYERS = [
  'Tata Consultancy Services',
  'Infosys',
  'Reliance Retail',
  'Larsen & Toubro',
  'HDFC Bank',
  'Wipro',
];
const INCOME_BANDS = ['0-3 LPA', '3-6 LPA', '6-10 LPA', '10-20 LPA', '20+ LPA'];

function profileExtras(person: Person, seedHex: string) {
  const h = createHash('sha256').update(seedOf('PROFILE', seedHex)).digest();
  const accounts = Array.from({ length: 1 + (h[0]! % 3) }, (_, i) => {
    const b = BANKS[h[1 + i]! % BANKS.length]!;
    return {
      bank: b.bank,
      ifsc: b.ifsc,
      account_type: i === 0 ? 'SAVINGS' : h[4 + i]! % 2 ? 'SAVINGS' : 'CURRENT',
      account_number: `XXXXXXXX${String(1000 + ((h[8 + i]! * 256 + h[12 + i]!) % 9000))}`,
      holder_name: person.name,
    };
  });
  const salaried = h[16]! % 3 !== 0;
  return {
    bank_accounts: accounts,
    employment: salaried
      ? {
          type: 'SALARIED',
          employer: EMPLOYERS[h[17]! % EMPLOYERS.length]!,
          income_band: INCOME_BANDS[1 + (h[18]! % 4)]!,
        }
      : { type: 'SELF_EMPLOYED', employer: null, income_band: INCOME_BANDS[h[18]! % 5]! },
    current_address: {
      ...person.address,
      line1: `${1 + (h[20]! % 90)}, ${['Lotus Residency', 'Ashoka Towers', 'Sunrise Enclave'][h[21]! % 3]}`,
    },
  };
}

/** Sample requests (besides customer_reference_number): the demo seed calls the product with each. */
export const DEMO_INPUTS: z.input<typeof body>[] = [
  { mobile: '9876543210', consent: true, purpose: 'Loan underwriting' },
  { pan: 'ABCPS1234K', consent: true, purpose: 'Account opening' },
  { mobile: '9800000000', consent: true, purpose: 'KYC refresh' },
];

/**
 * Customer data pull: with the person's consent and a stated purpose, the sandbox aggregator's profile of the
 * person behind a mobile or an individual's PAN (PAN first when both are given): identity, addresses, bank
 * accounts (numbers masked, as account aggregators answer), employment. `0000` at the end: no records.
 */
export const customerDataPull: FabricProduct<typeof body> = {
  slug: 'customer-data-pull',
  price: 8,
  body,
  demo: DEMO_INPUTS,
  maskRequest: (b) => ({
    ...(b.mobile !== undefined ? { mobile: maskMobile(b.mobile) } : {}),
    ...(b.pan !== undefined ? { pan: maskPan(b.pan) } : {}),
    consent: b.consent,
    purpose: scrubText(b.purpose),
  }),
  async run(b, ctx) {
    let mobile: string | null = null;
    if (b.mobile !== undefined) {
      const m = checkMobile(b.mobile);
      if (!m.ok) throw badRequest(m.message, { mobile: m.message });
      mobile = m.value;
    }
    let person: Person;
    let pan: string;
    let seed: string;
    let notFound: boolean;
    if (b.pan !== undefined) {
      const p = checkPan(b.pan);
      if (!p.ok) throw badRequest(p.message, { pan: p.message });
      if (p.holderType !== 'P') {
        const message = `A customer data pull is for an individual's PAN (4th letter P); this PAN is a ${p.holderTypeLabel}`;
        throw badRequest(message, { pan: message });
      }
      pan = p.value;
      person = panHolder(pan).person!;
      seed = seedOf('PAN', pan);
      notFound = testCaseOf(lastFourOf('PAN', pan)) === 'NOT_FOUND';
    } else {
      const owner = mobileOwner(mobile!);
      person = owner.person;
      pan = owner.pan;
      seed = seedOf('MOBILE', mobile!);
      notFound = owner.test === 'NOT_FOUND' || owner.test === 'INACTIVE';
    }
    if (notFound) {
      const result = { ...(mobile ? { mobile } : {}), ...(b.pan ? { pan } : {}), status: 'NOT_FOUND' };
      return {
        status: 'FAILURE',
        resultCode: 'NOT_FOUND',
        message: 'No records for this person',
        result,
        maskedResult: maskPersonalData(result),
      };
    }
    const extras = profileExtras(person, seed);
    const result = {
      consent_reference: `CNS${ctx.urn.slice(-12)}`,
      purpose: b.purpose,
      name: person.name,
      gender: person.gender,
      dob: person.dob,
      pan,
      mobile: mobile ?? person.mobile,
      mobile_matches_records: mobile ? mobile === person.mobile || b.pan === undefined : null,
      email: person.email,
      addresses: [
        { type: 'PERMANENT', ...person.address },
        { type: 'CURRENT', ...extras.current_address },
      ],
      bank_accounts: extras.bank_accounts,
      employment: extras.employment,
    };
    return {
      status: 'SUCCESS',
      resultCode: 'DATA_PULLED',
      message: `Profile with ${extras.bank_accounts.length} bank account(s)`,
      result,
      maskedResult: maskPersonalData(result),
    };
  },
};
