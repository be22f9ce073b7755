import { optionalTextParam, searchSchema, textParam } from '@/lib/format/search-params';

/**
 * Spec §2: /flow/edit-beneficiary search parameters. The eight required ones default to empty text and the
 * last three are optional; a value of the wrong type degrades instead of failing the route.
 */
export const editBeneficiarySearchSchema = searchSchema({
  beneficiaryCode: textParam(''),
  beneficiaryName: textParam(''),
  beneficiaryEmail: textParam(''),
  beneficiaryMobile: textParam(''),
  provider: textParam(''),
  providerCode: textParam(''),
  transferType: textParam(''),
  senderAccountNumber: textParam(''),
  beneficiaryAccountNumber: optionalTextParam(),
  ifscCode: optionalTextParam(),
  beneficiaryUpiId: optionalTextParam(),
});

export type EditBeneficiarySearch = ReturnType<typeof editBeneficiarySearchSchema>;
