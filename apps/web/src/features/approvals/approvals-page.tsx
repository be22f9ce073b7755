import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import CheckCheck from 'lucide-react/icons/check-check';
import { APPROVALS_LIST, type ApprovalRecord, type ApprovalRequest } from '@meridian/contract/approvals';
import {
  DataTable,
  DateTimeText,
  MoneyText,
  StatusBadge,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { Can } from '@/components/permissions/can';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableStateRow,
} from '@/components/ui/table';
import { serverErrorMessage } from '@/components/form/server-errors';
import { FormErrorAlert } from '@/components/form/form-alert';
import { usePermissions } from '@/lib/api/user-details';
import { Skeleton } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import { formatMoney } from '@/lib/format/money';
import { toast } from '@/lib/toast';
import { approvalsEndpoints, inboxQueryOptions, requestQueryOptions, useDecideMany } from './api';
import { actionLabel, APPROVAL_STATUS_VARIANTS, sourceLabel, statusLabel } from './labels';
import { RequestDetails } from './request-details';
import type { ApprovalsSearch, ApprovalsTab } from './search';

/** The sum of the selected requests' amounts, in rupees with two decimals. */
function totalOf(requests: readonly ApprovalRequest[]): string {
  const paise = requests.reduce((sum, r) => sum + (r.amount ? BigInt(r.amount.replace('.', '')) : 0n), 0n);
  const whole = paise / 100n;
  const rest = (paise % 100n).toString().padStart(2, '0');
  return `${whole}.${rest}`;
}

/** "Approve selected": one confirmation (and one step-up) for every selected request. */
function ApproveSelected({ selected, onDone }: { selected: ApprovalRequest[]; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const decide = useDecideMany();
  const total = totalOf(selected);
  const confirm = () =>
    decide.mutate(
      { urns: selected.map((r) => r.urn), decision: 'APPROVE' },
      {
        onSuccess: (result) => {
          const refused = result.data.filter((r) => !r.ok);
          if (refused.length === 0) toast.success(`${result.approved} approved`);
          else {
            toast.error(`${result.approved} approved, ${refused.length} not`, {
              description: refused.map((r) => `${r.urn}: ${r.message ?? r.error ?? 'refused'}`).join('\n'),
            });
          }
          setOpen(false);
          onDone();
        },
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) decide.reset();
      }}
    >
      <Button disabled={selected.length === 0} onClick={() => setOpen(true)}>
        <CheckCheck aria-hidden />
        Approve selected{selected.length > 0 ? ` (${selected.length})` : ''}
      </Button>
      {open && (
        <DialogContent role="alertdialog">
          <DialogHeader className="pr-8">
            <DialogTitle>
              Approve {selected.length} request{selected.length === 1 ? '' : 's'}?
            </DialogTitle>
            <DialogDescription>
              {total !== '0.00' ? `Together ${formatMoney(total)}. ` : ''}Each action is made once its last
              step is approved. You confirm it&apos;s you once for all of them.
            </DialogDescription>
          </DialogHeader>
          <ul className="max-h-48 overflow-y-auto text-sm">
            {selected.map((r) => (
              <li key={r.urn} className="truncate">
                {r.summary}
              </li>
            ))}
          </ul>
          <FormErrorAlert
            title="Nothing was approved"
            message={decide.isError ? serverErrorMessage(decide.error) : null}
          />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={confirm} disabled={decide.isPending}>
              {decide.isPending ? 'Approving…' : 'Approve'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Source and Created give way on screens narrower than 1536 px: the rest fits beside the navigation at 1280. */
const WIDE_ONLY = 'hidden 2xl:table-cell';
const INBOX_HEADERS: { label: string; className?: string }[] = [
  { label: 'Action' },
  { label: 'Summary' },
  { label: 'Amount' },
  { label: 'Requested by' },
  { label: 'Source', className: WIDE_ONLY },
  { label: 'Created', className: WIDE_ONLY },
  { label: 'Expires' },
];

/** The requests waiting for the signed-in member: select many and approve them at once, or open one. */
function InboxTab() {
  const inbox = useQuery(inboxQueryOptions());
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<ApprovalRequest | null>(null);
  const rows = inbox.data ?? [];
  const decidable = rows.filter((r) => r.can_decide);
  const selected = decidable.filter((r) => checked.has(r.urn));
  const allChecked = decidable.length > 0 && selected.length === decidable.length;
  const toggle = (urn: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (!next.delete(urn)) next.add(urn);
      return next;
    });
  const colSpan = INBOX_HEADERS.length + 2;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status">
          {inbox.isSuccess &&
            (rows.length === 0
              ? ''
              : `${rows.length} request${rows.length === 1 ? '' : 's'} waiting for you`)}
        </p>
        <ApproveSelected selected={selected} onDone={() => setChecked(new Set())} />
      </div>
      <Table scrollLabel="Requests waiting for you" frame={false}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <input
                type="checkbox"
                aria-label="Select every request"
                checked={allChecked}
                disabled={decidable.length === 0}
                onChange={() => setChecked(allChecked ? new Set() : new Set(decidable.map((r) => r.urn)))}
              />
            </TableHead>
            {INBOX_HEADERS.map((h) => (
              <TableHead key={h.label} className={h.className}>
                {h.label}
              </TableHead>
            ))}
            <TableHead>
              <span className="sr-only">Details</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {inbox.isPending ? (
            <TableStateRow colSpan={colSpan} loading />
          ) : inbox.isError ? (
            <TableStateRow colSpan={colSpan}>
              <span role="alert">The inbox could not be loaded: {serverErrorMessage(inbox.error)}</span>{' '}
              <Button variant="outline" size="sm" onClick={() => void inbox.refetch()}>
                Try again
              </Button>
            </TableStateRow>
          ) : rows.length === 0 ? (
            <TableStateRow colSpan={colSpan}>Nothing waits for your approval.</TableStateRow>
          ) : (
            rows.map((r) => (
              <TableRow key={r.urn} data-state={checked.has(r.urn) ? 'selected' : undefined}>
                <TableCell>
                  <input
                    type="checkbox"
                    aria-label={`Select ${r.summary}`}
                    checked={checked.has(r.urn)}
                    disabled={!r.can_decide}
                    onChange={() => toggle(r.urn)}
                  />
                </TableCell>
                <TableCell>{actionLabel(r.action)}</TableCell>
                <TableCell className="max-w-72 truncate" title={r.summary}>
                  {r.summary}
                </TableCell>
                <TableCell>{r.amount !== null ? <MoneyText value={r.amount} /> : '-'}</TableCell>
                <TableCell className="break-all">{r.requested_by}</TableCell>
                <TableCell className={WIDE_ONLY}>{sourceLabel(r.source)}</TableCell>
                <TableCell className={WIDE_ONLY}>
                  <DateTimeText value={r.created_at} />
                </TableCell>
                <TableCell>
                  <DateTimeText value={r.expires_at} />
                </TableCell>
                <TableCell>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setOpen(r)}
                    aria-label={`Details of ${r.summary}`}
                  >
                    Details
                  </Button>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        {open && (
          <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
            <DialogHeader className="pr-8">
              <DialogTitle>{actionLabel(open.action)}</DialogTitle>
              <DialogDescription>{open.summary}</DialogDescription>
            </DialogHeader>
            <RequestDetails
              request={open}
              onDecided={() => {
                setOpen(null);
                setChecked(new Set());
              }}
            />
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}

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
