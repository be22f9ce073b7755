import { PageFrame } from '@/components/layout/page-frame';
import { CyclesSection } from './cycles-section';
import { SettlementHistory, type SettlementHistorySearch } from './history-table';
import { SettlementAccountCard } from './settlement-account-card';

/** /accounts/settlements: the settlement account, the cycles that settle collections, and their history. */
export function SettlementsPage({
  search,
  onSearchChange,
}: {
  search: SettlementHistorySearch;
  onSearchChange: (next: SettlementHistorySearch) => void;
}) {
  return (
    <PageFrame
      title="Settlements"
      description="Where collections are settled, when, and every settlement with its bank reference."
      breadcrumb={[{ label: 'Accounts', to: '/accounts' }, { label: 'Settlements' }]}
    >
      <SettlementAccountCard />
      <CyclesSection />
      <SettlementHistory search={search} onSearchChange={onSearchChange} />
    </PageFrame>
  );
}
