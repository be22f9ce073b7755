import { useMemo, type ReactNode } from 'react';
import { withProvider, type ListDef } from '@meridian/contract/lists';
import { PROVIDER } from '@/lib/env';
import { useMediaQuery } from '@/lib/use-media-query';
import { ColumnPicker } from './column-picker';
import { useColumnVisibility } from './column-visibility';
import { columnsOf, type ColumnKey, type ColumnOverrides, type TableColumn } from './columns';
import { DateRangePicker } from './date-range-picker';
import { DetailsDialog, type DataTableDetails } from './details-dialog';
import type { ListEndpoints } from './list-endpoints';
import { ListFilters } from './list-filters';
import { ListEmpty, ListFailure } from './list-message';
import { cleanListSearch, filterParsers, type ListSearch } from './list-search';
import { ListTable } from './list-table';
import { Pagination } from './pagination';
import { CardSkeletons, RowCards } from './row-cards';
import { SavedViews } from './saved-views';
import { FilterSelect, SearchForm, ToolbarActions, type SearchKeyOption } from './toolbar';
import { useListView, type ListView, type ListViewConfig, type RowSelection } from './use-list-view';

export type { DataTableDetails } from './details-dialog';
export type { RowSelection } from './use-list-view';

export type { DataTableColumn } from './columns';

/** A filter select kept by the screen itself (its value in `params`), beside the list's own filters. */
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

interface CommonProps<Row, Detail> {
  endpoints: ListEndpoints<Row>;
  rowId: (row: Row) => string;
  details?: DataTableDetails<Row, Detail>;
  /** Shown when no row matches and no search or filter is active. */
  empty: { title: string; hint?: string };
  /** The filter state from the URL and how to change it (navigate). */
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
  /**
   * Rows that select instead of opening a dialog (e.g. all accounts: the selected account's transactions show
   * beside the list). A row click, its name button or its card calls `onSelect`; the row whose id is
   * `selected` is marked (`aria-current`). The selection is the screen's own state, not the list's.
   */
  selection?: RowSelection<Row>;
  /** Query parameters the screen keeps itself, sent with the search, the count and the export. */
  params?: Readonly<Record<string, string | undefined>>;
  /** Filter selects the screen keeps itself (their values in `params`). */
  filters?: readonly DataTableFilter[];
}

/**
 * A list with a definition (`defineList` in the contract): its title, search keys, default range, filters,
 * export name and columns come from `list`; the page passes only the cells it draws itself and the colours of
 * its statuses (see ColumnOverrides).
 */
export interface ListDataTableProps<Row, Detail, D extends ListDef>
  extends CommonProps<Row, Detail>, ColumnOverrides<Row, ColumnKey<D>> {
  list: D;
  /**
   * A page with two lists: the accessible names of this list's filters and Views name the list ("Status of
   * line items", "Saved views of line items"), so that the two lists' controls differ; visible labels stay.
   */
  namesList?: boolean;
  /** The URL search of a link to a saved view of this list, where the page keeps more in its URL (SavedViews). */
  viewLink?: (view: Record<string, string>) => Record<string, unknown>;
}

export type DataTableProps<Row, Detail = Row, D extends ListDef = ListDef> = ListDataTableProps<
  Row,
  Detail,
  D
>;

/** Tailwind's `md` breakpoint: the table from here up, cards below. */
const WIDE_SCREEN = '(min-width: 48rem)';

/** Title, search keys, columns… of the list's definition with the page's overrides. */
function useListShape<Row, Detail, D extends ListDef>(props: DataTableProps<Row, Detail, D>) {
  const { list, cells, statusVariants, primary, cards, namesList, viewLink } = props;
  const columns = useMemo<TableColumn<Row>[]>(
    () => columnsOf(list, { cells, statusVariants, primary, cards } as ColumnOverrides<Row>),
    [list, cells, statusVariants, primary, cards],
  );
  const searchKeys = useMemo<readonly SearchKeyOption[]>(
    () => list.searchKeys.map((k) => ({ value: withProvider(k.key, PROVIDER), label: k.label })),
    [list],
  );
  const parsers = useMemo(() => filterParsers(list.filters), [list]);
  return {
    list,
    title: list.title,
    exportName: list.name,
    defaultRange: list.defaultRange,
    columns,
    searchKeys,
    parsers,
    /** The list's name in its controls' accessible names (see `namesList`). */
    of: namesList ? list.title.toLowerCase() : undefined,
    viewLink,
  };
}

/**
 * The one server-driven list: date range, one search key and value, the list's filters, refresh,
 * CSV download, offset/limit pagination with the count endpoint, loading/empty/error states, a column picker
 * and a details dialog for the selected row. All filter state lives in the URL (`search`), so every view can
 * be linked and reloaded; every call carries the user's time zone, and dates are whole days in it. The table
 * shows priority-1 and -2 columns (the picker shows or hides any); below 768 px the rows are cards.
 */
