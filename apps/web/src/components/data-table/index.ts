export {
  DataTable,
  type DataTableColumn,
  type DataTableDetails,
  type DataTableFilter,
  type DataTableProps,
  type ListDataTableProps,
  type RowSelection,
} from './data-table';
export { Pagination, pageText, rangeText } from './pagination';
export { createListEndpoints, parseCount, saveBlob, type ListEndpoints } from './list-endpoints';
export { Code, DateText, DateTimeText, DetailList, MoneyText, StatusBadge } from './cells';
export type { ColumnKey, ColumnOverrides, StatusVariants } from './columns';
export type { SearchKeyOption } from './toolbar';
export { listSearchSchema, type ListFilterValues, type ListSearch } from './list-search';
export { resolveListState, todayIn, type ListState } from './list-state';
export type { CardRole } from './row-cards';
export { DetailsSkeleton, FetchedDetails, RowDetails, type DetailsQueryOptions } from './details-body';
