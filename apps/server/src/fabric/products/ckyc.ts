import { z } from 'zod';
import { AppError, badRequest } from '../../http/errors.ts';
import { ckycNumberOf, ckycPerson, lastFourOf, testCaseOf } from '../logic/directory.ts';
import { checkPan } from '../logic/identifiers.ts';
import { maskName, maskPan, maskPersonalData } from '../logic/mask.ts';
import type { FabricProduct, ProductContext, ProductOutcome } from '../product.ts';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const body = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('search'),
      pan: z
        .string({ error: 'pan is required' })
        .trim()
        .min(1, 'pan is required')
        .max(16, 'pan is at most 16 characters'),
    }),
    z.object({
      action: z.literal('download'),
      reference_id: z
        .string({ error: 'reference_id is required' })
        .trim()
        .regex(/^\d{14}$/, 'reference_id is the 14-digit CKYC number a search answered'),
      /** The authentication factor the CKYC registry asks for a download; checked when given. */
      dob: z.string().trim().regex(ISO_DATE, 'dob is a date YYYY-MM-DD').optional(),
    }),
  ],
  { error: "action is 'search' or 'download'" },
);

/** What a search keeps for the download (server-side, never shown): no identifier beyond the masked PAN. */
type CkycState = { kind: 'search' | 'download'; surname_initial: string; pan_masked: string };

const yearsBetween = (dob: string, now: Date) => {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
};

/** The date a sandbox CKYC record was registered / last updated (deterministic from its number). */
const kycDates = (ckyc: string) => {
  const n = Number(ckyc.slice(-6));
  const year = 2017 + (n % 7);
  const month = String(1 + (n % 12)).padStart(2, '0');
  const day = String(1 + (n % 28)).padStart(2, '0');
  return { kyc_date: `${year}-${month}-${day}`, updated_on: `${year + 1 + (n % 2)}-${month}-${day}` };
};

type Search = Extract<z.output<typeof body>, { action: 'search' }>;
type Download = Extract<z.output<typeof body>, { action: 'download' }>;

/** `search` by an individual's PAN: the CKYC number and the registry's masked summary, or NOT_FOUND. */
function search(b: Search, now: Date): ProductOutcome {
  const pan = checkPan(b.pan);
  if (!pan.ok) throw badRequest(pan.message, { pan: pan.message });
  const notFound = () => {
    const result = { action: 'search', pan: pan.value, status: 'NOT_FOUND' };
    return {
      status: 'FAILURE' as const,
      resultCode: 'NOT_FOUND',
      message: 'No CKYC record for this PAN',
      result,
      maskedResult: maskPersonalData(result),
    };
  };
  // The sandbox registry holds individuals only.
  if (pan.holderType !== 'P' || testCaseOf(lastFourOf('PAN', pan.value)) === 'NOT_FOUND') return notFound();
  const referenceId = ckycNumberOf(pan.value);
  const person = ckycPerson(referenceId, pan.value[4]!);
  // The registry's search answer is itself masked: initials of the names, the age, not the date of birth.
  const result = {
    action: 'search',
    reference_id: referenceId,
    ckyc_number: referenceId,
    constitution_type: 'INDIVIDUAL',
    name: maskName(person.name),
    father_name: maskName(person.father_name),
    age: yearsBetween(person.dob, now),
    ...kycDates(referenceId),
  };
  const state: CkycState = {
    kind: 'search',
    surname_initial: pan.value[4]!,
    pan_masked: maskPan(pan.value),
  };
  return {
    status: 'SUCCESS',
    resultCode: 'FOUND',
    message: 'CKYC record found',
    result,
    maskedResult: maskPersonalData(result),
    keys: { reference_id: referenceId },
    state,
  };
}

/** `download` of a number a search of the client answered: the full record (the date of birth checked when given). */
async function download(b: Download, ctx: ProductContext): Promise<ProductOutcome> {
  const earlier = await ctx.findCall('reference_id', b.reference_id);
  const st = earlier?.state as Partial<CkycState> | undefined;
  if (!earlier || earlier.status !== 'SUCCESS' || typeof st?.surname_initial !== 'string') {
    throw new AppError(
      404,
      'not_found',
      'No CKYC search of yours answered this reference_id: search by PAN first',
      { fields: { reference_id: 'Unknown reference_id' } },
    );
  }
  const person = ckycPerson(b.reference_id, st.surname_initial);
  if (b.dob !== undefined && b.dob !== person.dob) {
    const result = { action: 'download', reference_id: b.reference_id, status: 'AUTH_FACTOR_MISMATCH' };
    return {
      status: 'FAILURE',
      resultCode: 'AUTH_FACTOR_MISMATCH',
      message: 'The date of birth does not match the CKYC record',
      result,
      maskedResult: result,
      keys: { reference_id: b.reference_id },
    };
  }
  const a = person.address;
  const result = {
    action: 'download',
    reference_id: b.reference_id,
    ckyc_number: b.reference_id,
    constitution_type: 'INDIVIDUAL',
    name: person.name,
    father_name: person.father_name,
    gender: person.gender,
    dob: person.dob,
    mobile: person.mobile,
    email: person.email,
    permanent_address: { ...a },
    correspondence_address: { ...a },
    // The PAN is shown as the search kept it: Meridian never stores a whole PAN, even server-side.
    identity_documents: [{ type: 'PAN', pan_masked: st.pan_masked ?? null, verified: true }],
    ...kycDates(b.reference_id),
  };
  const state: CkycState = {
    kind: 'download',
    surname_initial: st.surname_initial,
    pan_masked: st.pan_masked ?? '',
  };
  return {
    status: 'SUCCESS',
    resultCode: 'DOWNLOADED',
    message: 'CKYC record downloaded',
    result,
    maskedResult: maskPersonalData(result),
    keys: { reference_id: b.reference_id },
    state,
  };
}

/** Searches (a download needs the reference_id a search answered: see `nextDemoStep`). */
export const DEMO_INPUTS: z.input<typeof body>[] = [
  { action: 'search', pan: 'ABCPS1234K' },
  { action: 'search', pan: 'ABCPE0000F' },
];

/**
 * CKYC (Central KYC Registry): `search` by an individual's PAN answers the CKYC number (`reference_id`, a search
 * key of the call) and a masked summary, as the registry does; `download` by that number answers the full record,
 * and only after a search of the same client answered it (ctx.findCall), else a 404. PAN digits `0000`: no record.
 */
export const ckyc: FabricProduct<typeof body> = {
  slug: 'ckyc',
  price: 4,
  body,
  demo: DEMO_INPUTS,
  maskRequest: (b) =>
    b.action === 'search'
      ? { action: b.action, pan: maskPan(b.pan) }
      : {
          action: b.action,
          reference_id: b.reference_id,
          ...(b.dob !== undefined ? { dob: 'XXXX-XX-XX' } : {}),
        },
  async run(b, ctx) {
    return b.action === 'search' ? search(b, ctx.now) : download(b, ctx);
  },
};

/** The demo's second step after a search answered `result` (a download of that reference_id), or null. */
export function nextDemoStep(result: Record<string, unknown>): z.input<typeof body> | null {
  return result.action === 'search' && typeof result.reference_id === 'string'
    ? { action: 'download', reference_id: result.reference_id }
    : null;
}
