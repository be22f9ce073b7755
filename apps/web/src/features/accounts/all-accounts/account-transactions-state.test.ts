import { describe, expect, it } from 'vitest';
import {
  filterByReference,
  pageCount,
  resolveTransactionsState,
  toTransactionsQuery,
  withAccount,
  withPageIndex,
  withPageSize,
  withReference,
  type SelectedAccount,
  type TransactionsSearch,
} from './account-transactions-state';
import { allAccountsSearchSchema } from './account-search';

const CURRENT: SelectedAccount = { number: '100000000001', name: 'Acme Operations', kind: 'CURRENT' };
const VA: SelectedAccount = { number: '222200001234', name: 'Ravi Kumar', kind: 'VIRTUAL' };

describe('account transactions state', () => {
  it('defaults to no account, page 0, 10 rows, no filter', () => {
    expect(resolveTransactionsState({})).toEqual({
      account: undefined,
      pageIndex: 0,
      pageSize: 10,
      reference: '',
    });
  });

  it('holds the selected account number, name and kind', () => {
    const search = withAccount({}, VA);
    expect(search).toEqual({ account_number: VA.number, account_name: VA.name, account_kind: 'VIRTUAL' });
    expect(resolveTransactionsState(search).account).toEqual(VA);
    // A current account is the default kind: left out of the URL.
    expect(withAccount({}, CURRENT)).toEqual({ account_number: CURRENT.number, account_name: CURRENT.name });
  });

  it('selecting another account resets pageIndex to 0 and keeps the page size and filter', () => {
    const on3 = withPageIndex(withPageSize(withReference(withAccount({}, CURRENT), 'inv'), 25), 3);
    expect(resolveTransactionsState(on3)).toMatchObject({ pageIndex: 3, pageSize: 25, reference: 'inv' });
    const next = resolveTransactionsState(withAccount(on3, VA));
    expect(next).toEqual({ account: VA, pageIndex: 0, pageSize: 25, reference: 'inv' });
  });

  it('clearing the selection resets paging', () => {
    const listSearch: TransactionsSearch & { offset?: number } = { offset: 20 };
    const on2 = withPageIndex(withAccount(listSearch, VA), 2);
    const cleared = withAccount(on2, undefined);
    expect(cleared).toEqual({ offset: 20 });
    expect(resolveTransactionsState(cleared).pageIndex).toBe(0);
  });

  it('selecting the account already selected keeps its page', () => {
    const on2 = withPageIndex(withAccount({}, VA), 2);
    expect(withAccount(on2, VA)).toBe(on2);
  });

  it('a new page size starts from the first page; defaults stay out of the URL', () => {
    const on4 = withPageIndex(withAccount({}, CURRENT), 4);
    expect(withPageSize(on4, 50)).toEqual({ ...withAccount({}, CURRENT), page_size: 50 });
    expect(withPageSize(on4, 10)).toEqual(withAccount({}, CURRENT));
    expect(withPageIndex(on4, 0)).toEqual(withAccount({}, CURRENT));
    expect(withPageIndex({}, -3)).toEqual({});
    expect(withPageSize({}, 1000)).toEqual({ page_size: 100 });
  });

  it('the reference filter does not move the page', () => {
    const on2 = withPageIndex({}, 2);
    expect(withReference(on2, '  Inv-7 ')).toEqual({ page_index: 2, reference: 'Inv-7' });
    expect(withReference({ reference: 'x' }, '  ')).toEqual({});
  });

  it('filters the loaded page by a case-insensitive substring of the customer reference', () => {
    const rows = [
      { id: 1, customer_reference_number: 'INV-1001' },
      { id: 2, customer_reference_number: 'inv-2002' },
      { id: 3, customer_reference_number: null },
      { id: 4, customer_reference_number: 'REFUND-9' },
    ];
    expect(filterByReference(rows, 'Inv').map((r) => r.id)).toEqual([1, 2]);
    expect(filterByReference(rows, '100').map((r) => r.id)).toEqual([1]);
    expect(filterByReference(rows, ' ').map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(filterByReference(rows, 'nothing')).toEqual([]);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(57, 25)).toBe(3);
  });

  it('asks the server by page_index and page_size', () => {
    expect(toTransactionsQuery(VA, { pageIndex: 2, pageSize: 25 }, 'Asia/Kolkata')).toEqual({
      account_number: VA.number,
      page_index: 2,
      page_size: 25,
      time_zone: 'Asia/Kolkata',
    });
  });
});

describe('all accounts URL search', () => {
  it('keeps the list filter and the usable transaction parameters, dropping the rest', () => {
    expect(
      allAccountsSearchSchema({
        offset: '20',
        search_key: 'customer_id',
        search_value: 'C-1',
        account_number: 222200001234,
        account_name: '  Ravi Kumar ',
        account_kind: 'VIRTUAL',
        page_index: '3',
        page_size: 500,
        reference: 'inv',
        junk: 'x',
      } as never),
    ).toEqual({
      offset: 20,
      search_key: 'customer_id',
      search_value: 'C-1',
      account_number: '222200001234',
      account_name: 'Ravi Kumar',
      account_kind: 'VIRTUAL',
      page_index: 3,
      reference: 'inv',
    });
    expect(allAccountsSearchSchema({ account_number: 'abc', account_kind: 'SAVINGS' } as never)).toEqual({});
  });
});
