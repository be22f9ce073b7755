import { describe, expect, it } from 'vitest';
import {
  bulkCapabilitiesSearchSchema,
  lineItemsTableSearch,
  resolveBulkState,
  toLineItemsSearch,
  withBulk,
  withBulkListSearch,
  withLineItemsSearch,
  type BulkCapabilitiesSearch,
  type SelectedBulk,
} from './bulk-state';

/** A search of the screen (the transitions keep the type they are given). */
const at = (search: BulkCapabilitiesSearch = {}): BulkCapabilitiesSearch => search;

const A: SelectedBulk = { urn: 'BLK01AAAA', type: 'csv', day: '2025-09-01' };
const B: SelectedBulk = { urn: 'BLK01BBBB', type: 'xlsx', day: '2025-09-03' };

describe('bulk capabilities state', () => {
  it('defaults to no bulk and no line-item filter', () => {
    expect(resolveBulkState({})).toEqual({ bulk: undefined, items: {} });
  });

  it('holds the selected bulk urn and type (and the day it was created)', () => {
    const search = withBulk({}, A);
    expect(search).toEqual({ bulk_urn: A.urn, bulk_type: 'csv', bulk_day: '2025-09-01' });
    expect(resolveBulkState(search).bulk).toEqual(A);
  });

  it('selecting another bulk resets paging, search and filters of the line items; the bulk list keeps its own', () => {
    let search: BulkCapabilitiesSearch = withBulk({ offset: 20, search_value: 'BLK' }, A);
    search = withLineItemsSearch(search, {
      offset: 30,
      limit: 25,
      search_key: 'bank_reference_number',
      search_value: 'UTR1',
      status: 'FAILURE',
    });
    expect(search.li_status).toBe('FAILURE');
    const state = resolveBulkState(search);
    expect(state.items).toEqual({
      offset: 30,
      limit: 25,
      search_key: 'bank_reference_number',
      search_value: 'UTR1',
      status: 'FAILURE',
    });

    const next = withBulk(search, B);
    expect(next).toEqual({
      offset: 20,
      search_value: 'BLK',
      bulk_urn: B.urn,
      bulk_type: 'xlsx',
      bulk_day: '2025-09-03',
    });
    expect(resolveBulkState(next)).toEqual({ bulk: B, items: {} });
  });

  it('selecting the selected bulk keeps its line items where they are', () => {
    const search = withLineItemsSearch(withBulk({}, A), { offset: 10 });
    expect(withBulk(search, A)).toBe(search);
  });

  it('clearing the selection drops the line items state', () => {
    const search = withLineItemsSearch(withBulk(at({ limit: 25 }), A), { offset: 10, status: 'SUCCESS' });
    expect(withBulk(search, undefined)).toEqual({ limit: 25 });
  });

  it("the two lists' statuses do not meet: the bulk list's is `status`, the line items' `li_status`", () => {
    const search = withLineItemsSearch(withBulk(at({ status: 'COMPLETED' }), A), {
      offset: 10,
      status: 'REJECTED',
    });
    expect(search).toMatchObject({ status: 'COMPLETED', li_status: 'REJECTED', li_offset: 10 });
    expect(toLineItemsSearch(search)).toEqual({ offset: 10, status: 'REJECTED' });
    // The line items' table clears its status: the bulk list keeps its own.
    const cleared = withLineItemsSearch(search, { offset: 0 });
    expect(cleared.li_status).toBeUndefined();
    expect(cleared.status).toBe('COMPLETED');
    // And the other way round.
    expect(withBulkListSearch(search, {})).toMatchObject({ li_status: 'REJECTED' });
    expect(withBulkListSearch(search, {}).status).toBeUndefined();
  });

  it('the bulk list filter changes keep the selected bulk and its line items', () => {
    const search = withLineItemsSearch(withBulk(at({ offset: 10 }), A), { offset: 10 });
    expect(withBulkListSearch(search, { search_value: 'BLK01' })).toEqual({
      search_value: 'BLK01',
      bulk_urn: A.urn,
      bulk_type: 'csv',
      bulk_day: '2025-09-01',
      li_offset: 10,
    });
  });

  it('line items start on the day the bulk was created unless dates are chosen', () => {
    expect(lineItemsTableSearch(resolveBulkState(withBulk({}, A)))).toEqual({ start_date: '2025-09-01' });
    const dated = withLineItemsSearch(withBulk({}, A), { start_date: '2025-09-02', end_date: '2025-09-02' });
    expect(lineItemsTableSearch(resolveBulkState(dated))).toEqual({
      start_date: '2025-09-02',
      end_date: '2025-09-02',
    });
  });

  it('parses the URL: usable bulk and line-item parameters are kept, the rest dropped', () => {
    expect(
      bulkCapabilitiesSearchSchema({
        offset: '10',
        status: 'FAILED',
        bulk_urn: 'BLK01AAAA',
        bulk_type: 'xlsx',
        bulk_day: '2025-09-01',
        li_offset: '20',
        li_limit: 500,
        li_search_key: 'bank_reference_number',
        li_search_value: ' UTR9 ',
        li_status: 'FAILURE',
        li_selected: 'x',
        junk: 1,
      }),
    ).toEqual({
      offset: 10,
      status: 'FAILED',
      bulk_urn: 'BLK01AAAA',
      bulk_type: 'xlsx',
      bulk_day: '2025-09-01',
      li_offset: 20,
      li_search_key: 'bank_reference_number',
      li_search_value: 'UTR9',
      li_status: 'FAILURE',
    });
    expect(bulkCapabilitiesSearchSchema({ bulk_urn: 'bad urn!', li_offset: '20', bulk_type: 'pdf' })).toEqual(
      {},
    );
    // Each list's status is one of its own definition's.
    expect(
      bulkCapabilitiesSearchSchema({ status: 'SETTLED', bulk_urn: 'BLK01AAAA', li_status: 'COMPLETED' }),
    ).toEqual({ bulk_urn: 'BLK01AAAA' });
  });
});
