import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { lookupDocument } from '../logic/documents.ts';
import { checkDocument, DOCUMENT_TYPES, type DocumentType } from '../logic/identifiers.ts';
import { maskAadhaar, maskName, maskPan, maskPersonalData, maskTail } from '../logic/mask.ts';
import { compareNames } from '../logic/similarity.ts';
import type { FabricProduct } from '../product.ts';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const body = z.object({
  document_type: z.enum(DOCUMENT_TYPES, {
    error: `document_type is one of ${DOCUMENT_TYPES.join(', ')}`,
  }),
  document_number: z
    .string({ error: 'document_number is required' })
    .trim()
    .min(1, 'document_number is required')
    .max(32, 'document_number is at most 32 characters'),
  /** When given, the holder's registered name is compared with it (name_match). */
  name: z
    .string()
    .trim()
    .min(1, 'name cannot be empty')
    .max(200, 'name is at most 200 characters')
    .optional(),
  /** When given (YYYY-MM-DD), compared with the registered date of birth where the registry has one. */
  dob: z.string().trim().regex(ISO_DATE, 'dob is a date YYYY-MM-DD').optional(),
});

/** A document number as it may be stored: Aadhaar `XXXX XXXX 1234`, PAN `XXXXX1234X`, others the last 4. */
export function maskDocument(type: DocumentType, value: string): string {
  if (type === 'AADHAAR') return maskAadhaar(value);
  if (type === 'PAN') return maskPan(value);
  return maskTail(value);
}

/** Sample requests (besides customer_reference_number): the demo seed calls the product with each. */
export const DEMO_INPUTS: z.input<typeof body>[] = [
  { document_type: 'PAN', document_number: 'ABCPS1234K', name: 'Mr. Manoj Sharma' },
  { document_type: 'PAN', document_number: 'AAACM4821Q' },
  { document_type: 'PAN', document_number: 'ABCPE0000F' },
  { document_type: 'AADHAAR', document_number: '2341 2341 2346' },
  { document_type: 'VOTER_ID', document_number: 'XYZ1234567' },
  { document_type: 'DRIVING_LICENCE', document_number: 'MH-14-2019-0062821' },
  { document_type: 'GSTIN', document_number: '27ABCPS1234K1ZM' },
  { document_type: 'PASSPORT', document_number: 'M4567890' },
];

/**
 * KYC validate: the number's format and check digits (a 4xx when wrong, uncharged), then the sandbox registry's
 * answer (fabric/logic/directory.ts): holder name, status, the registry's details; with `name`, a name match.
 * VALID is a SUCCESS; NOT_FOUND, INACTIVE and EXPIRED are FAILUREs (the check ran, so they are charged).
 */
export const kycValidate: FabricProduct<typeof body> = {
  slug: 'kyc-validate',
  price: 2,
  body,
  demo: DEMO_INPUTS,
  maskRequest: (b) => ({
    document_type: b.document_type,
    document_number: maskDocument(b.document_type, b.document_number),
    ...(b.name !== undefined ? { name: maskName(b.name) } : {}),
    ...(b.dob !== undefined ? { dob: 'XXXX-XX-XX' } : {}),
  }),
  async run(b, ctx) {
    const checked = checkDocument(b.document_type, b.document_number, ctx.now);
    if (!checked.ok) throw badRequest(checked.message, { document_number: checked.message });
    const record = lookupDocument(b.document_type, checked.value, ctx.now);
    const nameMatch =
      b.name !== undefined && record.holder_name ? compareNames(b.name, record.holder_name) : null;
    const registeredDob = typeof record.details.dob === 'string' ? record.details.dob : null;
    const result: Record<string, unknown> = {
      document_type: b.document_type,
      document_number: checked.value,
      status: record.status,
      reason: record.reason,
      holder_name: record.holder_name,
      ...record.details,
      ...(nameMatch ? { name_match: { score: nameMatch.score, verdict: nameMatch.verdict } } : {}),
      ...(b.dob !== undefined && registeredDob ? { dob_match: b.dob === registeredDob } : {}),
    };
    const masked = maskPersonalData(result);
    masked.document_number = maskDocument(b.document_type, checked.value);
    const label = b.document_type.replace('_', ' ');
    const message =
      record.status === 'VALID'
        ? `${label} is valid${nameMatch ? `; name ${nameMatch.verdict} (score ${nameMatch.score})` : ''}`
        : (record.reason ?? record.status);
    return {
      status: record.status === 'VALID' ? 'SUCCESS' : 'FAILURE',
      resultCode: record.status,
      message,
      result,
      maskedResult: masked,
    };
  },
};
