import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Play from 'lucide-react/icons/play';
import type { SettlementCycle } from '@meridian/contract/accounts';
import { Code, DateTimeText, DetailList, MoneyText, StatusBadge } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { serverErrorMessage } from '@/components/form/server-errors';
import {
  settlementCyclesQueryOptions,
  useInvokeCycle,
  useUpdateCycle,
  type SettlementRunResult,
} from './api';
import { CycleEditDialog } from './cycle-edit-dialog';
import { SETTLEMENT_STATUS_VARIANTS, typeLabel } from './statuses';
import { Can } from '@/components/permissions/can';

/** What a run did: its window, and the settlements it created (or why nothing moved). */
function RunResult({ result, onDone }: { result: SettlementRunResult; onDone: () => void }) {
  return (
    <div role="status" className="flex flex-col gap-3 text-sm">
      <p>
        Window <DateTimeText value={result.window_start} /> to <DateTimeText value={result.window_end} />
      </p>
      {result.settlements.length === 0 ? (
        <p className="font-medium">{result.message ?? 'Nothing was settled.'}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {result.settlements.map((s) => (
            <li key={s.urn} className="flex flex-wrap items-center gap-2 rounded-md border p-2">
              <Code>{s.urn}</Code>
              <MoneyText value={s.amount} />
              <StatusBadge status={s.status} variants={SETTLEMENT_STATUS_VARIANTS} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

/** Invoking a cycle from the dialog: the run's answer or error, cleared when the dialog closes. */
function useRunNow(cycle: SettlementCycle, onOpenChange: (open: boolean) => void) {
  const invoke = useInvokeCycle();
  const [result, setResult] = useState<SettlementRunResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) => {
    if (!next) {
      setResult(null);
      setError(null);
      invoke.reset();
    }
    onOpenChange(next);
  };
  const run = async () => {
    setError(null);
    try {
      const answer = await invoke.mutateAsync(cycle.cycle_id);
      setResult(answer);
      toast.success(
        answer.settlements.length > 0
          ? `${answer.settlements.length} settlement${answer.settlements.length === 1 ? '' : 's'} created`
          : 'Nothing to settle',
      );
    } catch (e) {
      setError(serverErrorMessage(e));
    }
  };
  return { result, error, change, run, pending: invoke.isPending };
}

/** "Run now": a confirmation, then what the run did (settlements created, or why nothing moved). */
export function RunNowDialog({
  cycle,
  open,
  onOpenChange,
}: {
  cycle: SettlementCycle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { result, error, change, run, pending } = useRunNow(cycle, onOpenChange);
  return (
    <Dialog open={open} onOpenChange={change}>
      {open && (
        <DialogContent className="max-h-[90svh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Run {cycle.name} now?</DialogTitle>
            <DialogDescription>
              Settles what your virtual accounts collected in this cycle&apos;s window to the settlement
              account, now instead of at the next run time.
            </DialogDescription>
          </DialogHeader>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          {result ? (
            <RunResult result={result} onDone={() => change(false)} />
          ) : (
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => change(false)}>
                Cancel
              </Button>
              <Button onClick={() => void run()} disabled={pending}>
                {pending ? 'Running…' : 'Run now'}
              </Button>
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function CycleCard({ cycle }: { cycle: SettlementCycle }) {
  const [editing, setEditing] = useState(false);
  const [running, setRunning] = useState(false);
  const update = useUpdateCycle();
  const switchId = `cycle-enabled-${cycle.cycle_id}`;
  const toggle = async (enabled: boolean) => {
    try {
      await update.mutateAsync({ cycleId: cycle.cycle_id, body: { enabled } });
      toast.success(enabled ? `${cycle.name} enabled` : `${cycle.name} paused`);
    } catch (e) {
      toast.error('The cycle was not changed', { description: serverErrorMessage(e) });
    }
  };
  return (
    <li>
      <Card className="h-full">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle as="h3" className="flex items-center gap-2">
            {cycle.name}
            <Badge variant="blue">{typeLabel(cycle.type)}</Badge>
          </CardTitle>
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={cycle.enabled}
              disabled={update.isPending}
              onCheckedChange={(v) => void toggle(v)}
            />
            <label htmlFor={switchId} className="text-sm">
              {cycle.enabled ? 'Enabled' : 'Paused'}
              <span className="sr-only"> ({cycle.name})</span>
            </label>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <DetailList
            items={[
              ['Run times', `${cycle.run_times.join(', ') || '-'} (${cycle.time_zone})`],
              ['Minimum', <MoneyText key="min" value={cycle.min_amount} />],
              ['Next run', cycle.enabled ? <DateTimeText key="next" value={cycle.next_run_at} /> : 'Paused'],
              ['Last run', <DateTimeText key="last" value={cycle.last_run_at} />],
            ]}
          />
          <Can permission="settlements.manage">
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${cycle.name}`}>
                Edit
              </Button>
              <Button
                variant="secondary"
                onClick={() => setRunning(true)}
                aria-label={`Run ${cycle.name} now`}
              >
                <Play aria-hidden />
                Run now
              </Button>
            </div>
          </Can>
        </CardContent>
      </Card>
      <CycleEditDialog cycle={cycle} open={editing} onOpenChange={setEditing} />
      <RunNowDialog cycle={cycle} open={running} onOpenChange={setRunning} />
    </li>
  );
}

export function CyclesSection() {
  const query = useQuery(settlementCyclesQueryOptions());
  return (
    <section aria-labelledby="settlement-cycles" className="flex flex-col gap-3">
      <h2 id="settlement-cycles" className="text-lg font-semibold">
        Settlement cycles
      </h2>
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p>The cycles could not be loaded: {query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground">No settlement cycles yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {query.data.map((c) => (
            <CycleCard key={c.cycle_id} cycle={c} />
          ))}
        </ul>
      )}
    </section>
  );
}
