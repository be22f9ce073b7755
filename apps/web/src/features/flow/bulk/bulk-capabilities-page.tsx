import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import Download from 'lucide-react/icons/download';
import Rows3 from 'lucide-react/icons/rows-3';
import Upload from 'lucide-react/icons/upload';
import {
  BULK_LINE_ITEMS_LIST,
  BULK_LINE_STATUSES,
  BULK_PAYOUTS_LIST,
  type Bulk,
  type BulkLineItem,
} from '@meridian/contract/bulk';
import { withProvider, type ListDef } from '@meridian/contract/lists';
import {
  Code,
  DataTable,
  DateTimeText,
  MoneyText,
  StatusBadge,
  saveBlob,
  type DataTableColumn,
  type ListSearch,
  type SearchKeyOption,
} from '@/components/data-table';
import { todayIn } from '@/components/data-table/list-state';
import { Button } from '@/components/ui/button';
import { PROVIDER } from '@/lib/env';
import { timeZonePreference } from '@/lib/preferences/display';
import { toast } from '@/lib/toast';
import {
  bulkFileName,
  bulksEndpoints,
  downloadBulkFile,
  lineItemsEndpoints,
  type BulkFileKind,
} from '../api/bulk';
import { ListPage } from '../lists/list-page';
import {
  bulkCapabilitiesSearchSchema,
  lineItemsTableSearch,
  resolveBulkState,
  withBulk,
  withBulkListSearch,
  withLineItemStatus,
  withLineItemsSearch,
  type BulkCapabilitiesSearch,
  type SelectedBulk,
} from './bulk-state';
import { BULK_STATUS_VARIANTS, LINE_ITEM_STATUS_VARIANTS, statusLabel } from './statuses';

/** A list definition's search keys with their labels, default first (in line items `{product}_urn` is the payout's). */
const keysOf = (list: ListDef): SearchKeyOption[] =>
  list.searchKeys.map((k) => ({ value: withProvider(k.key, PROVIDER), label: k.label }));
const BULK_KEYS = keysOf(BULK_PAYOUTS_LIST);
const LINE_ITEM_KEYS = keysOf(BULK_LINE_ITEMS_LIST);
const LINE_ITEM_STATUSES = BULK_LINE_STATUSES.map((s) => ({
  value: s,
  label: statusLabel(s),
}));

const count = new Intl.NumberFormat('en-IN');

const LINE_ITEM_COLUMNS: DataTableColumn<BulkLineItem>[] = [
  {
    id: 'row',
    header: 'Row',
    primary: true,
    card: 'secondary',
    cell: (i) => <span className="whitespace-nowrap tabular-nums">Row {i.row}</span>,
  },
  {
    id: 'customer_reference_number',
    header: 'Customer ref',
    cell: (i) => <Code>{i.customer_reference_number}</Code>,
  },
  {
    id: 'beneficiary',
    header: 'Beneficiary',
    card: 'primary',
    cell: (i) => (
      <span className="flex flex-col">
        <span>{i.beneficiary_name ?? '-'}</span>
        <span className="text-xs text-muted-foreground">{i.beneficiary_code}</span>
      </span>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    card: 'amount',
    cell: (i) => <MoneyText value={i.amount} />,
  },
  { id: 'transfer_type', header: 'Transfer type', cell: (i) => i.transfer_type },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (i) => (
      <span className="flex flex-col gap-1">
        <StatusBadge status={i.status} variants={LINE_ITEM_STATUS_VARIANTS} label={statusLabel(i.status)} />
        {i.failure_reason && <span className="text-xs text-muted-foreground">{i.failure_reason}</span>}
      </span>
    ),
  },
  { id: 'payout_urn', header: 'Payout URN', cell: (i) => <Code>{i.payout_urn}</Code> },
  { id: 'bank_reference_number', header: 'UTR', cell: (i) => <Code>{i.bank_reference_number}</Code> },
];

