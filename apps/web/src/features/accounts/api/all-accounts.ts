import { listResponse } from '@meridian/contract';
import { ACCOUNTS_LIST, ManagedAccount } from '@meridian/contract/accounts';
import { createListEndpoints } from '@/components/data-table';

/**
 * All accounts (current and virtual): search, count and CSV at the paths of its definition (ACCOUNTS_LIST,
 * …/read/search|count|export/manage/accounts; keys account_number, customer_id; filter kind).
 */
const AccountList = listResponse(ManagedAccount);

export const allAccountsEndpoints = createListEndpoints(
  ACCOUNTS_LIST,
  (answer) => AccountList.parse(answer).data,
);
