import { useId, useState, type ReactNode } from 'react';
import {
  CALLBACK_DELIVERY_STATUS_LABELS,
  CALLBACK_EVENT_TYPE_INFO,
} from '@meridian/contract/callback-configurations';
import { EVENTS_LIST, type EventDetails, type EventRecord } from '@meridian/contract/developers';
import {
  Code,
  DataTable,
  DateTimeText,
  StatusBadge,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { serverErrorMessage } from '@/components/form/server-errors';
import { PageFrame } from '@/components/layout/page-frame';
import { Can } from '@/components/permissions/can';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
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
import {
  eventDetailsQueryOptions,
  eventsEndpoints,
  useCallbackConfigurations,
  useResendEvent,
} from './events-api';

const DELIVERY_VARIANTS = { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' } as const;

/** A delivery status as a badge: pending yellow, delivered green, failed red. */
function DeliveryStatus({ status }: { status: string }) {
  const label = (CALLBACK_DELIVERY_STATUS_LABELS as Record<string, string>)[status];
  return <StatusBadge status={status} variants={DELIVERY_VARIANTS} {...(label ? { label } : {})} />;
}

/** An event type's label ("Payouts"), or the type as it is when the product no longer raises it. */
const typeLabel = (type: string) =>
  (CALLBACK_EVENT_TYPE_INFO as Record<string, { label: string } | undefined>)[type]?.label ?? type;

/** The page's own cells; every other column is drawn from the list definition. */
const COLUMNS: ColumnOverrides<EventRecord, ColumnKey<typeof EVENTS_LIST>> = {
  cells: {
    event_type: (e) => typeLabel(e.event_type),
    last_delivery_status: (e) =>
      e.last_delivery_status ? <DeliveryStatus status={e.last_delivery_status} /> : '-',
  },
  primary: 'event',
  cards: { event: 'primary', subject_urn: 'secondary', last_delivery_status: 'status' },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-medium">{title}</h3>
      {children}
    </section>
  );
}

/** Every delivery of the event: to which configuration and URL, status, attempts, the latest answer. */
function DeliveriesTable({ deliveries }: { deliveries: EventDetails['delivery_list'] }) {
  if (!deliveries.length)
    return (
      <p className="text-sm text-muted-foreground">
        Not delivered: no callback URL received events of this type when it happened.
      </p>
    );
  return (
    <Table
      density="none"
      scrollLabel="Deliveries of the event"
      frame={false}
      regionClassName="rounded-lg border"
      className="w-full text-sm"
    >
      <TableCaption>Deliveries of the event</TableCaption>
      <TableHeader className="bg-muted/50 text-muted-foreground">
        <TableRow>
          {['Created', 'Webhook id', 'Callback', 'Status', 'Attempts', 'Last answer'].map((h) => (
            <TableHead key={h} className="h-9 px-2 whitespace-nowrap">
              {h}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.map((d) => (
          <TableRow key={d.webhook_id} className="border-t align-top">
            <TableCell className="px-2 py-1.5">
              <DateTimeText value={d.created_at} />
            </TableCell>
            <TableCell className="px-2 py-1.5">
              <span className="flex flex-col items-start gap-1">
                <Code wrap className="text-xs">
                  {d.webhook_id}
                </Code>
                {d.resent && <Badge variant="blue">Resent</Badge>}
              </span>
            </TableCell>
            <TableCell className="max-w-[16rem] px-2 py-1.5">
              <span className="flex flex-col">
                <Code className="text-xs">{d.callback_id}</Code>
                <Code wrap className="text-xs text-muted-foreground">
                  {d.url}
                </Code>
              </span>
            </TableCell>
            <TableCell className="px-2 py-1.5">
              <DeliveryStatus status={d.status} />
            </TableCell>
            <TableCell className="px-2 py-1.5 tabular-nums">{d.attempt_count}</TableCell>
            <TableCell className="px-2 py-1.5 whitespace-nowrap">
              {d.last_status_code === null ? '-' : `HTTP ${d.last_status_code}`}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The default target of a resend: the active configurations of the event's type. */
const CONFIGURED = '';

/**
 * Resend: a new signed delivery of the event (a new webhook-id, the same data), to the active URLs of its type,
 * or to one active callback configuration of the client picked here.
 */
function ResendEvent({ event }: { event: EventDetails }) {
  const configs = useCallbackConfigurations(true);
  const resend = useResendEvent(event.event_id);
  const [target, setTarget] = useState(CONFIGURED);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const active = (configs.data ?? []).filter((c) => c.is_active);
  const run = () => {
    setError(null);
    resend.mutate(target === CONFIGURED ? undefined : target, {
      onSuccess: (result) =>
        toast.success('Event sent again', {
          description: `${result.deliveries.length} new ${result.deliveries.length === 1 ? 'delivery' : 'deliveries'} of ${result.event_id}`,
        }),
      onError: (e) => setError(serverErrorMessage(e)),
    });
  };
  return (
    <div className="flex flex-col items-start gap-2 border-t pt-4">
      <p className="text-sm text-muted-foreground">
        Resend makes a new signed delivery of this event, with a new webhook-id and the same data, whether it
        was delivered before or not.
      </p>
      <div className="flex w-full max-w-md flex-col gap-1.5">
        <Label htmlFor={selectId}>Send to</Label>
        <Select id={selectId} value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value={CONFIGURED}>Its configured endpoints ({typeLabel(event.event_type)})</option>
          {active.map((c) => (
            <option key={c.callback_id} value={c.callback_id}>
              {`${c.url} · ${typeLabel(c.event_type)} · ${c.callback_id}`}
            </option>
          ))}
        </Select>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button onClick={run} disabled={resend.isPending}>
        {resend.isPending ? 'Resending…' : 'Resend'}
      </Button>
    </div>
  );
}

function EventBody({ event }: { event: EventDetails }) {
  return (
    <div className="flex flex-col gap-4">
      <Section title="Data">
        <pre
          aria-label="Event data"
          className="max-h-72 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap"
        >
          {JSON.stringify(event.data, null, 2)}
        </pre>
      </Section>
      <Section title="Deliveries">
        <DeliveriesTable deliveries={event.delivery_list} />
      </Section>
      <Can permission="callbacks.manage">
        <ResendEvent event={event} />
      </Can>
    </div>
  );
}

const DETAILS: DataTableDetails<EventRecord, EventDetails> = {
  title: (id, row) => (row ? `${row.event} · ${id}` : `Event ${id}`),
  idLabel: 'event ID',
  description: (_id, row) => (row ? row.subject_urn : 'An event with its data and deliveries'),
  noun: 'event',
  query: eventDetailsQueryOptions,
  row: (event) => event,
  render: (event) => <EventBody event={event} />,
};

/**
 * /developers/events: every event the product emitted for the client (payouts, credits, mandates, payment links,
 * KYC calls, approvals…), delivered to a URL or not, filterable by event type and searchable by event id, subject
 * or request id; the details show the data and every delivery, and resend it as a new signed delivery.
 */
export function EventsPage({
  search,
  onSearchChange,
}: {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}) {
  return (
    <PageFrame
      title="Events"
      description="Every event emitted for your company, with its callback deliveries; resend any of them, delivered or not."
      breadcrumb={[{ label: 'Developers', to: '/configurations' }, { label: 'Events' }]}
    >
      <DataTable
        list={EVENTS_LIST}
        endpoints={eventsEndpoints}
        {...COLUMNS}
        rowId={(e) => e.event_id}
        details={DETAILS}
        empty={{
          title: 'No events in this date range',
          hint: 'Widen the range or change the filters to see others.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </PageFrame>
  );
}
