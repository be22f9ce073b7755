import { Transaction, listResponse } from '@meridian/contract';
import { TRANSACTIONS_LIST } from '@meridian/contract/flow-lists';
import { createListEndpoints } from '@/components/data-table';

/**
 * Transactions, the account statement (docs/using/flow-api.md): search, count and CSV at the paths of its definition
 * (TRANSACTIONS_LIST, …/read/search|count|export/transaction/statement). Rows have no details endpoint: the
 * dialog shows the row itself. Its query key, the list's name, holds 'transaction': writes invalidate it by
 * that topic (see ./invalidate.ts).
 */
const TransactionList = listResponse(Transaction);

export const transactionsEndpoints = createListEndpoints(
  TRANSACTIONS_LIST,
  (answer) => TransactionList.parse(answer).data,
);
