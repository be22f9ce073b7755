import { ScrollRegion } from '@/components/ui/scroll-region';
import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { DAY_FORMATS, formatDay } from '@/lib/format/date';
import { dateFormatPreference, timeZonePreference } from '@/lib/preferences/display';
import { useMediaQuery } from '@/lib/use-media-query';
import { CopyButton } from './copy-button';
import { FetchedDetails, RowDetails, type DetailsQueryOptions } from './details-body';
import { DateRangePicker } from './date-range-picker';
import { saveBlob, type ListEndpoints } from './list-endpoints';
import {
  defaultRange,
  resolveListState,
  todayIn,
  toFilterQuery,
  toListQuery,
  withDateRange,
  withLimit,
  withOffset,
  withSearch,
  withSelected,
  type DefaultRangeKind,
} from './list-state';
import { cleanListSearch, type ListSearch } from './list-search';
import { Pagination, rangeText } from './pagination';
import { CardSkeletons, RowCards, type CardRole } from './row-cards';
import { FilterSelect, SearchForm, ToolbarActions, type SearchKeyOption } from './toolbar';

export interface DataTableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Amounts are right-aligned. */
  align?: 'left' | 'right';
  /**
   * The column that names the row: its cell is the row header and holds the button that opens the details
   * dialog (default: the first column).
   */
  primary?: boolean;
  /** Its place on the row's card on narrow screens (see CardRole); without one it is left off the card. */
  card?: CardRole;
}

interface DataTableDetailsCommon<Row> {
  /** Dialog title, e.g. "Payout PAY01…". */
  title: (id: string, row: Row | undefined) => string;
  /** What the row id is called, for the title's copy button ("URN": "Copy URN"). Default "ID". */
  idLabel?: string;
  /** One line under the title. */
  description?: (id: string, row: Row | undefined) => ReactNode;
  /** What one record is called in the loading and failure states ("payout": "There is no payout …"). */
  noun: string;
}

/**
 * The details dialog of a row. With `query` (the record's details fetcher) the table fetches the record and
 * shows its loading, not-found and retry states, and `render` gets the record; without it, `render` gets the
 * row from the current page (a row not on it cannot be shown, and the dialog says so).
 */
export type DataTableDetails<Row, Detail = Row> = DataTableDetailsCommon<Row> &
  (
    | {
        query: (id: string) => DetailsQueryOptions<Detail>;
        render: (detail: Detail, context: { id: string; row: Row | undefined }) => ReactNode;
      }
    | { query?: undefined; render: (row: Row, context: { id: string }) => ReactNode }
  );

export interface DataTableProps<Row, Detail = Row> {
  /** The table's name (its caption), e.g. "Payouts". */
  title: string;
  endpoints: ListEndpoints<Row>;
  columns: readonly DataTableColumn<Row>[];
  /** The screen's search keys with labels, default first (spec §3). */
  searchKeys: readonly SearchKeyOption[];
  rowId: (row: Row) => string;
  details?: DataTableDetails<Row, Detail>;
  /** Shown when no row matches and no search is active. */
  empty: { title: string; hint?: string };
  /** The CSV file name starts with this, e.g. "payouts". */
  exportName: string;
  /** The range shown when the URL has none (spec §3). Default: the last 7 days including today. */
  defaultRange?: DefaultRangeKind;
  /**
   * The list's own query parameters (e.g. `{ status: 'FAILED' }`), sent with the search, the count and the
   * export; empty values are left out.
   */
  params?: Readonly<Record<string, string | undefined>>;
  /** Extra filter selects in the toolbar (e.g. status, type); the screen keeps their values and passes `params`. */
  filters?: readonly DataTableFilter[];
  /** The filter state from the URL and how to change it (navigate). */
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
  /**
   * Rows that select instead of opening a dialog (e.g. all accounts: the selected account's transactions show
   * beside the list). A row click, its name button or its card calls `onSelect`; the row whose id is
   * `selected` is marked (`aria-current`). The selection is the screen's own state, not the list's.
   */
  selection?: RowSelection<Row>;
}

