import { listResponse } from '@meridian/contract';
import { ApiUsageRow } from '@meridian/contract/reports';
import { createListEndpoints } from '@/components/data-table';
import { PROVIDER } from '@/lib/env';

const UsageList = listResponse(ApiUsageRow);

/** API usage (spec §7): /{provider}/read/fetch/credits/details and /{provider}/read/count/credits/details. */
export const apiUsageEndpoints = createListEndpoints({
  key: 'api-usage',
  searchPath: `/${PROVIDER}/read/fetch/credits/details`,
  countPath: `/${PROVIDER}/read/count/credits/details`,
  exportPath: `/${PROVIDER}/read/export/credits/details`,
  parseRows: (answer) => UsageList.parse(answer).data,
});
