import { formatDurationMs } from '@/lib/format/duration';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import Bell from 'lucide-react/icons/bell';
import Coins from 'lucide-react/icons/coins';
import Download from 'lucide-react/icons/download';
import FileJson from 'lucide-react/icons/file-json';
import Globe from 'lucide-react/icons/globe';
import Landmark from 'lucide-react/icons/landmark';
import RouteIcon from 'lucide-react/icons/route';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Webhook from 'lucide-react/icons/webhook';
import { REQUEST_CHANNEL_LABELS, type Trace, type TraceStep } from '@meridian/contract/developers';
import { Code, DateTimeText, DetailList, saveBlob } from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { cx } from '@/lib/cx';
import { timeZonePreference } from '@/lib/preferences/display';
import { toast } from '@/lib/toast';
import { downloadEvidence, traceFileName, traceQueryOptions } from './api';

const KINDS: Record<TraceStep['kind'], { label: string; icon: LucideIcon; tone: string }> = {
  request: { label: 'Request', icon: Globe, tone: 'text-sky-700 dark:text-sky-400' },
  approval: { label: 'Approval', icon: ShieldCheck, tone: 'text-violet-700 dark:text-violet-400' },
  ledger: { label: 'Ledger', icon: Landmark, tone: 'text-emerald-700 dark:text-emerald-400' },
  rail: { label: 'Rail', icon: RouteIcon, tone: 'text-amber-700 dark:text-amber-400' },
  event: { label: 'Event', icon: Bell, tone: 'text-blue-700 dark:text-blue-400' },
  callback_attempt: { label: 'Callback attempt', icon: Webhook, tone: 'text-pink-700 dark:text-pink-400' },
  credits: { label: 'Credits', icon: Coins, tone: 'text-orange-700 dark:text-orange-400' },
};

/** A detail's value as text: strings as they are, numbers and objects as JSON, nothing as '-'. */
function DetailValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span>-</span>;
  if (typeof value === 'string') return <span className="break-all">{value}</span>;
  return <Code wrap>{JSON.stringify(value)}</Code>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border p-4">
      <h2 className="font-medium">{title}</h2>
      {children}
    </section>
  );
}

/** A JSON document in a region that scrolls (and takes focus to scroll by keyboard). */
function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <pre
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {JSON.stringify(value, null, 2) ?? 'null'}
    </pre>
  );
}

