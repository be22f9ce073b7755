import { CustomerReference } from '@meridian/contract/fabric';
import { z } from 'zod';
import { checkDocument } from '../logic/identifiers.ts';
import { maskPersonalData } from '../logic/mask.ts';
import { panFor, personFrom, seedOf } from '../logic/directory.ts';
import { withVerhoeff } from '../logic/verhoeff.ts';
import type { FabricProduct } from '../product.ts';
import type { ProductOutcome } from '../product.ts';

export const DIGILOCKER_DOCUMENTS = ['AADHAAR', 'PAN', 'DRIVING_LICENCE'] as const;
export type DigilockerDocument = (typeof DIGILOCKER_DOCUMENTS)[number];

/** How long the person has to open the link and decide. */
export const CONSENT_TTL_MS = 30 * 60 * 1000;

const body = z.object({
  /** The client's own id for the person (the digilocker screen searches by it). */
  customer_reference_id: CustomerReference.optional(),
  /** Where the person's browser goes after deciding (`?urn=…&status=…` appended). */
  redirect_url: z
    .url({ protocol: /^https?$/, error: 'redirect_url is an http(s) URL' })
    .max(2000, 'redirect_url is at most 2000 characters')
    .optional(),
  documents: z
    .array(z.enum(DIGILOCKER_DOCUMENTS, { error: `documents are among ${DIGILOCKER_DOCUMENTS.join(', ')}` }))
    .min(1, 'Ask for at least one document')
    .max(3)
    .refine((d) => new Set(d).size === d.length, 'Each document once')
    .optional(),
});

/** Kept with the call until the person decides (server-side, no personal data). */
export type DigilockerState = {
  kind: 'digilocker';
  documents: DigilockerDocument[];
  redirect_url: string | null;
  customer_reference_id: string | null;
  expires_at: string;
};

export const consentUrl = (publicUrl: string, provider: string, urn: string) =>
  `${publicUrl.replace(/\/+$/, '')}/${provider}/hosted/digilocker/${urn}`;

/** Sample requests (besides customer_reference_number): the demo seed calls the product with each. */
export const DEMO_INPUTS: z.input<typeof body>[] = [
  { customer_reference_id: 'CUST-1001' },
  {
    customer_reference_id: 'CUST-1002',
    documents: ['AADHAAR', 'PAN'],
    redirect_url: 'https://example.com/kyc/done',
  },
];

/**
 * DigiLocker KYC: a consent flow. The call answers PENDING with a hosted consent URL (a page of ours, see
 * kyc-digilocker-hosted.ts); the person approves or declines there within 30 minutes; on approval the requested
 * documents are fetched from the sandbox DigiLocker and the call completes (SUCCESS DOCUMENTS_FETCHED, or FAILURE
 * CONSENT_DENIED / CONSENT_EXPIRED), which sends the client's callback.
 */
export const kycDigilocker: FabricProduct<typeof body> = {
  slug: 'kyc-digilocker',
  price: 8,
  body,
  demo: DEMO_INPUTS,
  maskRequest: (b) => ({ ...b }),
  async run(b, ctx) {
    const documents = b.documents ?? [...DIGILOCKER_DOCUMENTS];
    const expiresAt = new Date(ctx.now.getTime() + CONSENT_TTL_MS).toISOString();
    const result = {
      consent_url: consentUrl(ctx.publicUrl, ctx.provider, ctx.urn),
      consent_status: 'PENDING',
      expires_at: expiresAt,
      documents_requested: documents,
      customer_reference_id: b.customer_reference_id ?? null,
      redirect_url: b.redirect_url ?? null,
    };
    const state: DigilockerState = {
      kind: 'digilocker',
      documents,
      redirect_url: b.redirect_url ?? null,
      customer_reference_id: b.customer_reference_id ?? null,
      expires_at: expiresAt,
    };
    return {
      status: 'PENDING',
      resultCode: 'CONSENT_PENDING',
      message: 'Waiting for the person to give consent on the DigiLocker page',
      result,
      maskedResult: result,
      state,
    };
  },
  // A link nobody answered within 30 minutes (the fabric sweeper; the page itself when opened late).
  expire: ({ urn, state, now }) => {
    const outcome = digilockerOutcome(urn, state as DigilockerState, 'expired', now);
    return {
      status: 'FAILURE',
      resultCode: outcome.resultCode ?? 'CONSENT_EXPIRED',
      message: outcome.message ?? 'The consent link expired',
      maskedResult: outcome.maskedResult,
    };
  },
};

/** The documents the sandbox DigiLocker holds for the person of a consent (deterministic from the call's urn). */
export function digilockerDocuments(urn: string, wanted: readonly DigilockerDocument[], now: Date) {
  const seed = seedOf('DIGILOCKER', urn);
  const person = personFrom(seed);
  const n = BigInt(`0x${seed.slice(0, 15)}`);
  // An Aadhaar number with a valid check digit (first digit 2–9); DigiLocker itself shares it masked.
  const aadhaar = withVerhoeff(`${2 + Number(n % 8n)}${String((n / 8n) % 10n ** 10n).padStart(10, '0')}`);
  const pan = panFor(seed, person);
  const issueYear = Math.max(Number(person.dob.slice(0, 4)) + 18, now.getUTCFullYear() - 15);
  const dl = `MH12${issueYear}${String(Number((n / 7n) % 9_000_000n) + 1_000_000)}`;
  const docs: Record<string, unknown>[] = [];
  for (const type of wanted) {
    if (type === 'AADHAAR') {
      docs.push({
        type,
        issuer: 'Unique Identification Authority of India',
        aadhaar_masked: `XXXX XXXX ${aadhaar.slice(-4)}`,
        name: person.name,
        dob: person.dob,
        gender: person.gender,
        address: { ...person.address },
      });
    } else if (type === 'PAN') {
      docs.push({ type, issuer: 'Income Tax Department', pan, name: person.name, dob: person.dob });
    } else {
      const checked = checkDocument('DRIVING_LICENCE', dl, now);
      docs.push({
        type,
        issuer: 'Ministry of Road Transport and Highways',
        dl_number: checked.ok ? checked.value : dl,
        name: person.name,
        dob: person.dob,
        valid_to: `${issueYear + 20}-${person.dob.slice(5)}`,
        vehicle_classes: ['LMV'],
      });
    }
  }
  return { person, documents: docs };
}

/** The outcome of the person's decision (for completeCall), or of a link that expired. */
export function digilockerOutcome(
  urn: string,
  state: DigilockerState,
  decision: 'approve' | 'decline' | 'expired',
  now: Date,
): ProductOutcome {
  const base = {
    customer_reference_id: state.customer_reference_id,
    documents_requested: state.documents,
    decided_at: now.toISOString(),
  };
  if (decision !== 'approve') {
    const code = decision === 'decline' ? 'CONSENT_DENIED' : 'CONSENT_EXPIRED';
    const result = { ...base, consent_status: decision === 'decline' ? 'DENIED' : 'EXPIRED' };
    return {
      status: 'FAILURE',
      resultCode: code,
      message: decision === 'decline' ? 'The person declined to share documents' : 'The consent link expired',
      result,
      maskedResult: result,
    };
  }
  const { documents } = digilockerDocuments(urn, state.documents, now);
  const result = { ...base, consent_status: 'GIVEN', documents };
  return {
    status: 'SUCCESS',
    resultCode: 'DOCUMENTS_FETCHED',
    message: `${documents.length} document(s) fetched from DigiLocker`,
    result,
    maskedResult: maskPersonalData(result),
  };
}
