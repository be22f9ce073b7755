import { listResponse } from '@meridian/contract';
import { API_USAGE_LIST } from '@meridian/contract/fabric';
import { ApiUsageRow } from '@meridian/contract/reports';
import { createListEndpoints } from '@/components/data-table';

const UsageList = listResponse(ApiUsageRow);

/** API usage at the paths of its definition: /{provider}/read/fetch/credits/details, its count and export. */
export const apiUsageEndpoints = createListEndpoints(
  API_USAGE_LIST,
  (answer) => UsageList.parse(answer).data,
);
