import { useState } from 'react';
import Download from 'lucide-react/icons/download';
import type { ReportItem, ReportStatus, ReportType } from '@meridian/contract/reports';
import { Code, DateTimeText, StatusBadge } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { downloadReport } from './api/download-report';
import { isMoving, useRecentReports } from './api/report-history';

export const REPORT_STATUS_VARIANTS: Partial<
  Record<ReportStatus, 'green' | 'blue' | 'yellow' | 'red' | 'grey'>
> = {
  READY: 'green',
  RUNNING: 'blue',
  QUEUED: 'yellow',
  FAILED: 'red',
  EXPIRED: 'grey',
};

/** 1536 → "1.5 KB" */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Saves a READY report's file; a failure (expired, not ready) is shown as the server says it. */
export function DownloadReportButton({ report }: { report: ReportItem }) {
  const [busy, setBusy] = useState(false);
  if (report.status !== 'READY') return null;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={busy}
      aria-label={`Download ${report.file_name}`}
      onClick={() => {
        setBusy(true);
        downloadReport(report.report_urn, report.file_name)
          .catch((err: unknown) => toast.error(err instanceof Error ? err.message : 'Download failed'))
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden className="size-4" />
      {busy ? 'Downloading…' : 'Download'}
    </Button>
  );
}

/** Where a report's build stands, in words and as a progress bar while it runs. */
export function ReportProgress({ report }: { report: ReportItem }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={report.status} variants={REPORT_STATUS_VARIANTS} />
        {report.status === 'QUEUED' && report.queue_position !== null && (
          <span className="text-muted-foreground">Waiting · position {report.queue_position}</span>
        )}
        {report.status === 'RUNNING' && (
          <span className="text-muted-foreground">
            {report.rows_written.toLocaleString('en-IN')}
            {report.rows_total !== null ? ` of ${report.rows_total.toLocaleString('en-IN')}` : ''} rows
          </span>
        )}
        {report.status === 'READY' && (
          <span className="text-muted-foreground">
            {report.rows_written.toLocaleString('en-IN')} rows · {sizeText(report.size_bytes)}
          </span>
        )}
      </div>
      {isMoving(report) && (
        <div
          role="progressbar"
          aria-label={`Progress of ${report.report_urn}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={report.progress}
          className="h-1.5 w-full max-w-xs overflow-hidden rounded bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${report.progress}%` }} />
        </div>
      )}
      {report.status === 'FAILED' && report.error && (
        <p className="text-sm text-destructive">{report.error}</p>
      )}
    </div>
  );
}

/** The latest reports of the screen's types (all types on the overview), live while one is being built. */
export function RecentReports({ reportTypes }: { reportTypes: readonly ReportType[] | null }) {
  const recent = useRecentReports(reportTypes);
  const rows = recent.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent reports</h2>
        </CardTitle>
        <CardDescription>Built in the background; each file is kept 30 days.</CardDescription>
      </CardHeader>
      <CardContent>
        {recent.isPending ? (
          <p className="text-sm text-muted-foreground">Loading reports…</p>
        ) : recent.isError ? (
          <p className="text-sm text-destructive">The reports could not be loaded.</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No report yet: generate one above.</p>
        ) : (
          <ul aria-label="Recent reports" className="flex flex-col divide-y">
            {rows.map((r) => (
              <li key={r.report_urn} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="text-sm font-medium break-all">{r.file_name}</span>
                  <span className="text-xs text-muted-foreground">
                    <Code>{r.report_urn}</Code> · <DateTimeText value={r.requested_at} />
                  </span>
                  <ReportProgress report={r} />
                </div>
                <DownloadReportButton report={r} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
