import { useCallback, useMemo, useState } from 'react';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { Bulk, BulkColumn } from '@meridian/contract/bulk';
import { isOutcomeUnknown, useIdempotentSubmission } from '@/components/form/idempotency';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldErrors } from '@/lib/api';
import { formatPaise } from '@/lib/format/money';
import { useSubmitBulk, validateFile, validateRows, type BulkRowsBody } from '../api/bulk';
import { BulkGrid } from './bulk-grid';
import { BulkProgress } from './bulk-progress';
import { BulkSummary } from './bulk-summary';
import { FailureAlert, failureMessage } from './failure-alert';
import { checkFile } from './file-check';
import { FilePicker, TemplateDownloads } from './file-picker';
import {
  applyRowErrors,
  applyServerCheck,
  dropRow,
  editCell,
  gridFromValidation,
  refusalErrors,
  submitBlocker,
  summarize,
  toRequestRows,
  type GridState,
} from './grid-state';

type Step = { name: 'file' } | { name: 'grid' } | { name: 'progress'; bulk: Bulk };

interface Failure {
  title: string;
  message: string;
  details?: string[];
}

const count = new Intl.NumberFormat('en-IN');
const payouts = (n: number) => `${count.format(n)} ${n === 1 ? 'payout' : 'payouts'}`;

/**
 * The bulk upload: a file → the server reads and checks every row → the grid, where cells are fixed (each edit
 * re-checks its row in the browser with the contract's row schema) and rows dropped, and "Check again" has the
 * server check the edited rows → submit (confirming the totals) with an idempotency key reused on a retry →
 * live progress → the response file.
 */
export function BulkUpload({ pollMs }: { pollMs?: number }) {
  const [step, setStep] = useState<Step>({ name: 'file' });
  const [grid, setGrid] = useState<GridState | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [checking, setChecking] = useState<'file' | 'rows' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [retry, setRetry] = useState(false);
  const submission = useIdempotentSubmission();
  const submit = useSubmitBulk();

  const summary = useMemo(() => (grid ? summarize(grid) : null), [grid]);
  const blocker = grid && summary ? submitBlocker(grid, summary) : null;

  const onFile = async (file: File) => {
    setFailure(null);
    const problem = checkFile(file);
    if (problem) {
      setFailure({ title: 'This file cannot be used', message: problem });
      return;
    }
    setChecking('file');
    try {
      const answer = await validateFile(file);
      setGrid(gridFromValidation(answer));
      submission.reset();
      setStep({ name: 'grid' });
    } catch (error) {
      setFailure({
        title: 'The file could not be checked',
        message: failureMessage(error),
        // The server names what is wrong: the file, or a column of its header.
        details: Object.entries(fieldErrors(error)).map(([field, text]) => `${field}: ${text}`),
      });
    } finally {
      setChecking(null);
    }
  };

  const onEdit = useCallback((row: number, column: BulkColumn, value: string) => {
    setGrid((g) => (g ? editCell(g, row, column, value) : g));
  }, []);
  const onDrop = useCallback((row: number) => {
    setGrid((g) => (g ? dropRow(g, row) : g));
  }, []);

  const body = (g: GridState): BulkRowsBody => ({
    rows: toRequestRows(g),
    // Rows sent as JSON are stored as a CSV (and answered with a CSV response file): named so.
    ...(g.fileName ? { file_name: `${g.fileName.replace(/\.(csv|xlsx)$/i, '')}.csv` } : {}),
  });

  const checkAgain = async () => {
    if (!grid || grid.rows.length === 0) return;
    const sent = grid;
    setFailure(null);
    setChecking('rows');
    try {
      const answer = await validateRows(body(sent));
      // Edits made while the server was checking keep their own (browser) check.
      setGrid((g) => (g === sent ? applyServerCheck(sent, answer) : g));
    } catch (error) {
      setFailure({ title: 'The rows could not be checked', message: failureMessage(error) });
    } finally {
      setChecking(null);
    }
  };

  const onConfirm = async () => {
    if (!grid || submit.isPending) return;
    const payload = body(grid);
    const idempotencyKey = submission.keyFor(payload);
    setFailure(null);
    try {
      const bulk = await submit.mutateAsync({ body: payload, idempotencyKey });
      submission.settle();
      setConfirming(false);
      setRetry(false);
      setStep({ name: 'progress', bulk });
    } catch (error) {
      submission.settle(error);
      const unknown = isOutcomeUnknown(error);
      setRetry(unknown);
      const refused = refusalErrors(fieldErrors(error));
      if (refused.rows.length > 0 || refused.file.length > 0) {
        // The server refused rows (e.g. a reference used since the check): back to the grid, on their cells.
        setGrid({ ...applyRowErrors(grid, refused.rows), fileErrors: refused.file });
        setConfirming(false);
      }
      setFailure({
        title: unknown ? 'The bulk may not have been submitted' : 'The bulk was not submitted',
        message: failureMessage(error),
      });
    }
  };

  const startOver = () => {
    submission.reset();
    setGrid(null);
    setFailure(null);
    setRetry(false);
    setStep({ name: 'file' });
  };

  const alert = failure && (
    <FailureAlert title={failure.title} message={failure.message} details={failure.details} />
  );

  if (step.name === 'progress') {
    return <BulkProgress created={step.bulk} pollMs={pollMs} onNewUpload={startOver} />;
  }

  if (step.name === 'file' || !grid || !summary) {
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
            <FilePicker onFile={(file) => void onFile(file)} disabled={checking !== null} />
            <p role="status" className="text-sm text-muted-foreground">
              {checking === 'file' ? 'Checking the file…' : ''}
            </p>
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {grid.fileErrors.length > 0 && (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>The rows cannot be submitted as they are</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {grid.fileErrors.map((e, i) => (
                <li key={`${e.code}-${i}`}>{e.message}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      <Card role="region" aria-labelledby="bulk-summary-title">
        <CardHeader>
          <CardTitle id="bulk-summary-title">Summary of {grid.fileName ?? 'the file'}</CardTitle>
          <CardDescription>Totals of the rows below, as they are now.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <BulkSummary summary={summary} />
          {!confirming && alert}
          <p id="bulk-submit-blocker" role="status" className="text-sm text-muted-foreground">
            {checking === 'rows' ? 'Checking the rows with the server…' : (blocker ?? 'Every row is ready.')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => {
                setFailure(null);
                setConfirming(true);
              }}
              disabled={blocker !== null || checking !== null}
              aria-describedby="bulk-submit-blocker"
            >
              Submit {payouts(summary.count)}
            </Button>
            <Button
              variant="outline"
              onClick={() => void checkAgain()}
              disabled={checking !== null || grid.rows.length === 0}
            >
              <RefreshCw aria-hidden />
              Check again
            </Button>
            <Button variant="ghost" onClick={startOver}>
              Upload another file
            </Button>
          </div>
        </CardContent>
      </Card>
      <BulkGrid grid={grid} onEdit={onEdit} onDrop={onDrop} />
      <Dialog open={confirming} onOpenChange={(open) => !submit.isPending && setConfirming(open)}>
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
          {failure && retry && (
            <p className="text-sm text-muted-foreground">
              Trying again is safe: the same request is sent, so each payout is made at most once.
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={submit.isPending}>
              Cancel
            </Button>
            <Button
              onClick={() => void onConfirm()}
              disabled={submit.isPending}
              aria-busy={submit.isPending || undefined}
            >
              {submit.isPending
                ? 'Submitting…'
                : retry
                  ? 'Try again'
                  : `Pay ${payouts(summary.count)} of ${formatPaise(summary.paise)}`}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
