import { useState } from 'react';
import type { TestDataDeleted } from '@meridian/contract/modes';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useCompanyModes } from '@/lib/api/company-modes';
import { useCan } from '@/lib/api/user-details';
import { setMode, useMode } from '@/lib/mode';
import { useDeleteTestData } from './api';

const GOES =
  'Every record of test mode goes: payouts, beneficiaries, validations, bulk payouts, virtual accounts and their credits, mandates, payment links, settlements, approval requests, events and callback deliveries, fabric calls, reports, the request log and the ledger (the test current account goes back to ₹0).';
const STAYS =
  'The test configuration stays: API keys, callback URLs, approval rules, report schedules, saved views and the settlement account. Live data is never touched.';

/** "payout_events" → "payout events". */
const kindLabel = (kind: string) => kind.replace(/_/g, ' ');

/** What the last deletion removed: the total, then each kind with records, most first. */
function DeletedCounts({ result }: { result: TestDataDeleted }) {
  const kinds = Object.entries(result.deleted)
    .filter(([, n]) => n > 0)
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  return (
    <Alert variant="success" role="status">
      <AlertTitle>
        Deleted {result.total} test {result.total === 1 ? 'record' : 'records'}
      </AlertTitle>
      {kinds.length > 0 && (
        <AlertDescription>
          <ul aria-label="Test records deleted" className="grid gap-x-6 sm:grid-cols-2">
            {kinds.map(([kind, n]) => (
              <li key={kind} className="flex justify-between gap-3">
                <span>{kindLabel(kind)}</span>
                <span className="tabular-nums">{n}</span>
              </li>
            ))}
          </ul>
        </AlertDescription>
      )}
    </Alert>
  );
}

/** "Delete all test data" after a confirmation (then the step-up the client asks for). */
function DeleteTestDataButton({ onDeleted }: { onDeleted: (result: TestDataDeleted) => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTestData();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete all test data
      </Button>
      {open && (
        <DialogContent role="alertdialog">
          <DialogHeader className="pr-8">
            <DialogTitle>Delete all test data?</DialogTitle>
            <DialogDescription>{GOES} This cannot be undone.</DialogDescription>
          </DialogHeader>
          <p className="text-sm text-muted-foreground">{STAYS}</p>
          {remove.isError && (
            <Alert variant="destructive" role="alert">
              <AlertTitle>The test data was not deleted</AlertTitle>
              <AlertDescription>{remove.error.message}</AlertDescription>
            </Alert>
          )}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (result) => {
                    onDeleted(result);
                    setOpen(false);
                  },
                })
              }
            >
              {remove.isPending ? 'Deleting…' : 'Delete all test data'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * The danger zone of test mode, for owners and admins (`test_data.delete`) of a company with a test mode: in
 * test mode "Delete all test data" and what the last deletion removed; in live mode, the way to test mode.
 */
export function TestDataSection() {
  const canDelete = useCan('test_data.delete');
  const modes = useCompanyModes();
  const mode = useMode();
  const [result, setResult] = useState<TestDataDeleted | null>(null);
  if (!canDelete || !modes?.test_mode_available) return null;
  return (
    <section
      aria-labelledby="test-data-title"
      className="flex flex-col gap-4 rounded-xl border border-destructive/40 p-4"
    >
      <header className="flex flex-col gap-1">
        <h2 id="test-data-title" className="flex items-center gap-2 text-lg font-medium">
          <TriangleAlert className="size-4 text-destructive" aria-hidden />
          Test data
        </h2>
        <p className="text-sm text-muted-foreground">
          Start your integration tests again from nothing. {GOES} {STAYS}
        </p>
      </header>
      {mode === 'test' ? (
        <div className="flex flex-col items-start gap-4">
          <DeleteTestDataButton onDeleted={setResult} />
          {result && <DeletedCounts result={result} />}
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">You are in live mode: switch to test mode to delete its data.</p>
          <Button variant="outline" onClick={() => setMode('test')}>
            Switch to test mode
          </Button>
        </div>
      )}
    </section>
  );
}
