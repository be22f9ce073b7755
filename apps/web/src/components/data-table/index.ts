export {
  DataTable,
  type DataTableColumn,
  type DataTableDetails,
  type DataTableProps,
  type RowSelection,
} from './data-table';
export { Pagination, pageText, rangeText } from './pagination';
export { createListEndpoints, parseCount, saveBlob, type ListEndpoints } from './list-endpoints';
export { Code, DateTimeText, DetailList, MoneyText, StatusBadge } from './cells';
export type { SearchKeyOption } from './toolbar';
export { listSearchSchema, type ListSearch } from './list-search';
export { resolveListState, todayIn, type DefaultRangeKind, type ListState } from './list-state';
export type { CardRole } from './row-cards';
export { DetailsSkeleton, FetchedDetails, RowDetails, type DetailsQueryOptions } from './details-body';
