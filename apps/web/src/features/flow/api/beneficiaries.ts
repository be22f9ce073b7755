import { Beneficiary, listResponse } from '@meridian/contract';
import { BENEFICIARIES_LIST } from '@meridian/contract/flow-lists';
import { createListEndpoints } from '@/components/data-table';

/**
 * Beneficiaries (docs/using/flow-api.md): search, count and CSV at the paths of their definition (BENEFICIARIES_LIST,
 * …/read/fetch|count|export/manage/beneficiary). One beneficiary: ./beneficiary-details.ts (shared with the edit
 * form, which updates that cache entry after a save).
 */
const BeneficiaryList = listResponse(Beneficiary);

export const beneficiariesEndpoints = createListEndpoints(
  BENEFICIARIES_LIST,
  (answer) => BeneficiaryList.parse(answer).data,
);
