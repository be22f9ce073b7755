import { Transaction, listResponse } from '@meridian/contract';
import { createListEndpoints } from '@/components/data-table';
import { PROVIDER } from '@/lib/env';

/**
 * Transactions, the account statement (docs/flow-api.md): search GET /{provider}/read/search/transaction/statement,
 * count …/read/count/transaction/statement, CSV …/read/export/transaction/statement. Rows have no details
 * endpoint: the dialog shows the row itself.
 */
const TransactionList = listResponse(Transaction);

export const transactionsEndpoints = createListEndpoints({
  // 'statement' too: writes invalidate lists by topic (see ./invalidate.ts).
  key: 'transactions-statement',
  searchPath: `/${PROVIDER}/read/search/transaction/statement`,
  countPath: `/${PROVIDER}/read/count/transaction/statement`,
  exportPath: `/${PROVIDER}/read/export/transaction/statement`,
  parseRows: (answer) => TransactionList.parse(answer).data,
});
