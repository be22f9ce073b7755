export { SettlementsPage } from './settlements-page';
export type { SettlementHistorySearch } from './history-table';
