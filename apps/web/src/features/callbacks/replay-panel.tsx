import { useState } from 'react';
import type { CallbackEventType } from '@meridian/contract';
import type { CallbackReplay } from '@meridian/contract/callback-configurations';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { resolveListState, todayIn } from '@/components/data-table/list-state';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { timeZonePreference } from '@/lib/preferences/display';
import { useReplayProgress, useStartReplay } from './api';
import type { CallbacksSearch } from './search';

/** "3 of 5 sent again" and the state, for the live progress line. */
export function replayProgressText(r: CallbackReplay): string {
  if (r.total === 0) return 'No failed deliveries in this range: nothing to replay.';
  const base = `${r.done} of ${r.total} failed deliveries sent again`;
  if (r.status === 'COMPLETED') return `Replay finished: ${base}.`;
  return r.status === 'QUEUED' ? `Replay queued (${r.total} failed deliveries)…` : `Replaying: ${base}…`;
}

/** "Replay failed deliveries" for the log's date range (and event type), behind a confirmation, with progress. */
export function ReplayPanel({ search }: { search: CallbacksSearch }) {
  const timeZone = timeZonePreference.use();
  const range = resolveListState(search, { today: todayIn(timeZone), searchKeys: ['webhook_id'] });
  const [open, setOpen] = useState(false);
  const [replayId, setReplayId] = useState<string | undefined>();
  const start = useStartReplay();
  const progress = useReplayProgress(replayId);
  const replay = progress.data ?? start.data;
  const running = replay !== undefined && replay.status !== 'COMPLETED';
  const confirm = () =>
    start.mutate(
      {
        start_date: range.startDate,
        end_date: range.endDate,
        time_zone: timeZone,
        ...(search.event_type ? { event_type: search.event_type as CallbackEventType } : {}),
      },
      {
        onSuccess: (r) => {
          setReplayId(r.replay_id);
          setOpen(false);
        },
      },
    );
  return (
    <div className="flex flex-col gap-2">
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) start.reset();
        }}
      >
        <Button variant="outline" className="self-start" disabled={running} onClick={() => setOpen(true)}>
          <RotateCcw aria-hidden />
          Replay failed deliveries
        </Button>
        {open && (
          <DialogContent role="alertdialog">
            <DialogHeader className="pr-8">
              <DialogTitle>Replay the failed deliveries?</DialogTitle>
              <DialogDescription>
                Every failed delivery created from {range.startDate} to {range.endDate}
                {search.event_type ? ` (${search.event_type})` : ''} is sent again, each with its own
                webhook-id.
              </DialogDescription>
            </DialogHeader>
            {start.isError && (
              <p role="alert" className="text-sm text-destructive">
                {serverErrorMessage(start.error)}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button onClick={confirm} disabled={start.isPending}>
                {start.isPending ? 'Starting…' : 'Replay'}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
      {replay && <ReplayProgress replay={replay} />}
    </div>
  );
}

/** The replay's progress: the line, and a bar while there is anything to send. */
function ReplayProgress({ replay }: { replay: CallbackReplay }) {
  const pct = replay.total ? Math.round((replay.done / replay.total) * 100) : 100;
  return (
    <div className="flex flex-col gap-1" role="status" aria-live="polite">
      <p className="text-sm">{replayProgressText(replay)}</p>
      {replay.total > 0 && (
        <div
          role="progressbar"
          aria-label="Replay progress"
          aria-valuemin={0}
          aria-valuemax={replay.total}
          aria-valuenow={replay.done}
          className="h-2 w-full max-w-sm overflow-hidden rounded bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
        </div>
      )}
    </div>
  );
}