export function DataTable<Row, Detail = Row, const D extends ListDef = ListDef>(
  props: DataTableProps<Row, Detail, D>,
) {
  const { endpoints, rowId, details, empty, search, onSearchChange, selection, params, filters } = props;
  const shape = useListShape(props);
  const { title, columns } = shape;
  const config: ListViewConfig<Row> = {
    title,
    endpoints,
    searchKeys: shape.searchKeys,
    defaultRange: shape.defaultRange,
    filterParsers: shape.parsers,
    params,
    exportName: shape.exportName,
    rowId,
    selection,
    hasDetails: details !== undefined,
  };
  const view = useListView(config, search, onSearchChange);
  const { state, rows, failed } = view;
  const columnChoice = useColumnVisibility(shape.exportName, columns);
  const { visible } = columnChoice;
  const shown = useMemo(() => columns.filter((c) => visible.has(c.id)), [columns, visible]);
  const name = title.toLowerCase();

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ListToolbar
        shape={shape}
        view={view}
        name={name}
        filters={filters}
        columnChoice={columnChoice}
        onSearchChange={onSearchChange}
      />

      <p role="status" className="sr-only">
        {view.status}
      </p>
      <ListRows
        view={view}
        shown={shown}
        rowId={rowId}
        selection={selection}
        message={listMessage(view, title, empty)}
      />
      {!failed && (
        <Pagination
          offset={state.offset}
          limit={state.limit}
          rows={rows.length}
          count={view.count.data}
          onOffset={view.setOffset}
          onLimit={view.setLimit}
          label={`Pages of ${name}`}
        />
      )}

      {details && (
        <DetailsDialog
          details={details}
          id={state.selected}
          row={view.selectedRow}
          columns={columns}
          onClose={view.closeDetails}
        />
      )}
    </div>
  );
}

type ListShape<Row> = ReturnType<typeof useListShape<Row, unknown, ListDef>>;

/** What shows instead of rows: the failure, or the empty list (null while loading or with rows). */
function listMessage<Row>(
  view: ListView<Row>,
  title: string,
  empty: { title: string; hint?: string },
): ReactNode {
  const { state, list } = view;
  if (view.failed)
    return <ListFailure title={title} message={list.error?.message} onRetry={() => void list.refetch()} />;
  if (view.loading || view.rows.length > 0) return null;
  return (
    <ListEmpty
      search={state.searchValue !== '' ? { label: view.keyLabel, value: state.searchValue } : undefined}
      offset={state.offset}
      filtered={Object.keys(state.filters).length > 0}
      empty={empty}
      onFirstPage={() => view.setOffset(0)}
    />
  );
}

/** The rows: a table from the `md` breakpoint up, cards below (skeletons while loading, or the message). */
function ListRows<Row>({
  view,
  shown,
  rowId,
  selection,
  message,
}: {
  view: ListView<Row>;
  shown: TableColumn<Row>[];
  rowId: (row: Row) => string;
  selection: RowSelection<Row> | undefined;
  message: ReactNode;
}) {
  const { list, rows, loading } = view;
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const skeletons = Math.min(view.state.limit, 10);
  if (wide)
    return (
      <ListTable
        caption={view.caption}
        columns={shown}
        rows={rows}
        rowId={rowId}
        loading={loading}
        skeletons={skeletons}
        message={message}
        marked={view.marked}
        onOpen={view.open}
        selectionHint={selection ? (selection.hint ?? 'select') : undefined}
        busy={list.isFetching}
        dimmed={list.isPlaceholderData}
      />
    );
  if (loading) return <CardSkeletons count={skeletons} />;
  if (message !== null) return <div className="rounded-xl border bg-card">{message}</div>;
  return (
    <RowCards
      label={view.caption}
      rows={rows}
      columns={shown}
      rowId={rowId}
      selected={view.marked}
      onOpen={view.open}
      selects={selection !== undefined}
      busy={list.isFetching}
      dimmed={list.isPlaceholderData}
    />
  );
}

/** Above the rows: the date range, search and filters; then the saved views, columns, refresh and download. */
function ListToolbar<Row>({
  shape,
  view,
  name,
  filters,
  columnChoice,
  onSearchChange,
}: {
  shape: ListShape<Row>;
  view: ListView<Row>;
  name: string;
  filters: readonly DataTableFilter[] | undefined;
  columnChoice: ReturnType<typeof useColumnVisibility>;
  onSearchChange: (next: ListSearch) => void;
}) {
  const { state, list } = view;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex min-w-0 flex-wrap items-end gap-x-6 gap-y-3">
        <DateRangePicker
          range={{ start: state.startDate, end: state.endDate }}
          today={view.today}
          onChange={view.setRange}
        />
        <SearchForm
          name={name}
          keys={shape.searchKeys}
          activeKey={state.searchKey}
          activeValue={state.searchValue}
          onSearch={view.setSearch}
        />
        {shape.list.filters && (
          <ListFilters
            filters={shape.list.filters}
            values={state.filters}
            onChange={view.setFilters}
            of={shape.of}
          />
        )}
        {filters?.map((f) => (
          <FilterSelect key={f.label} filter={f} of={shape.of} />
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SavedViews
          listName={shape.list.name}
          search={view.search}
          // A view's values are text: parsed like a URL, so numbers are numbers again.
          onApply={(next) => onSearchChange(cleanListSearch(next, shape.parsers))}
          linkSearch={shape.viewLink}
          of={shape.of}
        />
        <ColumnPicker
          listTitle={shape.title}
          columns={shape.columns}
          visible={columnChoice.visible}
          onChange={columnChoice.setShown}
        />
        <ToolbarActions
          refreshing={list.isFetching && !view.loading}
          downloading={view.downloading}
          onRefresh={view.refresh}
          onDownload={view.download}
        />
      </div>
    </div>
  );
}
