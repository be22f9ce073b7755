import { type CallbackDelivery, type Payout, type PayoutDetails } from '@meridian/contract';
import { PAYOUTS_LIST } from '@meridian/contract/flow-lists';
import Send from 'lucide-react/icons/send';
import { Link } from '@tanstack/react-router';
import {
  Code,
  DataTable,
  DateTimeText,
  StatusBadge,
  type ColumnOverrides,
  type ColumnKey,
  type DataTableDetails,
} from '@/components/data-table';
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
import { cx } from '@/lib/cx';
import { payoutDetailsQueryOptions, payoutsEndpoints } from '../api/payouts';
import { DetailsSection, ListPage, type ListPageProps } from './list-page';
import { CALLBACK_STATUS_VARIANTS, PAYOUT_STATUS_VARIANTS } from './statuses';
import { Can } from '@/components/permissions/can';
import { TraceLink } from '@/components/trace/trace-link';

/** The page's own cells and card lines; every other column is drawn from the list definition. */
const COLUMNS: ColumnOverrides<Payout, ColumnKey<typeof PAYOUTS_LIST>> = {
  cells: {
    beneficiary_name: (p) => (
      <span className="flex max-w-56 flex-col">
        <span className="truncate" title={p.beneficiary_name}>
          {p.beneficiary_name}
        </span>
        <span className="text-xs text-muted-foreground">{p.beneficiary_code}</span>
      </span>
    ),
  },
  statusVariants: { status: PAYOUT_STATUS_VARIANTS },
  primary: 'urn',
  cards: { beneficiary_name: 'primary', urn: 'secondary' },
};

function Timeline({ events }: { events: PayoutDetails['events'] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No state changes recorded.</p>;
  return (
    <ol className="flex flex-col gap-3 border-l pl-4 text-sm">
      {events.map((event, i) => (
        <li key={`${event.at}-${i}`} className="flex flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={event.status} variants={PAYOUT_STATUS_VARIANTS} />
            <DateTimeText value={event.at} className="text-muted-foreground" />
          </span>
          {event.message && <span>{event.message}</span>}
        </li>
      ))}
    </ol>
  );
}

function CallbackAttempts({ delivery }: { delivery: CallbackDelivery }) {
  if (delivery.attempts.length === 0) {
    return <p className="text-sm text-muted-foreground">Not attempted yet.</p>;
  }
  return (
    <Table
      density="none"
      scrollLabel={`Delivery attempts of the ${delivery.event} callback`}
      frame={false}
      regionClassName="rounded-md border"
      className="w-full text-sm"
    >
      <TableCaption>Delivery attempts of the {delivery.event} callback</TableCaption>
      <TableHeader className="bg-muted/50 text-muted-foreground">
        <TableRow>
          <TableHead className="px-2 py-1.5">#</TableHead>
          <TableHead className="px-2 py-1.5">Started</TableHead>
          <TableHead className="px-2 py-1.5">Status code</TableHead>
          <TableHead align="right" className="px-2 py-1.5">
            Latency
          </TableHead>
          <TableHead className="px-2 py-1.5">Answer</TableHead>
          <TableHead className="px-2 py-1.5">Error</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {delivery.attempts.map((a) => (
          <TableRow key={a.attempt} className="border-t align-top">
            <TableCell className="px-2 py-1.5 tabular-nums">{a.attempt}</TableCell>
            <TableCell className="px-2 py-1.5">
              <DateTimeText value={a.started_at} />
            </TableCell>
            <TableCell className="px-2 py-1.5 tabular-nums">{a.status_code ?? '-'}</TableCell>
            <TableCell align="right" className="px-2 py-1.5 whitespace-nowrap tabular-nums">
              {a.latency_ms === null ? '-' : `${a.latency_ms} ms`}
            </TableCell>
            <TableCell className="max-w-56 px-2 py-1.5">
              {a.response_excerpt ? <Code wrap>{a.response_excerpt}</Code> : '-'}
            </TableCell>
            <TableCell className={cx('max-w-56 px-2 py-1.5 break-words', a.error && 'text-destructive')}>
              {a.error ?? '-'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Callbacks({ callbacks }: { callbacks: CallbackDelivery[] }) {
  if (callbacks.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No callbacks for this payout. Configure a callback URL to be told about status changes.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {callbacks.map((delivery) => (
        <li key={delivery.webhook_id} className="flex flex-col gap-2 rounded-lg border p-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{delivery.event}</span>
            <StatusBadge status={delivery.status} variants={CALLBACK_STATUS_VARIANTS} />
            <Code wrap className="text-muted-foreground">
              {delivery.url}
            </Code>
          </div>
          {delivery.next_attempt_at && (
            <p className="text-sm text-muted-foreground">
              Next attempt: <DateTimeText value={delivery.next_attempt_at} />
            </p>
          )}
          <CallbackAttempts delivery={delivery} />
        </li>
      ))}
    </ul>
  );
}

/**
 * What the details add to the payout's column values: the link to its trace, the timeline of states and every
 * callback delivery.
 */
function PayoutHistory({ payout }: { payout: PayoutDetails }) {
  return (
    <div className="flex flex-col gap-4">
      <TraceLink id={payout.urn} />
      <DetailsSection title="Timeline">
        <Timeline events={payout.events} />
      </DetailsSection>
      <DetailsSection title="Callbacks">
        <Callbacks callbacks={payout.callbacks} />
      </DetailsSection>
    </div>
  );
}

const DETAILS: DataTableDetails<Payout, PayoutDetails> = {
  title: (urn) => `Payout ${urn}`,
  idLabel: 'URN',
  description: (_urn, row) =>
    row ? `${row.beneficiary_name} · ${row.transfer_type}` : 'Status, timeline and callback deliveries',
  noun: 'payout',
  query: payoutDetailsQueryOptions,
  row: (payout) => payout,
  render: (payout) => <PayoutHistory payout={payout} />,
};

/**
 * /flow/payouts: every payout, newest first, filterable by status, transfer type and amount ("failed today":
 * status FAILURE with today's range), with its status timeline and callbacks in the details.
 */
export function PayoutsPage({ search, onSearchChange }: ListPageProps) {
  return (
    <ListPage
      path="/flow/payouts"
      description="Every payout with its status, amount and bank reference, filterable by date, reference, status, transfer type and amount."
      actions={
        <Can permission="payouts.create">
          <Button asChild>
            <Link to="/flow/initiate-payout">
              <Send aria-hidden />
              Initiate payout
            </Link>
          </Button>
        </Can>
      }
    >
      <DataTable
        list={PAYOUTS_LIST}
        endpoints={payoutsEndpoints}
        {...COLUMNS}
        rowId={(p) => p.urn}
        details={DETAILS}
        empty={{
          title: 'No payouts in this date range',
          hint: 'Payouts you initiate, one by one or in bulk, will be listed here.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </ListPage>
  );
}
