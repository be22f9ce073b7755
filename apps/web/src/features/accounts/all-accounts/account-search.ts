/**
 * The URL search of /accounts/all-accounts: the accounts list's filter (`listSearchSchema`) and the selected
 * account's transactions (pageIndex and pageSize, the selected account number and name, and the
 * customer reference filtered on the client). The route validates the list's part (`listSearchSchema`); the
 * page parses the whole search with `allAccountsSearchSchema` (the root route keeps the raw parameters).
 * Parsing only, no zod (see list-search.ts).
 */
import {
  intParam,
  listSearchSchema,
  MAX_PAGE_SIZE,
  text,
  type ListSearch,
} from '@/components/data-table/list-search';
import { searchSchema, type ParamParser } from '@/lib/format/search-params';

const accountNumberParam: ParamParser<string | undefined> = (value) => {
  const v = text(value)?.trim();
  return v && /^[0-9]{9,18}$/.test(v) ? v : undefined;
};
const shortText =
  (max: number): ParamParser<string | undefined> =>
  (value) =>
    text(value)?.trim().slice(0, max) || undefined;
const kindParam: ParamParser<'CURRENT' | 'VIRTUAL' | undefined> = (value) =>
  value === 'CURRENT' || value === 'VIRTUAL' ? value : undefined;
const transactionsSchema = searchSchema({
  account_number: accountNumberParam,
  account_name: shortText(100),
  account_kind: kindParam,
  page_index: intParam(0, 1_000_000),
  page_size: intParam(1, MAX_PAGE_SIZE),
  reference: shortText(100),
});

/** The list's filter and the selected account's part (absent keys: no account, first page, 10 rows, no filter). */
export type AllAccountsSearch = ListSearch & ReturnType<typeof transactionsSchema>;

type Input = Parameters<typeof listSearchSchema>[0] & Parameters<typeof transactionsSchema>[0];

export const allAccountsSearchSchema = (input: Input): AllAccountsSearch => ({
  ...listSearchSchema(input),
  ...transactionsSchema(input),
});
