/**
 * The state of /flow/bulk-capabilities as pure functions on its URL search: the bulk list's filter (the
 * DataTable's `ListSearch` with BULK_PAYOUTS_LIST's filters), the selected bulk (its urn and file type,
 * and the day it was created, where its line items start) and the line items' own filter (`li_`-prefixed:
 * offset, limit, search key and value, dates and BULK_LINE_ITEMS_LIST's filters, `li_status`), so that the two
 * lists' parameters of the same name (`status`, `offset`…) never meet in the one URL. Selecting another bulk,
 * or clearing the selection, resets the line items' paging, search and filters; selecting the bulk
 * already selected changes nothing.
 */
import { cleanListSearch, filterParsers, text, type ListSearch } from '@/components/data-table/list-search';
import { searchSchema, type ParamParser } from '@/lib/format/search-params';
import { BULK_LINE_ITEMS_LIST, BULK_PAYOUTS_LIST, type BulkFormat } from '@meridian/contract/bulk';

export interface SelectedBulk {
  urn: string;
  type: BulkFormat;
  /** The day (YYYY-MM-DD, user's time zone) it was created: its line items' default start date. */
  day?: string | undefined;
}

/** The selected bulk and its line items' filter as kept in the URL (defaults left out). */
export interface BulkItemsSearch {
  bulk_urn?: string;
  bulk_type?: BulkFormat;
  bulk_day?: string;
  li_start_date?: string;
  li_end_date?: string;
  li_offset?: number;
  li_limit?: number;
  li_search_key?: string;
  li_search_value?: string;
  li_status?: string;
}

export type BulkCapabilitiesSearch = ListSearch & BulkItemsSearch;

const PREFIX = 'li_';
/** The lists' filter parameters and their parsers (from their definitions). */
const BULK_FILTERS = filterParsers(BULK_PAYOUTS_LIST.filters);
const LINE_ITEM_FILTERS = filterParsers(BULK_LINE_ITEMS_LIST.filters);
/** The line items' parameters as the DataTable names them; in the URL they carry the prefix. */
const LINE_ITEM_PARAMS = [
  'start_date',
  'end_date',
  'offset',
  'limit',
  'search_key',
  'search_value',
  ...Object.keys(LINE_ITEM_FILTERS),
];
const LINE_ITEM_KEYS = LINE_ITEM_PARAMS.map((param) => PREFIX + param);
const BULK_KEYS = ['bulk_urn', 'bulk_type', 'bulk_day', ...LINE_ITEM_KEYS];

const urnParam: ParamParser<string | undefined> = (value) => {
  const v = text(value)?.trim();
  return v && /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : undefined;
};
const typeParam: ParamParser<BulkFormat | undefined> = (value) =>
  value === 'csv' || value === 'xlsx' ? value : undefined;
const dayParam: ParamParser<string | undefined> = (value) => {
  const v = text(value);
  return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
};
const bulkPartSchema = searchSchema({
  bulk_urn: urnParam,
  bulk_type: typeParam,
  bulk_day: dayParam,
});

/** Parses the whole URL search of the screen; unusable values are dropped. */
export function bulkCapabilitiesSearchSchema(input: Record<string, unknown>): BulkCapabilitiesSearch {
  const own = bulkPartSchema(input as Parameters<typeof bulkPartSchema>[0]);
  const items = toLineItemsSearch(input as BulkItemsSearch);
  const out: BulkCapabilitiesSearch = {
    ...cleanListSearch(input, BULK_FILTERS),
    ...own,
    ...withLineItemsSearch({}, items),
  };
  // Without a bulk there are no line items to filter.
  return out.bulk_urn === undefined ? without(out, ...BULK_KEYS) : out;
}

function without<S extends object>(search: S, ...keys: readonly string[]): S {
  const next = { ...search } as Record<string, unknown>;
  for (const key of keys) delete next[key];
  return next as S;
}

export interface BulkItemsState {
  bulk: SelectedBulk | undefined;
  /** The line items' filter, in the DataTable's terms (`li_status` is its `status`). */
  items: ListSearch;
}

export function resolveBulkState(search: BulkCapabilitiesSearch): BulkItemsState {
  return {
    bulk:
      search.bulk_urn === undefined
        ? undefined
        : { urn: search.bulk_urn, type: search.bulk_type ?? 'csv', day: search.bulk_day },
    items: toLineItemsSearch(search),
  };
}

/**
 * Selects a bulk (or clears the selection with undefined): paging, search and filters of the line items start
 * again. The bulk list's own filter stays. Selecting the selected bulk keeps everything.
 */
export function withBulk<S extends BulkCapabilitiesSearch>(search: S, bulk: SelectedBulk | undefined): S {
  if (bulk !== undefined && search.bulk_urn === bulk.urn) return search;
  const next = without(search, ...BULK_KEYS);
  if (bulk === undefined) return next;
  return {
    ...next,
    bulk_urn: bulk.urn,
    bulk_type: bulk.type,
    ...(bulk.day ? { bulk_day: bulk.day } : {}),
  };
}

/** The line items' filter as the DataTable sees it (the `li_` keys without their prefix; bad values dropped). */
export function toLineItemsSearch(search: BulkItemsSearch): ListSearch {
  const raw: Record<string, unknown> = {};
  for (const param of LINE_ITEM_PARAMS) {
    const value = (search as Record<string, unknown>)[PREFIX + param];
    if (value !== undefined) raw[param] = value;
  }
  return cleanListSearch(raw, LINE_ITEM_FILTERS);
}

/** The DataTable's next line-item filter back into the URL search (the `selected` dialog is not used). */
export function withLineItemsSearch<S extends BulkItemsSearch>(search: S, items: ListSearch): S {
  const next = without(search, ...LINE_ITEM_KEYS) as Record<string, unknown>;
  for (const [key, value] of Object.entries(items)) {
    if (LINE_ITEM_PARAMS.includes(key) && value !== undefined) next[PREFIX + key] = value;
  }
  return next as S;
}

/** The bulk list's next filter, keeping the selected bulk and its line items' state. */
export function withBulkListSearch(search: BulkCapabilitiesSearch, list: ListSearch): BulkCapabilitiesSearch {
  const kept: BulkCapabilitiesSearch = { ...list };
  for (const key of BULK_KEYS) {
    if (search[key] !== undefined) (kept as Record<string, unknown>)[key] = search[key];
  }
  return kept;
}

/**
 * The line items' filter as the DataTable gets it: without dates of its own, the range starts on the day the
 * bulk was created (a bulk's rows are paid from then on), not the last 7 days.
 */
export function lineItemsTableSearch(state: BulkItemsState): ListSearch {
  const day = state.bulk?.day;
  if (day === undefined || state.items.start_date !== undefined || state.items.end_date !== undefined) {
    return state.items;
  }
  return { ...state.items, start_date: day };
}
