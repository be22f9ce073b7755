import type { Beneficiary } from '@meridian/contract';
import { optionalTextParam, searchSchema, textParam } from '@/lib/format/search-params';

/**
 * /flow/edit-beneficiary search parameters. The eight required ones default to empty text and the
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

/**
 * The /flow/edit-beneficiary search parameters of a beneficiary: all eleven, missing values as empty text (the
 * edit screen reads an empty optional value as absent).
 */
export function editBeneficiarySearch(b: Beneficiary): EditBeneficiarySearch {
  return {
    beneficiaryCode: b.beneficiary_code,
    beneficiaryName: b.beneficiary_name,
    beneficiaryEmail: b.beneficiary_email ?? '',
    beneficiaryMobile: b.beneficiary_mobile ?? '',
    provider: b.provider,
    providerCode: b.provider_code,
    transferType: b.transfer_type,
    senderAccountNumber: b.sender_account_number,
    beneficiaryAccountNumber: b.beneficiary_account_number ?? '',
    ifscCode: b.ifsc_code ?? '',
    beneficiaryUpiId: b.beneficiary_upi_id ?? '',
  };
}
