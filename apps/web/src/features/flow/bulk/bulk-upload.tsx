import { BulkGrid } from './bulk-grid';
import { BulkProgress } from './bulk-progress';
import { ConfirmSubmitDialog, FileErrorsAlert, FileStep, GridSummaryCard } from './bulk-upload-parts';
import { FailureAlert } from './failure-alert';
import { useBulkUpload } from './use-bulk-upload';

/**
 * The bulk upload: a file → the server reads and checks every row → the grid, where cells are fixed (each edit
 * re-checks its row in the browser with the contract's row schema) and rows dropped, and "Check again" has the
 * server check the edited rows → submit (confirming the totals) with an idempotency key reused on a retry →
 * live progress → the response file.
 */
export function BulkUpload({ pollMs }: { pollMs?: number }) {
  const upload = useBulkUpload();
  const { step, grid, summary, failure, checking, confirming, submitting } = upload;

  const alert = failure && (
    <FailureAlert title={failure.title} message={failure.message} details={failure.details} />
  );

  if (step.name === 'progress') {
    return <BulkProgress created={step.bulk} pollMs={pollMs} onNewUpload={upload.startOver} />;
  }

  if (step.name === 'file' || !grid || !summary) {
    return <FileStep alert={alert} checking={checking} onFile={(file) => void upload.onFile(file)} />;
  }

  return (
    <div className="flex flex-col gap-6">
      {grid.fileErrors.length > 0 && <FileErrorsAlert errors={grid.fileErrors} />}
      <GridSummaryCard
        grid={grid}
        summary={summary}
        alert={!confirming && alert}
        checking={checking}
        blocker={upload.blocker}
        onSubmit={upload.askToConfirm}
        onCheckAgain={() => void upload.checkAgain()}
        onStartOver={upload.startOver}
      />
      <BulkGrid grid={grid} onEdit={upload.onEdit} onDrop={upload.onDrop} />
      <ConfirmSubmitDialog
        open={confirming}
        onOpenChange={(open) => !submitting && upload.setConfirming(open)}
        summary={summary}
        alert={alert}
        retryNote={Boolean(failure && upload.retry)}
        retry={upload.retry}
        submitting={submitting}
        onConfirm={() => void upload.onConfirm()}
      />
    </div>
  );
}