export interface RowSelection<Row> {
  selected: string | undefined;
  onSelect: (row: Row) => void;
  /** The name button's hidden hint, e.g. "show transactions" (default "select"). */
  hint?: string;
}

export interface DataTableFilter {
  /** Label of the select, e.g. "Status". */
  label: string;
  /** The selected value; '' is "all". */
  value: string;
  options: readonly SearchKeyOption[];
  /** The "all" option's text (default "All"). */
  allLabel?: string;
  onChange: (value: string) => void;
}

const NO_ROWS: never[] = [];
const cellPadding = 'px-3 py-(--table-row-py)';
/** Tailwind's `md` breakpoint: the table from here up, cards below. */
const WIDE_SCREEN = '(min-width: 48rem)';

/**
 * The one server-driven list (GUIDE §4): date range, one search key and value, refresh, CSV download,
 * offset/limit pagination with the count endpoint, loading/empty/error states, and a details dialog for the
 * selected row. All filter state lives in the URL (`search`), so every view can be linked and reloaded.
 * Every call carries the user's time zone; dates are whole days in it. Below 768 px the rows are cards
 * (the columns' `card` roles) instead of a table to scroll sideways.
 */
export function DataTable<Row, Detail = Row>({
  title,
  endpoints,
  columns,
  searchKeys,
  rowId,
  details,
  empty,
  exportName,
  defaultRange: defaultRangeKind,
  params,
  filters,
  search: routeSearch,
  onSearchChange,
  selection,
}: DataTableProps<Row, Detail>) {
  // The router merges the raw parameters of parent routes into a route's search, so values the schema
  // dropped can still be there: parse again, and build every next URL from the clean search.
  const search = useMemo(() => cleanListSearch(routeSearch), [routeSearch]);
  const timeZone = timeZonePreference.use();
  const dayPattern = DAY_FORMATS[dateFormatPreference.use()];
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const today = todayIn(timeZone);
  const keys = useMemo(() => searchKeys.map((k) => k.value), [searchKeys]);
  const state = useMemo(
    () => resolveListState(search, { today, searchKeys: keys, defaultRange: defaultRangeKind }),
    [search, today, keys, defaultRangeKind],
  );
  const [refresh, setRefresh] = useState(0);
  const [downloading, setDownloading] = useState(false);

  const extra = useMemo(() => withParams(params), [params]);
  const list = useQuery(endpoints.listQueryOptions({ ...toListQuery(state, timeZone), ...extra }, refresh));
  const count = useQuery(
    endpoints.countQueryOptions({ ...toFilterQuery(state, timeZone), ...extra }, refresh),
  );
  const rows: Row[] = list.data ?? NO_ROWS;

  const primaryId = (columns.find((c) => c.primary) ?? columns[0])?.id;
  const columnDefs = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        cell: ({ row }) => c.cell(row.original),
      })),
    [columns],
  );
  const table = useReactTable({
    data: rows,
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => rowId(row),
    manualPagination: true,
    rowCount: count.data ?? -1,
  });

  const openDetails = (id: string) => onSearchChange(withSelected(search, id));
  const select = selection
    ? (id: string) => {
        const row = rows.find((r) => rowId(r) === id);
        if (row !== undefined) selection.onSelect(row);
      }
    : undefined;
  /** What activating a row does: select it (selection mode) or open its details. */
  const open = select ?? (details ? openDetails : undefined);
  const marked = selection ? selection.selected : state.selected;
  const selectedRow =
    state.selected === undefined ? undefined : rows.find((r) => rowId(r) === state.selected);
  const name = title.toLowerCase();
  const keyLabel = searchKeys.find((k) => k.value === state.searchKey)?.label ?? state.searchKey;
  const columnMeta = new Map(columns.map((c) => [c.id, c]));
  const loading = list.isPending;
  const failed = list.isError && list.data === undefined;

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await endpoints.exportCsv({ ...toFilterQuery(state, timeZone), ...extra });
      // Too many rows to answer at once: the server queued the list's report instead (202 with its urn).
      if (blob.type.startsWith('application/json')) {
        const queued = JSON.parse(await blob.text()) as { report_urn?: string };
        toast.success('The export is being built as a report', {
          description: `Report ${queued.report_urn ?? ''}: download it from Reports › Download history when it is ready.`,
        });
        return;
      }
      saveBlob(blob, `${exportName}_${state.startDate}_${state.endDate}.csv`);
    } catch (error) {
      toast.error('The CSV could not be downloaded', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setDownloading(false);
    }
  };

  let status: string;
  if (loading) status = `Loading ${name}…`;
  else if (failed) status = '';
  else if (rows.length === 0) status = `No ${name} found`;
  else status = `${title}: ${rangeText(state.offset, rows.length, count.data)}`;

  /** The failure or empty state, in a table cell or a card. */
  let message: ReactNode = null;
  if (failed) {
    message = (
      <div role="alert" className="flex flex-col items-start gap-3 p-6">
        <p>
          {title} could not be loaded: {list.error?.message ?? 'unknown error'}
        </p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!loading && rows.length === 0) {
    message = (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <p className="font-medium">
          {state.searchValue !== ''
            ? `No ${name} match ${keyLabel} “${state.searchValue}” in this date range`
            : state.offset > 0
              ? 'No rows on this page'
              : empty.title}
        </p>
        <p className="max-w-md text-muted-foreground">
          {state.searchValue !== ''
            ? 'Check the value, pick another key or widen the date range.'
            : state.offset > 0
              ? 'The list is shorter than this page.'
              : (empty.hint ?? 'Try a wider date range.')}
        </p>
        {state.offset > 0 && (
          <Button variant="outline" onClick={() => onSearchChange(withOffset(search, 0))}>
            Go to the first page
          </Button>
        )}
      </div>
    );
  }

  const caption =
    `${title} from ${formatDay(state.startDate, dayPattern)} to ${formatDay(state.endDate, dayPattern)}` +
    (state.searchValue !== '' ? `, ${keyLabel} “${state.searchValue}”` : '');
  const skeletons = Math.min(state.limit, 10);

  let rowsView: ReactNode;
  if (!wide) {
    rowsView = loading ? (
      <CardSkeletons count={skeletons} />
    ) : message !== null ? (
      <div className="rounded-xl border bg-card">{message}</div>
    ) : (
      <RowCards
        label={caption}
        rows={rows}
        columns={columns}
        rowId={rowId}
        selected={marked}
        onOpen={open}
        selects={selection !== undefined}
        busy={list.isFetching}
        dimmed={list.isPlaceholderData}
      />
    );
  } else {
    let body: ReactNode;
    if (loading) {
      body = Array.from({ length: skeletons }, (_, i) => (
        <tr key={i} className="border-t">
          {columns.map((c) => (
            <td key={c.id} className={cellPadding}>
              <Skeleton className="h-4 w-full min-w-12" />
            </td>
          ))}
        </tr>
      ));
    } else if (message !== null) {
      body = (
        <tr className="border-t">
          <td colSpan={columns.length}>{message}</td>
        </tr>
      );
    } else {
      body = table.getRowModel().rows.map((row) => (
        <tr
          key={row.id}
          data-selected={row.id === marked || undefined}
          aria-current={(selection && row.id === marked) || undefined}
          onClick={open ? () => open(row.id) : undefined}
          className={cx(
            'border-t transition-colors data-[selected]:bg-muted',
            open && 'cursor-pointer hover:bg-muted/50',
          )}
        >
          {row.getVisibleCells().map((cell) => {
            const meta = columnMeta.get(cell.column.id);
            const content = flexRender(cell.column.columnDef.cell, cell.getContext());
            const align = meta?.align === 'right' ? 'text-right' : 'text-left';
            if (cell.column.id !== primaryId) {
              return (
                <td key={cell.id} className={cx(cellPadding, 'align-top', align)}>
                  {content}
                </td>
              );
            }
            return (
              <th key={cell.id} scope="row" className={cx(cellPadding, 'align-top font-normal', align)}>
                {open ? (
                  <button
                    type="button"
                    aria-haspopup={selection ? undefined : 'dialog'}
                    aria-pressed={selection ? row.id === marked : undefined}
                    onClick={(event) => {
                      event.stopPropagation();
                      open(row.id);
                    }}
                    className="rounded-sm text-left font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {content}
                    <span className="sr-only">
                      {selection ? ` (${selection.hint ?? 'select'})` : ' (open details)'}
                    </span>
                  </button>
                ) : (
                  content
                )}
              </th>
            );
          })}
        </tr>
      ));
    }
    rowsView = (
      <ScrollRegion label={caption}>
        <table
          className={cx('w-full text-sm', list.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={list.isFetching || undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className={cx(
                      'h-10 px-3 font-medium whitespace-nowrap text-muted-foreground',
                      columnMeta.get(header.column.id)?.align === 'right' ? 'text-right' : 'text-left',
                    )}
                  >
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>{body}</tbody>
        </table>
      </ScrollRegion>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
          <DateRangePicker
            range={{ start: state.startDate, end: state.endDate }}
            today={today}
            onChange={(range) =>
              onSearchChange(withDateRange(search, range, defaultRange(today, defaultRangeKind)))
            }
          />
          <SearchForm
            name={name}
            keys={searchKeys}
            activeKey={state.searchKey}
            activeValue={state.searchValue}
            onSearch={(key, value) => onSearchChange(withSearch(search, key, value))}
          />
          {filters?.map((f) => (
            <FilterSelect key={f.label} filter={f} />
          ))}
        </div>
        <ToolbarActions
          refreshing={list.isFetching && !loading}
          downloading={downloading}
          onRefresh={() => setRefresh((n) => n + 1)}
          onDownload={() => void download()}
        />
      </div>

      <p role="status" className="sr-only">
        {status}
      </p>
      {rowsView}
      {!failed && (
        <Pagination
          offset={state.offset}
          limit={state.limit}
          rows={rows.length}
          count={count.data}
          onOffset={(offset) => onSearchChange(withOffset(search, offset))}
          onLimit={(limit) => onSearchChange(withLimit(search, limit))}
          label={`Pages of ${name}`}
        />
      )}

      {details && (
        <Dialog
          open={state.selected !== undefined}
          onOpenChange={(isOpen) => {
            if (!isOpen) onSearchChange(withSelected(search, undefined));
          }}
        >
          {state.selected !== undefined && (
            <DialogContent
              layout={null}
              className="top-1/2 left-1/2 max-h-[90svh] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 grid-cols-1 gap-4 overflow-y-auto rounded-lg p-4 sm:max-w-3xl sm:p-6"
            >
              <DialogHeader className="pr-8">
                <div className="flex items-start gap-1">
                  <DialogTitle className="min-w-0 py-1.5 leading-snug wrap-anywhere">
                    {details.title(state.selected, selectedRow)}
                  </DialogTitle>
                  <CopyButton value={state.selected} label={`Copy ${details.idLabel ?? 'ID'}`} />
                </div>
                <DialogDescription>
                  {details.description?.(state.selected, selectedRow) ?? 'Details of the selected row'}
                </DialogDescription>
              </DialogHeader>
              <DetailsDialogBody details={details} id={state.selected} row={selectedRow} />
            </DialogContent>
          )}
        </Dialog>
      )}
    </div>
  );
}

function DetailsDialogBody<Row, Detail>({
  details,
  id,
  row,
}: {
  details: DataTableDetails<Row, Detail>;
  id: string;
  row: Row | undefined;
}) {
  if (details.query) {
    return (
      <FetchedDetails id={id} noun={details.noun} query={details.query(id)}>
        {(detail) => details.render(detail, { id, row })}
      </FetchedDetails>
    );
  }
  return (
    <RowDetails id={id} noun={details.noun} row={row}>
      {(r) => details.render(r, { id })}
    </RowDetails>
  );
}

/** The non-empty list parameters (stable key order, so equal filters share a cache entry). */
function withParams(
  params: Readonly<Record<string, string | undefined>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(params ?? {}).sort()) {
    const value = params?.[key];
    if (value) out[key] = value;
  }
  return out;
}
