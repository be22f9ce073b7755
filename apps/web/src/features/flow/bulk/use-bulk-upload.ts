import { useCallback, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import type { Bulk, BulkColumn } from '@meridian/contract/bulk';
import {
  isOutcomeUnknown,
  useIdempotentSubmission,
  type IdempotentSubmission,
} from '@/components/form/idempotency';
import { fieldErrors } from '@/lib/api';
import { useSubmitBulk, validateFile, validateRows, type BulkRowsBody } from '../api/bulk';
import { failureMessage } from './failure-alert';
import { checkFile } from './file-check';
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

/** What the upload's steps share: the grid, the failure shown, the step and the submission's key. */
interface Upload {
  setGrid: Dispatch<SetStateAction<GridState | null>>;
  setFailure: Dispatch<SetStateAction<Failure | null>>;
  setStep: Dispatch<SetStateAction<Step>>;
  submission: IdempotentSubmission;
}

const body = (g: GridState): BulkRowsBody => ({
  rows: toRequestRows(g),
  // Rows sent as JSON are stored as a CSV (and answered with a CSV response file): named so.
  ...(g.fileName ? { file_name: `${g.fileName.replace(/\.(csv|xlsx)$/i, '')}.csv` } : {}),
});

/** The server's checks: of a file (into the grid), and "Check again" of the edited rows. */
function useBulkChecks(grid: GridState | null, { setGrid, setFailure, setStep, submission }: Upload) {
  const [checking, setChecking] = useState<'file' | 'rows' | null>(null);

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
  return { checking, onFile, checkAgain };
}

/** The confirmation and the submit, with the idempotency key reused on a retry after an unknown outcome. */
function useBulkConfirm(grid: GridState | null, { setGrid, setFailure, setStep, submission }: Upload) {
  const [confirming, setConfirming] = useState(false);
  const [retry, setRetry] = useState(false);
  const submit = useSubmitBulk();

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
  return { confirming, setConfirming, retry, setRetry, onConfirm, submitting: submit.isPending };
}

/** The bulk upload's state: its step, the grid and its summary, the failure shown, and every action. */
export function useBulkUpload() {
  const [step, setStep] = useState<Step>({ name: 'file' });
  const [grid, setGrid] = useState<GridState | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const submission = useIdempotentSubmission();
  const upload: Upload = { setGrid, setFailure, setStep, submission };
  const checks = useBulkChecks(grid, upload);
  const confirm = useBulkConfirm(grid, upload);

  const summary = useMemo(() => (grid ? summarize(grid) : null), [grid]);
  const blocker = grid && summary ? submitBlocker(grid, summary) : null;

  const onEdit = useCallback((row: number, column: BulkColumn, value: string) => {
    setGrid((g) => (g ? editCell(g, row, column, value) : g));
  }, []);
  const onDrop = useCallback((row: number) => {
    setGrid((g) => (g ? dropRow(g, row) : g));
  }, []);

  const startOver = () => {
    submission.reset();
    setGrid(null);
    setFailure(null);
    confirm.setRetry(false);
    setStep({ name: 'file' });
  };
  const askToConfirm = () => {
    setFailure(null);
    confirm.setConfirming(true);
  };
  return {
    step,
    grid,
    summary,
    blocker,
    failure,
    onEdit,
    onDrop,
    startOver,
    askToConfirm,
    ...checks,
    ...confirm,
  };
}
