import type { FabricCall, FabricCallDetails, FabricProductSlug } from '@meridian/contract';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  StatusBadge,
  type DataTableColumn,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { fabricCallDetailsQueryOptions, fabricCallsEndpoints } from '../api/calls';
import { ConnectionState } from '../connection-state';
import { DetailsSection, JsonBlock } from '../details-section';
import {
  CHANNEL_LABELS,
  FABRIC_DESCRIPTIONS,
  FABRIC_STATUS_LABELS,
  FABRIC_STATUS_VARIANTS,
  creditsText,
  fabricDefaultRange,
  fabricSearchKeyOptions,
  fabricTitle,
} from '../products';
import { useLiveList } from './use-live-list';

const Status = ({ call }: { call: FabricCall }) => (
  <StatusBadge
    status={call.status}
    variants={FABRIC_STATUS_VARIANTS}
    label={FABRIC_STATUS_LABELS[call.status]}
  />
);

const COLUMNS: DataTableColumn<FabricCall>[] = [
  { id: 'created_at', header: 'Time', card: 'time', cell: (c) => <DateTimeText value={c.created_at} /> },
  { id: 'urn', header: 'URN', primary: true, card: 'secondary', cell: (c) => <Code>{c.urn}</Code> },
  {
    id: 'customer_reference_number',
    header: 'Customer ref',
    card: 'primary',
    cell: (c) => <Code>{c.customer_reference_number}</Code>,
  },
  { id: 'status', header: 'Status', card: 'status', cell: (c) => <Status call={c} /> },
  { id: 'result_code', header: 'Result', card: 'secondary', cell: (c) => <Code>{c.result_code}</Code> },
  {
    id: 'credits',
    header: 'Credits',
    align: 'right',
    card: 'amount',
    cell: (c) => <span className="whitespace-nowrap tabular-nums">{creditsText(c.credits)}</span>,
  },
  {
    id: 'latency_ms',
    header: 'Latency',
    align: 'right',
    cell: (c) => <span className="whitespace-nowrap tabular-nums">{c.latency_ms} ms</span>,
  },
  { id: 'channel', header: 'Channel', cell: (c) => CHANNEL_LABELS[c.channel] },
];

const code = (value: string | null, key: string) =>
  value && (
    <Code wrap key={key}>
      {value}
    </Code>
  );

function callFields(c: FabricCallDetails) {
  return [
    ['URN', code(c.urn, 'urn')],
    ['Status', <Status key="status" call={c} />],
    ['Result', code(c.result_code, 'result')],
    ['Message', c.message],
    ['Credits charged', creditsText(c.credits)],
    ['Customer reference', code(c.customer_reference_number, 'crn')],
    ['Company URN', code(c.company_urn, 'company')],
    ...(c.reference_id ? [['Reference ID', code(c.reference_id, 'ref')] as const] : []),
    ...(c.transaction_id ? [['Transaction ID', code(c.transaction_id, 'txn')] as const] : []),
    ...(c.initiation_transaction_id
      ? [['Initiation transaction ID', code(c.initiation_transaction_id, 'init')] as const]
      : []),
    ['Latency', `${c.latency_ms} ms`],
    ['Channel', c.api_key_id ? `${CHANNEL_LABELS[c.channel]} ${c.api_key_id}` : CHANNEL_LABELS[c.channel]],
    ['Time', <DateTimeText key="created" value={c.created_at} />],
    ['Updated', <DateTimeText key="updated" value={c.updated_at} />],
  ] as const;
}

/** The details dialog body: the call, then its request and response as stored (personal data masked). */
function CallDetailsView({ call }: { call: FabricCallDetails }) {
  return (
    <div className="flex flex-col gap-4">
      <DetailList items={callFields(call)} />
      <DetailsSection title="Request (masked)">
        <JsonBlock label="Request, personal data masked" value={call.request} />
      </DetailsSection>
      <DetailsSection title="Response (masked)">
        <JsonBlock label="Response, personal data masked" value={call.response} />
      </DetailsSection>
    </div>
  );
}

const detailsOf = (slug: FabricProductSlug): DataTableDetails<FabricCall, FabricCallDetails> => ({
  title: (urn) => `${fabricTitle(slug)} ${urn}`,
  idLabel: 'URN',
  description: (_urn, row) =>
    row
      ? `${FABRIC_STATUS_LABELS[row.status]} · ${creditsText(row.credits)}`
      : 'The call with its masked request and response',
  noun: 'call',
  query: (urn) => fabricCallDetailsQueryOptions(slug, urn),
  render: (call: FabricCallDetails) => <CallDetailsView call={call} />,
});

const screens = new Map<FabricProductSlug, ReturnType<typeof screenOf>>();
function screenOf(slug: FabricProductSlug) {
  return {
    title: fabricTitle(slug),
    endpoints: fabricCallsEndpoints(slug),
    searchKeys: fabricSearchKeyOptions(slug),
    defaultRange: fabricDefaultRange(slug),
    details: detailsOf(slug),
  };
}
/** One configuration object per product, so the table's memoised inputs stay stable across renders. */
function screen(slug: FabricProductSlug) {
  let found = screens.get(slug);
  if (!found) screens.set(slug, (found = screenOf(slug)));
  return found;
}

const rowId = (c: FabricCall) => c.urn;

/**
 * /fabric/{slug}: one product's call log, configured from the contract's `FABRIC_SCREENS` (title, search
 * keys, default range). Every row opens the call with its masked request and response; new calls of the
 * product (events stream) refresh the list while it is on screen.
 */
export function FabricListPage({
  slug,
  search,
  onSearchChange,
}: {
  slug: FabricProductSlug;
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}) {
  const s = screen(slug);
  const live = useLiveList(slug);
  return (
    <PageFrame
      title={s.title}
      description={FABRIC_DESCRIPTIONS[slug]}
      breadcrumb={[{ label: 'Fabric', to: '/fabric' }, { label: s.title }]}
      actions={<ConnectionState state={live} />}
    >
      <DataTable
        title={s.title}
        endpoints={s.endpoints}
        columns={COLUMNS}
        searchKeys={s.searchKeys}
        defaultRange={s.defaultRange}
        rowId={rowId}
        details={s.details}
        empty={{
          title: 'No calls in this date range',
          hint: `Calls to POST /v2/fabric/${slug} made with your API keys or from the dashboard are listed here.`,
        }}
        exportName={`fabric_${slug.replace(/-/g, '_')}`}
        search={search}
        onSearchChange={onSearchChange}
      />
    </PageFrame>
  );
}
