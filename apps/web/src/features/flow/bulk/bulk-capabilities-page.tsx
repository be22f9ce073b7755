import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import Download from 'lucide-react/icons/download';
import Upload from 'lucide-react/icons/upload';
import {
  BULK_LINE_ITEMS_LIST,
  BULK_PAYOUTS_LIST,
  type Bulk,
  type BulkLineItem,
} from '@meridian/contract/bulk';
import {
  DataTable,
  StatusBadge,
  saveBlob,
  type ColumnKey,
  type ColumnOverrides,
  type ListSearch,
} from '@/components/data-table';
import { todayIn } from '@/components/data-table/list-state';
import { Button } from '@/components/ui/button';
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
  withLineItemsSearch,
  type BulkCapabilitiesSearch,
  type SelectedBulk,
} from './bulk-state';
import { BULK_STATUS_VARIANTS, LINE_ITEM_STATUS_VARIANTS, statusLabel } from './statuses';
import { Can } from '@/components/permissions/can';

const count = new Intl.NumberFormat('en-IN');

/** The bulks' own cells (statuses by name, the rows with their progress); the rest from the definition. */
const BULK_COLUMNS: ColumnOverrides<Bulk, ColumnKey<typeof BULK_PAYOUTS_LIST>> = {
  cells: {
    status: (b) => (
      <StatusBadge status={b.status} variants={BULK_STATUS_VARIANTS} label={statusLabel(b.status)} />
    ),
    total_rows: (b) => (
      <span className="flex flex-col items-end whitespace-nowrap tabular-nums">
        <span>{count.format(b.total_rows)}</span>
        <span className="text-xs text-muted-foreground">
          <span className="text-success">{count.format(b.done)} done</span> ·{' '}
          {b.processing > 0 && <>{count.format(b.processing)} in progress · </>}
          <span className={b.failed > 0 ? 'text-destructive' : undefined}>
            {count.format(b.failed)} failed
          </span>{' '}
          · {count.format(b.pending)} pending
        </span>
      </span>
    ),
  },
  primary: 'urn',
  cards: { file_name: 'primary', urn: 'secondary' },
};

/** The line items' own cells (the row number, the beneficiary with its code, the status with its reason). */
const LINE_ITEM_COLUMNS: ColumnOverrides<BulkLineItem, ColumnKey<typeof BULK_LINE_ITEMS_LIST>> = {
  cells: {
    row: (i) => <span className="whitespace-nowrap tabular-nums">Row {i.row}</span>,
    beneficiary_name: (i) => (
      <span className="flex flex-col">
        <span>{i.beneficiary_name ?? '-'}</span>
        <span className="text-xs text-muted-foreground">{i.beneficiary_code}</span>
      </span>
    ),
    status: (i) => (
      <span className="flex flex-col gap-1">
        <StatusBadge status={i.status} variants={LINE_ITEM_STATUS_VARIANTS} label={statusLabel(i.status)} />
        {i.failure_reason && <span className="text-xs text-muted-foreground">{i.failure_reason}</span>}
      </span>
    ),
  },
  primary: 'row',
  cards: { beneficiary_name: 'primary', row: 'secondary' },
};

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

/** The selected bulk's line items, with their own search, status filter and paging, and its files. */
function LineItemsSection({
  bulk,
  search,
  onSearchChange,
  onClear,
}: {
  bulk: SelectedBulk;
  /** The line items' part of the search, as their table takes it. */
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
  onClear: () => void;
}) {
  const params = useMemo(() => ({ bulk_urn: bulk.urn }), [bulk.urn]);
  return (
    <section aria-labelledby="bulk-line-items-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="bulk-line-items-title" className="text-lg font-semibold">
            Line items of {bulk.urn}
          </h2>
          <p className="text-sm text-muted-foreground">{bulk.type.toUpperCase()} file</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <FileButtons bulk={bulk} />
          <Button variant="outline" onClick={onClear}>
            Clear selection
          </Button>
        </div>
      </div>
      <DataTable
        key={bulk.urn}
        list={BULK_LINE_ITEMS_LIST}
        endpoints={lineItemsEndpoints}
        {...LINE_ITEM_COLUMNS}
        namesList
        // A saved view's link opens this bulk with the view's line-item filter.
        viewLink={(view) => withLineItemsSearch(withBulk({}, bulk), view)}
        rowId={(i) => `${i.bulk_urn}:${i.row}`}
        params={params}
        empty={{
          title: 'No line items in this date range',
          hint: 'Widen the date range or clear the status filter.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </section>
  );
}

export interface BulkCapabilitiesPageProps {
  /** The route's search: the list's filter, with the raw bulk and line-item parameters beside it. */
  search: ListSearch;
  onSearchChange: (next: BulkCapabilitiesSearch) => void;
}

/**
 * /flow/bulk-capabilities: every bulk with its progress; selecting one shows its line items below, with their
 * own search, status filter and paging, and its input and response files.
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

  return (
    <ListPage
      path="/flow/bulk-capabilities"
      description="Your bulk payouts with their progress. Select one to see its line items and download its files."
      actions={
        <Can permission="bulk.create">
          <Button asChild>
            <Link to="/flow/bulk-upload">
              <Upload aria-hidden />
              Upload a file
            </Link>
          </Button>
        </Can>
      }
    >
      <DataTable
        list={BULK_PAYOUTS_LIST}
        endpoints={bulksEndpoints}
        {...BULK_COLUMNS}
        namesList
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
        search={search}
        onSearchChange={(next) => onSearchChange(withBulkListSearch(search, next))}
      />
      {state.bulk ? (
        <LineItemsSection
          bulk={state.bulk}
          search={lineItemsTableSearch(state)}
          onSearchChange={(next) => onSearchChange(withLineItemsSearch(search, next))}
          onClear={() => select(undefined)}
        />
      ) : (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          Select a bulk to see its line items.
        </p>
      )}
    </ListPage>
  );
}