/** Downloads a bulk's input or response file (with the auth headers). */
function FileButtons({ bulk }: { bulk: SelectedBulk }) {
  const [busy, setBusy] = useState<BulkFileKind | null>(null);
  const download = async (kind: BulkFileKind) => {
    setBusy(kind);
    try {
      saveBlob(await downloadBulkFile(bulk.urn, kind), bulkFileName(bulk.urn, kind, bulk.type));
    } catch (error) {
      toast.error(`The ${kind} file could not be downloaded`, {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {(['input', 'response'] as const).map((kind) => (
        <Button
          key={kind}
          variant="outline"
          onClick={() => void download(kind)}
          disabled={busy !== null}
          aria-busy={busy === kind || undefined}
        >
          <Download aria-hidden />
          {kind === 'input' ? 'Input file' : 'Response file'} ({bulk.type.toUpperCase()})
        </Button>
      ))}
    </>
  );
}

export interface BulkCapabilitiesPageProps {
  /** The route's search: the list's filter, with the raw bulk and line-item parameters beside it. */
  search: ListSearch;
  onSearchChange: (next: BulkCapabilitiesSearch) => void;
}

/**
 * /flow/bulk-capabilities: every bulk with its progress; selecting one shows its line items below, with their
 * own search, status filter and paging, and its input and response files (spec §3, §4).
 */
export function BulkCapabilitiesPage({ search: routeSearch, onSearchChange }: BulkCapabilitiesPageProps) {
  const search = useMemo(
    () => bulkCapabilitiesSearchSchema(routeSearch as Record<string, unknown>),
    [routeSearch],
  );
  const state = resolveBulkState(search);
  const timeZone = timeZonePreference.use();
  const select = (bulk: SelectedBulk | undefined) => onSearchChange(withBulk(search, bulk));
  const selectedOf = (b: Bulk): SelectedBulk => ({
    urn: b.urn,
    type: b.format,
    day: todayIn(timeZone, new Date(b.created_at)),
  });

  const columns = useMemo<DataTableColumn<Bulk>[]>(
    () => [
      { id: 'urn', header: 'URN', primary: true, card: 'secondary', cell: (b) => <Code>{b.urn}</Code> },
      { id: 'file_name', header: 'File', card: 'primary', cell: (b) => `${b.file_name}` },
      {
        id: 'status',
        header: 'Status',
        card: 'status',
        cell: (b) => (
          <StatusBadge status={b.status} variants={BULK_STATUS_VARIANTS} label={statusLabel(b.status)} />
        ),
      },
      { id: 'rows', header: 'Rows', align: 'right', cell: (b) => count.format(b.total_rows) },
      {
        id: 'progress',
        header: 'Done / failed / pending',
        cell: (b) => (
          <span className="whitespace-nowrap tabular-nums">
            <span className="text-success">{count.format(b.done)}</span> /{' '}
            <span className={b.failed > 0 ? 'text-destructive' : undefined}>{count.format(b.failed)}</span> /{' '}
            {count.format(b.pending)}
          </span>
        ),
      },
      {
        id: 'total_amount',
        header: 'Total',
        align: 'right',
        card: 'amount',
        cell: (b) => <MoneyText value={b.total_amount} />,
      },
      {
        id: 'created_at',
        header: 'Created',
        card: 'time',
        cell: (b) => <DateTimeText value={b.created_at} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: (b) => (
          // The row selects too; the button is the named control for keyboard and screen-reader users.
          <span onClick={(e) => e.stopPropagation()}>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Line items of ${b.urn}`}
              onClick={() => select(selectedOf(b))}
            >
              <Rows3 aria-hidden />
              Line items
            </Button>
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- select reads the current search
    [search, timeZone],
  );

  const lineItemsSearch = lineItemsTableSearch(state);
  const params = useMemo(
    () => ({ bulk_urn: state.bulk?.urn, status: state.status || undefined }),
    [state.bulk?.urn, state.status],
  );

  return (
    <ListPage
      path="/flow/bulk-capabilities"
      description="Your bulk payouts with their progress. Select one to see its line items and download its files."
      actions={
        <Button asChild>
          <Link to="/flow/bulk-upload">
            <Upload aria-hidden />
            Upload a file
          </Link>
        </Button>
      }
    >
      <DataTable
        title="Bulks"
        endpoints={bulksEndpoints}
        columns={columns}
        searchKeys={BULK_KEYS}
        rowId={(b) => b.urn}
        selection={{
          selected: state.bulk?.urn,
          onSelect: (b) => select(selectedOf(b)),
          hint: 'show line items',
        }}
        empty={{
          title: 'No bulks in this date range',
          hint: 'Bulks you upload appear here with their progress.',
        }}
        exportName="bulks"
        search={search}
        onSearchChange={(next) => onSearchChange(withBulkListSearch(search, next))}
      />
      {state.bulk ? (
        <section aria-labelledby="bulk-line-items-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="flex flex-col gap-1">
              <h2 id="bulk-line-items-title" className="text-lg font-semibold">
                Line items of {state.bulk.urn}
              </h2>
              <p className="text-sm text-muted-foreground">{state.bulk.type.toUpperCase()} file</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <FileButtons bulk={state.bulk} />
              <Button variant="outline" onClick={() => select(undefined)}>
                Clear selection
              </Button>
            </div>
          </div>
          <DataTable
            key={state.bulk.urn}
            title="Line items"
            endpoints={lineItemsEndpoints}
            columns={LINE_ITEM_COLUMNS}
            searchKeys={LINE_ITEM_KEYS}
            rowId={(i) => `${i.bulk_urn}:${i.row}`}
            params={params}
            filters={[
              {
                label: 'Status',
                value: state.status,
                options: LINE_ITEM_STATUSES,
                onChange: (status) => onSearchChange(withLineItemStatus(search, status)),
              },
            ]}
            empty={{
              title: 'No line items in this date range',
              hint: 'Widen the date range or clear the status filter.',
            }}
            exportName={`bulk_${state.bulk.urn}_line_items`}
            search={lineItemsSearch}
            onSearchChange={(next) => onSearchChange(withLineItemsSearch(search, next))}
          />
        </section>
      ) : (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          Select a bulk to see its line items.
        </p>
      )}
    </ListPage>
  );
}