function Timeline({ steps }: { steps: TraceStep[] }) {
  if (steps.length === 0) return <p className="text-sm text-muted-foreground">No steps recorded.</p>;
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-4 border-l pl-5">
      {steps.map((step, i) => {
        const { label, icon: Icon, tone } = KINDS[step.kind];
        const details = Object.entries(step.details).filter(([, v]) => v !== null && v !== undefined);
        return (
          <li key={`${step.at}-${i}`} className="relative flex flex-col gap-2">
            <span
              className={cx(
                'absolute top-0.5 -left-[1.95rem] flex size-6 items-center justify-center rounded-full border bg-background',
                tone,
              )}
            >
              <Icon className="size-3.5" aria-hidden />
            </span>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
              <span className="font-medium">{label}</span>
              <DateTimeText value={step.at} className="text-muted-foreground" />
            </div>
            <p className="font-medium break-words">{step.title}</p>
            {step.subject && (
              <p className="text-xs text-muted-foreground">
                <Code>{step.subject}</Code>
              </p>
            )}
            {details.length > 0 && (
              <DetailList
                className="rounded-md bg-muted/40 p-3"
                items={details.map(([k, v]) => [k, <DetailValue key={k} value={v} />] as const)}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

function RequestSummary({ trace }: { trace: Trace }) {
  const r = trace.request;
  return (
    <Section title="Request">
      {r ? (
        <DetailList
          items={[
            ['Call', <Code key="call" wrap>{`${r.method} ${r.path}`}</Code>],
            ['Route', <Code key="route">{r.route}</Code>],
            ['Status', String(r.status)],
            ['Request id', <Code key="id">{r.request_id}</Code>],
            ['Time', <DateTimeText key="at" value={r.created_at} />],
            ['Duration', formatDurationMs(r.duration_ms)],
            ['Caller', `${r.actor} (${REQUEST_CHANNEL_LABELS[r.channel]})`],
            ['IP address', r.ip ?? '-'],
            ['Idempotency key', r.idempotency_key ? <Code key="idem">{r.idempotency_key}</Code> : '-'],
          ]}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          No request in the log names this id (it was made by the demo data, or its request is older than the
          log keeps). The timeline below comes from the records themselves.
        </p>
      )}
      {trace.resources.length > 0 && (
        <DetailList
          items={[
            [
              'Resources',
              <span key="res" className="flex flex-wrap gap-2">
                {trace.resources.map((urn) => (
                  <Code key={urn}>{urn}</Code>
                ))}
              </span>,
            ],
          ]}
        />
      )}
    </Section>
  );
}

function Bodies({ request }: { request: NonNullable<Trace['request']> }) {
  return (
    <Section title="Request and answer (masked)">
      {request.truncated && (
        <p className="text-sm text-muted-foreground">A body was longer than the log keeps and was cut.</p>
      )}
      {request.query && Object.keys(request.query).length > 0 && (
        <JsonBlock label="Query parameters" value={request.query} />
      )}
      <h3 className="text-sm font-medium">Request body</h3>
      <JsonBlock label="Request body, masked" value={request.request_body} />
      <h3 className="text-sm font-medium">Answer body</h3>
      <JsonBlock label="Answer body, masked" value={request.response_body} />
    </Section>
  );
}

function Downloads({ trace }: { trace: Trace }) {
  const timeZone = timeZonePreference.use();
  const [busy, setBusy] = useState(false);
  const json = () =>
    saveBlob(
      new Blob([JSON.stringify(trace, null, 2)], { type: 'application/json' }),
      traceFileName(trace.id, 'json'),
    );
  const pdf = async () => {
    setBusy(true);
    try {
      saveBlob(await downloadEvidence(trace.id, timeZone), traceFileName(trace.id, 'pdf'));
    } catch (error) {
      toast.error('The evidence PDF could not be downloaded', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={json}>
        <FileJson aria-hidden />
        Download JSON
      </Button>
      <Button onClick={() => void pdf()} disabled={busy}>
        <Download aria-hidden />
        {busy ? 'Preparing PDF…' : 'Download evidence PDF'}
      </Button>
    </>
  );
}

/**
 * /trace/{id}: the whole path of a request or of a resource on one page — the call, approvals, ledger postings
 * with balances before and after, the rail's states and the bank reference, events and each callback attempt,
 * credits — with the request's bodies, exportable as JSON and as a PDF evidence pack.
 */
export function TracePage({ id }: { id: string }) {
  const query = useQuery(traceQueryOptions(id));
  const trace = query.data;
  return (
    <PageFrame
      title={`Trace of ${id}`}
      breadcrumb={[{ label: 'Developers' }, { label: 'Trace' }]}
      description="The call, its approvals, ledger postings, the rail's states, callbacks and credits, in time order."
      actions={trace ? <Downloads trace={trace} /> : null}
    >
      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading the trace">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          {isApiError(query.error) && query.error.status === 404 ? (
            <p>There is nothing to trace with id {id}: no request or record of your company has this id.</p>
          ) : isApiError(query.error) && query.error.status === 403 ? (
            <p>Your role does not allow reading traces (logs.read).</p>
          ) : (
            <>
              <p>The trace could not be loaded: {query.error.message}</p>
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <RequestSummary trace={query.data} />
          <Section title="Timeline">
            <Timeline steps={query.data.steps} />
          </Section>
          {query.data.request && <Bodies request={query.data.request} />}
        </div>
      )}
    </PageFrame>
  );
}
