import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import Download from 'lucide-react/icons/download';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { Bulk } from '@meridian/contract/bulk';
import { saveBlob } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { todayIn } from '@/components/data-table/list-state';
import { formatMoney } from '@/lib/format/money';
import { timeZonePreference } from '@/lib/preferences/display';
import { toast } from '@/lib/toast';
import { bulkFileName, downloadBulkFile, isBulkFinal, useBulkProgress } from '../api/bulk';
import { BULK_STATUS_VARIANTS, statusLabel } from './statuses';

const count = new Intl.NumberFormat('en-IN');

/**
 * Done, in progress, failed and pending as one bar (done, then in progress, then failed), with the numbers beside
 * it. Processed rows are those with an outcome (paid or failed): a payout still on the rail is in progress, never
 * counted as done.
 */
export function ProgressBar({
  bulk,
}: {
  bulk: Pick<Bulk, 'total_rows' | 'done' | 'processing' | 'failed' | 'pending'>;
}) {
  const total = Math.max(1, bulk.total_rows);
  const processed = bulk.done + bulk.failed;
  const pct = (n: number) => `${(100 * n) / total}%`;
  const inProgress = bulk.processing > 0 ? `, ${count.format(bulk.processing)} in progress` : '';
  return (
    <div className="flex flex-col gap-2">
      <div
        role="progressbar"
        aria-label="Rows processed"
        aria-valuemin={0}
        aria-valuemax={bulk.total_rows}
        aria-valuenow={processed}
        aria-valuetext={`${count.format(processed)} of ${count.format(bulk.total_rows)} rows processed${inProgress}`}
        className="flex h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-green-600 transition-[width]" style={{ width: pct(bulk.done) }} />
        <div className="h-full bg-yellow-500 transition-[width]" style={{ width: pct(bulk.processing) }} />
        <div className="h-full bg-destructive transition-[width]" style={{ width: pct(bulk.failed) }} />
      </div>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Done</dt>
          <dd className="font-medium tabular-nums">{count.format(bulk.done)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">In progress</dt>
          <dd className="font-medium tabular-nums">{count.format(bulk.processing)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Failed</dt>
          <dd className="font-medium tabular-nums">{count.format(bulk.failed)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Pending</dt>
          <dd className="font-medium tabular-nums">{count.format(bulk.pending)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * What the bulk's state means for the money: a row counts as paid only once its payout succeeded; a bulk waiting
 * for approval or rejected by an approver has paid nothing.
 */
function progressMessage(bulk: Bulk, rowsProcessed: boolean): string {
  switch (bulk.status) {
    case 'PENDING_APPROVAL':
      return 'Waiting for approval: nothing is paid until an approver approves this bulk in Approvals.';
    case 'REJECTED':
      return 'The bulk was not approved: nothing was paid (the response file says why for each row).';
    case 'FAILED':
      return 'The bulk failed.';
  }
  if (isBulkFinal(bulk.status))
    return `Done: ${count.format(bulk.done)} paid, ${count.format(bulk.failed)} failed.`;
  if (rowsProcessed && bulk.processing > 0)
    return `Waiting for the bank: ${count.format(bulk.processing)} in progress, ${count.format(bulk.done)} paid, ${count.format(bulk.failed)} failed so far.`;
  return 'Paying the rows…';
}

/** Downloads the bulk's response file (with the auth headers); a failure is a toast. */
function useResponseDownload(bulk: Bulk) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadBulkFile(bulk.urn, 'response'), bulkFileName(bulk.urn, 'response', bulk.format));
    } catch (error) {
      toast.error('The response file could not be downloaded', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}

function BulkProgressHeader({ bulk, final }: { bulk: Bulk; final: boolean }) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle id="bulk-progress-title">
          {final
            ? 'Bulk processed'
            : bulk.status === 'PENDING_APPROVAL'
              ? 'Bulk waiting for approval'
              : 'Processing the bulk'}
        </CardTitle>
        <Badge variant={BULK_STATUS_VARIANTS[bulk.status] ?? 'grey'}>{statusLabel(bulk.status)}</Badge>
      </div>
      <CardDescription>
        {count.format(bulk.total_rows)} payouts, {formatMoney(bulk.total_amount)} ·{' '}
        <span className="font-mono">{bulk.urn}</span>
      </CardDescription>
    </CardHeader>
  );
}

/**
 * The submitted bulk's live progress (polled every second until it is COMPLETED… or FAILED, which the server says
 * only once every payout has left the rail), then the result: the response file and a link to the bulk's line
 * items. While payouts are still on the rail the rows are in progress, not paid.
 */
export function BulkProgress({
  created,
  pollMs,
  onNewUpload,
}: {
  created: Bulk;
  pollMs?: number;
  onNewUpload: () => void;
}) {
  const progress = useBulkProgress(created.urn, created, pollMs);
  const timeZone = timeZonePreference.use();
  const bulk = progress.data;
  const final = isBulkFinal(bulk.status);
  // Every row is a payout (or refused) and the response file lists them, even while some are on the rail.
  const rowsProcessed = final || (bulk.status !== 'QUEUED' && bulk.pending === 0);
  const { downloading, download } = useResponseDownload(bulk);
  // The bulk capabilities screen reads its selected bulk from these parameters (next to the list's filter).
  const bulkSearch: Record<string, string> = {
    search_value: bulk.urn,
    bulk_urn: bulk.urn,
    bulk_type: bulk.format,
    bulk_day: todayIn(timeZone, new Date(bulk.created_at)),
  };
  return (
    <Card role="region" aria-labelledby="bulk-progress-title">
      <BulkProgressHeader bulk={bulk} final={final} />
      <CardContent className="flex flex-col gap-4">
        <p role="status" className="flex items-center gap-2 text-sm">
          {!final && bulk.status !== 'PENDING_APPROVAL' && (
            <LoaderCircle className="size-4 animate-spin text-muted-foreground" aria-hidden />
          )}
          {progressMessage(bulk, rowsProcessed)}
        </p>
        <ProgressBar bulk={bulk} />
        {progress.isError && !final && (
          <p className="text-sm text-muted-foreground">
            The progress could not be refreshed ({progress.error.message}); trying again.
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        {rowsProcessed && (
          <Button variant="outline" onClick={() => void download()} disabled={downloading}>
            <Download aria-hidden />
            Download the response file
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/flow/bulk-capabilities" search={bulkSearch}>
            Open in bulk capabilities
          </Link>
        </Button>
        <Button onClick={onNewUpload}>Upload another file</Button>
      </CardFooter>
    </Card>
  );
}
