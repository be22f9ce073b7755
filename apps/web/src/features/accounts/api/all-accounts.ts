import { listResponse } from '@meridian/contract';
import { ManagedAccount } from '@meridian/contract/accounts';
import { createListEndpoints } from '@/components/data-table';
import { PROVIDER } from '@/lib/env';

/**
 * All accounts (current and virtual): search GET /{provider}/read/search/manage/accounts, count
 * …/read/count/manage/accounts, CSV …/read/export/manage/accounts (keys account_number, customer_id).
 */
const AccountList = listResponse(ManagedAccount);

export const allAccountsEndpoints = createListEndpoints({
  key: 'accounts-all',
  searchPath: `/${PROVIDER}/read/search/manage/accounts`,
  countPath: `/${PROVIDER}/read/count/manage/accounts`,
  exportPath: `/${PROVIDER}/read/export/manage/accounts`,
  parseRows: (answer) => AccountList.parse(answer).data,
});
