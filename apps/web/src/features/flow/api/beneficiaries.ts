import { Beneficiary, listResponse } from '@meridian/contract';
import { createListEndpoints } from '@/components/data-table';
import { PROVIDER } from '@/lib/env';

/**
 * Beneficiaries (docs/flow-api.md): search GET /{provider}/read/fetch/manage/beneficiary, count
 * …/read/count/manage/beneficiary, CSV …/read/export/manage/beneficiary. One beneficiary:
 * ./beneficiary-details.ts (shared with the edit form, which updates that cache entry after a save).
 */
const BeneficiaryList = listResponse(Beneficiary);

export const beneficiariesEndpoints = createListEndpoints({
  key: 'beneficiaries',
  searchPath: `/${PROVIDER}/read/fetch/manage/beneficiary`,
  countPath: `/${PROVIDER}/read/count/manage/beneficiary`,
  exportPath: `/${PROVIDER}/read/export/manage/beneficiary`,
  parseRows: (answer) => BeneficiaryList.parse(answer).data,
});
