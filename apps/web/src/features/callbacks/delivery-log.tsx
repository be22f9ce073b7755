import { useState } from 'react';
import {
  CALLBACK_DELIVERY_STATUSES,
  type CallbackDeliveryRow,
  type CallbackTypeOption,
} from '@meridian/contract/callback-configurations';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  StatusBadge,
  type DataTableColumn,
  type DataTableDetails,
  type SearchKeyOption,
} from '@/components/data-table';
import { serverErrorMessage } from '@/components/form/server-errors';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { toast } from '@/lib/toast';
import { deliveriesEndpoints, useResendDelivery } from './api';
import type { CallbacksSearch } from './search';

export const DELIVERY_STATUS_VARIANTS = { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' } as const;
const STATUS_LABELS = { PENDING: 'Pending', DELIVERED: 'Delivered', FAILED: 'Failed' } as const;
const STATUS_OPTIONS: SearchKeyOption[] = CALLBACK_DELIVERY_STATUSES.map((s) => ({
  value: s,
  label: STATUS_LABELS[s],
}));
const SEARCH_KEYS: SearchKeyOption[] = [
  { value: 'webhook_id', label: 'Webhook ID' },
  { value: 'subject_urn', label: 'Subject URN' },
];

/** An attempt's outcome in a few words: the HTTP status, else the error (timeout, refused address…). */
export function attemptOutcome(a: CallbackDeliveryRow['attempts'][number]): string {
  if (a.status_code !== null) return `HTTP ${a.status_code}`;
  return a.error ?? 'No answer';
}

const latency = (ms: number | null) => (ms === null ? '-' : `${ms} ms`);

const COLUMNS: DataTableColumn<CallbackDeliveryRow>[] = [
  {
    id: 'webhook_id',
    header: 'Webhook ID',
    primary: true,
    card: 'secondary',
    cell: (d) => <Code>{d.webhook_id}</Code>,
  },
  { id: 'event', header: 'Event', card: 'primary', cell: (d) => <Code>{d.event}</Code> },
  { id: 'subject', header: 'Subject', cell: (d) => <Code>{d.subject_urn}</Code> },
  {
    id: 'status',
    header: 'Status',
    card: 'status',
    cell: (d) => (
      <StatusBadge status={d.status} variants={DELIVERY_STATUS_VARIANTS} label={STATUS_LABELS[d.status]} />
    ),
  },
  {
    id: 'last',
    header: 'Last answer',
    cell: (d) => {
      const last = d.attempts.at(-1);
      return last ? `${attemptOutcome(last)} · ${latency(last.latency_ms)}` : '-';
    },
  },
  { id: 'attempts', header: 'Attempts', align: 'right', cell: (d) => d.attempt_count },
  { id: 'created_at', header: 'Created', card: 'time', cell: (d) => <DateTimeText value={d.created_at} /> },
];

/** Every attempt of a delivery: time (user's zone), status, latency and the start of the answer. */
export function AttemptsTable({ attempts }: { attempts: CallbackDeliveryRow['attempts'] }) {
  if (!attempts.length) return <p className="text-sm text-muted-foreground">No attempt yet.</p>;
  return (
    <Table
      density="none"
      scrollLabel="Delivery attempts"
      frame={false}
      regionClassName="rounded-lg border"
      className="w-full text-sm"
    >
      <TableCaption>Delivery attempts</TableCaption>
      <TableHeader className="bg-muted/50 text-muted-foreground">
        <TableRow>
          {['#', 'Time', 'Status', 'Latency', 'Answer'].map((h) => (
            <TableHead key={h} className="h-9 px-2 whitespace-nowrap">
              {h}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {attempts.map((a) => (
          <TableRow key={a.attempt} className="border-t align-top">
            <TableCell className="px-2 py-1.5 tabular-nums">{a.attempt}</TableCell>
            <TableCell className="px-2 py-1.5">
              <DateTimeText value={a.started_at} />
            </TableCell>
            <TableCell className="px-2 py-1.5 whitespace-nowrap">{attemptOutcome(a)}</TableCell>
            <TableCell className="px-2 py-1.5 whitespace-nowrap tabular-nums">
              {latency(a.latency_ms)}
            </TableCell>
            <TableCell className="max-w-[16rem] px-2 py-1.5">
              <Code wrap className="text-xs">
                {a.response_excerpt ? a.response_excerpt.slice(0, 200) : '-'}
              </Code>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Resend({ delivery }: { delivery: CallbackDeliveryRow }) {
  const resend = useResendDelivery();
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    setError(null);
    resend.mutate(delivery.webhook_id, {
      onSuccess: () => toast.success('Delivery queued again', { description: delivery.webhook_id }),
      onError: (e) => setError(serverErrorMessage(e)),
    });
  };
  return (
    <div className="flex flex-col items-start gap-2 border-t pt-4">
      <p className="text-sm text-muted-foreground">
        Resend sends the same message with the same webhook-id, so your endpoint can tell it has seen it.
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button onClick={run} disabled={resend.isPending || delivery.status === 'PENDING'}>
        {resend.isPending ? 'Resending…' : 'Resend'}
      </Button>
      {delivery.status === 'PENDING' && (
        <p className="text-xs text-muted-foreground">
          Still being attempted: resend once it is delivered or failed.
        </p>
      )}
    </div>
  );
}

const DETAILS: DataTableDetails<CallbackDeliveryRow> = {
  title: (id) => `Delivery ${id}`,
  idLabel: 'webhook ID',
  description: (_id, row) => (row ? `${row.event} · ${row.url}` : 'A callback message and its attempts'),
  noun: 'delivery',
  render: (d) => (
    <div className="flex flex-col gap-4">
      <DetailList
        items={[
          ['Event', <Code key="e">{d.event}</Code>],
          [
            'Status',
            <StatusBadge
              key="s"
              status={d.status}
              variants={DELIVERY_STATUS_VARIANTS}
              label={STATUS_LABELS[d.status]}
            />,
          ],
          [
            'URL',
            <Code wrap key="u">
              {`${d.http_method} ${d.url}`}
            </Code>,
          ],
          [
            'Subject',
            <Code wrap key="sub">
              {d.subject_urn}
            </Code>,
          ],
          ['Created', <DateTimeText key="c" value={d.created_at} />],
          ['Next attempt', d.next_attempt_at && <DateTimeText key="n" value={d.next_attempt_at} />],
          ['Last resent', d.resent_at && <DateTimeText key="r" value={d.resent_at} />],
        ]}
      />
      <section className="flex flex-col gap-2">
        <h3 className="font-medium">Attempts</h3>
        <AttemptsTable attempts={d.attempts} />
      </section>
      <Resend delivery={d} />
    </div>
  ),
};

/** The delivery log on the generic list: filters event type and status, search by webhook id or subject. */
export function DeliveryLog({
  search,
  onSearchChange,
  types,
}: {
  search: CallbacksSearch;
  onSearchChange: (next: CallbacksSearch) => void;
  types: CallbackTypeOption[] | undefined;
}) {
  const { event_type, status } = search;
  const setFilter = (name: 'event_type' | 'status', value: string) =>
    onSearchChange({ ...search, offset: undefined, selected: undefined, [name]: value || undefined });
  return (
    <DataTable
      title="Callback deliveries"
      endpoints={deliveriesEndpoints}
      columns={COLUMNS}
      searchKeys={SEARCH_KEYS}
      rowId={(d) => d.webhook_id}
      details={DETAILS}
      params={{ event_type, status }}
      filters={[
        {
          label: 'Event type',
          value: event_type ?? '',
          options: (types ?? []).map((t) => ({ value: t.event_type, label: t.label })),
          allLabel: 'All event types',
          onChange: (v) => setFilter('event_type', v),
        },
        {
          label: 'Status',
          value: status ?? '',
          options: STATUS_OPTIONS,
          allLabel: 'All statuses',
          onChange: (v) => setFilter('status', v),
        },
      ]}
      empty={{
        title: 'No callbacks sent in this date range',
        hint: 'Add a callback URL and send a test event: each message and its attempts show here.',
      }}
      exportName="callback-deliveries"
      search={search}
      onSearchChange={(next) => onSearchChange({ ...next, event_type, status })}
    />
  );
}
