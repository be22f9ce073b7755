import { Link } from '@tanstack/react-router';
import { APPROVALS_LIST, type ApprovalRecord, type ApprovalRequest } from '@meridian/contract/approvals';
import {
  DataTable,
  StatusBadge,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { Can } from '@/components/permissions/can';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/api/user-details';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { approvalsEndpoints, requestQueryOptions } from './api';
import { actionLabel, APPROVAL_STATUS_VARIANTS, sourceLabel, statusLabel } from './labels';
import { InboxTab } from './inbox-tab';
import { RequestDetails } from './request-details';
import type { ApprovalsSearch, ApprovalsTab } from './search';

const HISTORY_COLUMNS: ColumnOverrides<ApprovalRecord, ColumnKey<typeof APPROVALS_LIST>> = {
  cells: {
    action: (r) => actionLabel(r.action),
    source: (r) => sourceLabel(r.source),
    status: (r) => (
      <StatusBadge status={r.status} variants={APPROVAL_STATUS_VARIANTS} label={statusLabel(r.status)} />
    ),
  },
  primary: 'summary',
  cards: { summary: 'primary', requested_by: 'secondary' },
};

const HISTORY_DETAILS: DataTableDetails<ApprovalRecord, ApprovalRequest> = {
  title: (urn, row) => (row ? actionLabel(row.action) : `Request ${urn}`),
  idLabel: 'URN',
  description: (urn, row) => row?.summary ?? urn,
  noun: 'approval request',
  query: requestQueryOptions,
  row: (request) => request,
  render: (request) => <RequestDetails request={request} />,
};

/**
 * /approvals: the inbox (the requests waiting for the signed-in member: select many and approve them with one
 * confirmation, or open one to see its steps, decisions and diff and approve or reject it with a reason) and the
 * history of every request of the company, filterable by status.
 */
export function ApprovalsPage({
  search,
  onSearchChange,
}: {
  search: ApprovalsSearch;
  onSearchChange: (next: ApprovalsSearch) => void;
}) {
  const role = usePermissions();
  const canDecide = role?.permissions.has('approvals.decide') === true;
  const tab: ApprovalsTab = search.tab ?? (canDecide ? 'inbox' : 'history');
  const { tab: _tab, ...listSearch } = search;
  const keepTab = (next: ListSearch) => onSearchChange({ ...next, tab: 'history' });
  const tabs: { id: ApprovalsTab; label: string }[] = [
    ...(canDecide ? [{ id: 'inbox' as const, label: 'Waiting for you' }] : []),
    { id: 'history', label: 'All requests' },
  ];
  return (
    <PageFrame
      title="Approvals"
      description="Payouts, bulks and settings changes that wait for a second person, and every decision made."
      breadcrumb={[{ label: 'Approvals' }]}
      actions={
        <Can permission="approvals.configure">
          <Button variant="outline" asChild>
            <Link to="/approvals/rules">Approval rules</Link>
          </Button>
        </Can>
      }
    >
      <div role="tablist" aria-label="Approval lists" className="flex gap-1 border-b">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`approvals-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="approvals-panel"
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              tab === t.id ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground',
            )}
            onClick={() => tab !== t.id && onSearchChange(t.id === 'history' ? { tab: 'history' } : {})}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="approvals-panel" aria-labelledby={`approvals-tab-${tab}`}>
        {!role ? (
          <Skeleton className="h-64 w-full" />
        ) : tab === 'inbox' ? (
          <InboxTab />
        ) : (
          <DataTable
            list={APPROVALS_LIST}
            endpoints={approvalsEndpoints}
            {...HISTORY_COLUMNS}
            rowId={(r) => r.urn}
            details={HISTORY_DETAILS}
            empty={{
              title: 'No approval requests in this date range',
              hint: 'A request is made when a rule holds a payout, a bulk or a settings change.',
            }}
            search={listSearch}
            onSearchChange={keepTab}
          />
        )}
      </div>
    </PageFrame>
  );
}
