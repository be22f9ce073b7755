import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DefaultRange } from '@meridian/contract/lists';
import type { ParamParser } from '@/lib/format/search-params';
import { DAY_FORMATS, formatDay } from '@/lib/format/date';
import { dateFormatPreference, timeZonePreference } from '@/lib/preferences/display';
import { toast } from '@/lib/toast';
import { saveBlob, type ListEndpoints } from './list-endpoints';
import { cleanListSearch, type ListSearch } from './list-search';
import {
  defaultRange,
  resolveListState,
  todayIn,
  toFilterQuery,
  toListQuery,
  withDateRange,
  withFilters,
  withLimit,
  withOffset,
  withSearch,
  withSelected,
  type DateRange,
  type ListState,
} from './list-state';
import { rangeText } from './pagination';
import type { SearchKeyOption } from './toolbar';

/** Rows that select instead of opening a dialog (see DataTableProps `selection`). */
export interface RowSelection<Row> {
  selected: string | undefined;
  onSelect: (row: Row) => void;
  /** The name button's hidden hint, e.g. "show transactions" (default "select"). */
  hint?: string;
}

/** What the list view needs to know of a list (from its definition). */
export interface ListViewConfig<Row> {
  /** The table's name, e.g. "Payouts". */
  title: string;
  endpoints: ListEndpoints<Row>;
  /** Default first. */
  searchKeys: readonly SearchKeyOption[];
  defaultRange: DefaultRange;
  /** The list's filter parameters and their parsers (`filterParsers` of the definition's filters). */
  filterParsers: Record<string, ParamParser<string | undefined>>;
  /** Query parameters kept by the screen itself, sent with the search, the count and the export. */
  params?: Readonly<Record<string, string | undefined>>;
  /** The CSV file name starts with this, e.g. "payouts". */
  exportName: string;
  rowId: (row: Row) => string;
  selection?: RowSelection<Row> | undefined;
  /** The details dialog opens from a row (the screen has one). */
  hasDetails: boolean;
}

const NO_ROWS: never[] = [];

/**
 * The state of one server-driven list: the URL's filter state (dates, one search key and value, the list's
 * filters, paging, the open row) resolved with its defaults in the user's time zone, the search and count
 * queries, the transitions that write the next URL (every filter change goes back to the first page), the
 * refresh, the CSV export and the row that is open or selected.
 */
export function useListView<Row>(
  config: ListViewConfig<Row>,
  routeSearch: ListSearch,
  onSearchChange: (next: ListSearch) => void,
) {
  const { endpoints, rowId, selection } = config;
  const { search, timeZone, dayPattern, today, state } = useResolvedListState(config, routeSearch);
  const [refresh, setRefresh] = useState(0);
  const extra = useMemo(() => nonEmpty(config.params), [config.params]);
  const list = useQuery(endpoints.listQueryOptions({ ...toListQuery(state, timeZone), ...extra }, refresh));
  const count = useQuery(
    endpoints.countQueryOptions({ ...toFilterQuery(state, timeZone), ...extra }, refresh),
  );
  const { downloading, download } = useCsvDownload(config, state, {
    ...toFilterQuery(state, timeZone),
    ...extra,
  });
  const rows: Row[] = list.data ?? NO_ROWS;
  const loading = list.isPending;
  const failed = list.isError && list.data === undefined;

  const openDetails = (id: string) => onSearchChange(withSelected(search, id));
  const select = selection
    ? (id: string) => {
        const row = rows.find((r) => rowId(r) === id);
        if (row !== undefined) selection.onSelect(row);
      }
    : undefined;

  return {
    search,
    state,
    today,
    list,
    count,
    rows,
    loading,
    failed,
    ...listTexts(config, state, dayPattern, { loading, failed, rows: rows.length, count: count.data }),
    /** What activating a row does: select it (selection mode) or open its details. */
    open: select ?? (config.hasDetails ? openDetails : undefined),
    /** The marked row: the selected one (selection mode) or the one whose details are open. */
    marked: selection ? selection.selected : state.selected,
    /** The row whose details are open, when it is on this page. */
    selectedRow: state.selected === undefined ? undefined : rows.find((r) => rowId(r) === state.selected),
    downloading,
    download: () => void download(),
    refresh: () => setRefresh((n) => n + 1),
    setRange: (range: DateRange) =>
      onSearchChange(withDateRange(search, range, defaultRange(today, config.defaultRange))),
    setSearch: (key: string, value: string) => onSearchChange(withSearch(search, key, value)),
    setFilters: (values: Readonly<Record<string, string>>) => onSearchChange(withFilters(search, values)),
    setOffset: (offset: number) => onSearchChange(withOffset(search, offset)),
    setLimit: (limit: number) => onSearchChange(withLimit(search, limit)),
    closeDetails: () => onSearchChange(withSelected(search, undefined)),
  };
}

