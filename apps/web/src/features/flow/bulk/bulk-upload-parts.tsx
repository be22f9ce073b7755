import type { ReactNode } from 'react';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatPaise } from '@/lib/format/money';
import { BulkSummary } from './bulk-summary';
import { FilePicker, TemplateDownloads } from './file-picker';
import type { FileError, GridState, GridSummary } from './grid-state';

const count = new Intl.NumberFormat('en-IN');
const payouts = (n: number) => `${count.format(n)} ${n === 1 ? 'payout' : 'payouts'}`;

/** The first step: the templates, and the file to upload. */
export function FileStep({
  alert,
  checking,
  onFile,
}: {
  alert: ReactNode;
  checking: 'file' | 'rows' | null;
  onFile: (file: File) => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>1. Fill in the template</CardTitle>
          <CardDescription>
            One payout per row: customer reference, a beneficiary code (or account number, IFSC and name),
            amount, transfer type and purpose.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TemplateDownloads />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>2. Upload it</CardTitle>
          <CardDescription>Every row is checked before any money moves.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {alert}
          <FilePicker onFile={onFile} disabled={checking !== null} />
          <p role="status" className="text-sm text-muted-foreground">
            {checking === 'file' ? 'Checking the file…' : ''}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

/** Errors of the rows as a whole (e.g. the total above the balance). */
export function FileErrorsAlert({ errors }: { errors: readonly FileError[] }) {
  return (
    <Alert variant="destructive" role="alert">
      <TriangleAlert aria-hidden />
      <AlertTitle>The rows cannot be submitted as they are</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-4">
          {errors.map((e, i) => (
            <li key={`${e.code}-${i}`}>{e.message}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

/** The grid's totals, what stops a submit, and Submit, Check again and Upload another file. */
export function GridSummaryCard({
  grid,
  summary,
  alert,
  checking,
  blocker,
  onSubmit,
  onCheckAgain,
  onStartOver,
}: {
  grid: GridState;
  summary: GridSummary;
  /** The failure, when the confirmation is not showing it. */
  alert: ReactNode;
  checking: 'file' | 'rows' | null;
  blocker: string | null;
  onSubmit: () => void;
  onCheckAgain: () => void;
  onStartOver: () => void;
}) {
  return (
    <Card role="region" aria-labelledby="bulk-summary-title">
      <CardHeader>
        <CardTitle id="bulk-summary-title">Summary of {grid.fileName ?? 'the file'}</CardTitle>
        <CardDescription>Totals of the rows below, as they are now.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <BulkSummary summary={summary} />
        {alert}
        <p id="bulk-submit-blocker" role="status" className="text-sm text-muted-foreground">
          {checking === 'rows' ? 'Checking the rows with the server…' : (blocker ?? 'Every row is ready.')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={onSubmit}
            disabled={blocker !== null || checking !== null}
            aria-describedby="bulk-submit-blocker"
          >
            Submit {payouts(summary.count)}
          </Button>
          <Button
            variant="outline"
            onClick={onCheckAgain}
            disabled={checking !== null || grid.rows.length === 0}
          >
            <RefreshCw aria-hidden />
            Check again
          </Button>
          <Button variant="ghost" onClick={onStartOver}>
            Upload another file
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The confirmation of the totals before money moves; "Try again" after an unknown outcome. */
export function ConfirmSubmitDialog({
  open,
  onOpenChange,
  summary,
  alert,
  retryNote,
  retry,
  submitting,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: GridSummary;
  alert: ReactNode;
  /** Whether to say that trying again is safe. */
  retryNote: boolean;
  retry: boolean;
  submitting: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Submit the bulk</DialogTitle>
          <DialogDescription>
            {payouts(summary.count)} of {formatPaise(summary.paise)} in total. Money moves as soon as you
            confirm.
          </DialogDescription>
        </DialogHeader>
        <BulkSummary summary={summary} />
        {alert}
        {retryNote && (
          <p className="text-sm text-muted-foreground">
            Trying again is safe: the same request is sent, so each payout is made at most once.
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={submitting}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={submitting} aria-busy={submitting || undefined}>
            {submitting
              ? 'Submitting…'
              : retry
                ? 'Try again'
                : `Pay ${payouts(summary.count)} of ${formatPaise(summary.paise)}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
