import { useState } from 'react';
import {
  CALLBACK_DELIVERIES_LIST,
  CALLBACK_DELIVERY_STATUS_LABELS,
  CALLBACK_EVENT_TYPE_INFO,
  type CallbackDeliveryRow,
} from '@meridian/contract/callback-configurations';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  StatusBadge,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
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
import { Can } from '@/components/permissions/can';

export const DELIVERY_STATUS_VARIANTS = { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' } as const;
const STATUS_LABELS = CALLBACK_DELIVERY_STATUS_LABELS;

/** An attempt's outcome in a few words: the HTTP status, else the error (timeout, refused address…). */
export function attemptOutcome(a: CallbackDeliveryRow['attempts'][number]): string {
  if (a.status_code !== null) return `HTTP ${a.status_code}`;
  return a.error ?? 'No answer';
}

const latency = (ms: number | null) => (ms === null ? '-' : `${ms} ms`);

/** The page's own cells; every other column is drawn from the list definition. */
const COLUMNS: ColumnOverrides<CallbackDeliveryRow, ColumnKey<typeof CALLBACK_DELIVERIES_LIST>> = {
  cells: {
    event_type: (d) => CALLBACK_EVENT_TYPE_INFO[d.event_type].label,
    status: (d) => (
      <StatusBadge status={d.status} variants={DELIVERY_STATUS_VARIANTS} label={STATUS_LABELS[d.status]} />
    ),
    last_status_code: (d) => {
      const last = d.attempts.at(-1);
      return last ? `${attemptOutcome(last)} · ${latency(last.latency_ms)}` : '-';
    },
  },
  primary: 'webhook_id',
  cards: { event: 'primary' },
};

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
      <Can permission="callbacks.manage">
        <Resend delivery={d} />
      </Can>
    </div>
  ),
};

/** The delivery log on the generic list: filters event type and status, search by webhook id or subject. */
export function DeliveryLog({
  search,
  onSearchChange,
}: {
  search: CallbacksSearch;
  onSearchChange: (next: CallbacksSearch) => void;
}) {
  return (
    <DataTable
      list={CALLBACK_DELIVERIES_LIST}
      endpoints={deliveriesEndpoints}
      {...COLUMNS}
      rowId={(d) => d.webhook_id}
      details={DETAILS}
      empty={{
        title: 'No callbacks sent in this date range',
        hint: 'Add a callback URL and send a test event: each message and its attempts show here.',
      }}
      search={search}
      onSearchChange={onSearchChange}
    />
  );
}