/** The URL's search, cleaned, and the list state it resolves to in the user's time zone. */
function useResolvedListState<Row>(config: ListViewConfig<Row>, routeSearch: ListSearch) {
  const { searchKeys, filterParsers } = config;
  // Every next URL is built from the clean search: a value the list cannot use is dropped.
  const search = useMemo(() => cleanListSearch(routeSearch, filterParsers), [routeSearch, filterParsers]);
  const timeZone = timeZonePreference.use();
  const dayPattern = DAY_FORMATS[dateFormatPreference.use()];
  const today = todayIn(timeZone);
  const keys = useMemo(() => searchKeys.map((k) => k.value), [searchKeys]);
  const filters = useMemo(() => {
    const values: Record<string, string> = {};
    for (const param of Object.keys(filterParsers)) {
      const value = search[param];
      if (typeof value === 'string') values[param] = value;
    }
    return values;
  }, [search, filterParsers]);
  const state = useMemo(
    () => resolveListState(search, { today, searchKeys: keys, defaultRange: config.defaultRange, filters }),
    [search, today, keys, config.defaultRange, filters],
  );
  return { search, timeZone, dayPattern, today, state };
}

/** The CSV export of the list's filters; a list too big to answer at once becomes a queued report. */
function useCsvDownload<Row>(
  config: ListViewConfig<Row>,
  state: ListState,
  query: Parameters<ListEndpoints<Row>['exportCsv']>[0],
) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await config.endpoints.exportCsv(query);
      // Too many rows to answer at once: the server queued the list's report instead (202 with its urn).
      if (blob.type.startsWith('application/json')) {
        const queued = JSON.parse(await blob.text()) as { report_urn?: string };
        toast.success('The export is being built as a report', {
          description: `Report ${queued.report_urn ?? ''}: download it from Reports › Download history when it is ready.`,
        });
        return;
      }
      saveBlob(blob, `${config.exportName}_${state.startDate}_${state.endDate}.csv`);
    } catch (error) {
      toast.error('The CSV could not be downloaded', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}

/** The list's texts: the search key's label, the table's caption and the screen-reader status. */
function listTexts<Row>(
  config: ListViewConfig<Row>,
  state: ListState,
  dayPattern: string,
  page: { loading: boolean; failed: boolean; rows: number; count: number | undefined },
) {
  const keyLabel = config.searchKeys.find((k) => k.value === state.searchKey)?.label ?? state.searchKey;
  const caption =
    `${config.title} from ${formatDay(state.startDate, dayPattern)} to ${formatDay(state.endDate, dayPattern)}` +
    (state.searchValue !== '' ? `, ${keyLabel} “${state.searchValue}”` : '');
  const name = config.title.toLowerCase();

  let status: string;
  if (page.loading) status = `Loading ${name}…`;
  else if (page.failed) status = '';
  else if (page.rows === 0) status = `No ${name} found`;
  else status = `${config.title}: ${rangeText(state.offset, page.rows, page.count)}`;
  return {
    /** Screen-reader status of the list ("Payouts: 1–10 of 57"). */
    status,
    caption,
    keyLabel,
  };
}

export type ListView<Row> = ReturnType<typeof useListView<Row>>;

/** The non-empty list parameters (stable key order, so equal filters share a cache entry). */
function nonEmpty(params: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(params ?? {}).sort()) {
    const value = params?.[key];
    if (value) out[key] = value;
  }
  return out;
}
