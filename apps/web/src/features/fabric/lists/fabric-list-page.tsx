import {
  FABRIC_CALL_STATUS_LABELS,
  FABRIC_LISTS,
  type FabricCall,
  type FabricCallDetails,
  type FabricList,
  type FabricProductSlug,
} from '@meridian/contract/fabric';
import {
  DataTable,
  StatusBadge,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { fabricCallDetailsQueryOptions, fabricCallsEndpoints } from '../api/calls';
import { ConnectionState } from '../connection-state';
import { DetailsSection, JsonBlock } from '../details-section';
import { CHANNEL_LABELS, FABRIC_DESCRIPTIONS, FABRIC_STATUS_VARIANTS, creditsText } from '../products';
import { useLiveList } from './use-live-list';
import { TraceLink } from '@/components/trace/trace-link';

const Status = ({ call }: { call: FabricCall }) => (
  <StatusBadge
    status={call.status}
    variants={FABRIC_STATUS_VARIANTS}
    label={FABRIC_CALL_STATUS_LABELS[call.status]}
  />
);

const nowrap = 'whitespace-nowrap tabular-nums';

/** The page's own cells and card lines; every other column is drawn from the product's list definition. */
const COLUMNS: ColumnOverrides<FabricCall, ColumnKey<FabricList>> = {
  cells: {
    status: (c) => <Status call={c} />,
    credits: (c) => <span className={nowrap}>{creditsText(c.credits)}</span>,
    latency_ms: (c) => <span className={nowrap}>{c.latency_ms} ms</span>,
    channel: (c) => CHANNEL_LABELS[c.channel],
  },
  primary: 'urn',
  cards: {
    customer_reference_number: 'primary',
    urn: 'secondary',
    result_code: 'secondary',
    credits: 'amount',
  },
};

/**
 * What the details add to the call's column values: the link to its trace, its request and response as stored
 * (personal data masked).
 */
function CallPayloads({ call }: { call: FabricCallDetails }) {
  return (
    <div className="flex flex-col gap-4">
      <TraceLink id={call.urn} />
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
  title: (urn) => `${FABRIC_LISTS[slug].title} ${urn}`,
  idLabel: 'URN',
  description: (_urn, row) =>
    row
      ? `${FABRIC_CALL_STATUS_LABELS[row.status]} · ${creditsText(row.credits)}`
      : 'The call with its masked request and response',
  noun: 'call',
  query: (urn) => fabricCallDetailsQueryOptions(slug, urn),
  row: (call: FabricCallDetails) => call,
  render: (call: FabricCallDetails) => <CallPayloads call={call} />,
});

/** One details object per product, so the table's memoised inputs stay stable across renders. */
const details = new Map<FabricProductSlug, DataTableDetails<FabricCall, FabricCallDetails>>();
function detailsFor(slug: FabricProductSlug) {
  let found = details.get(slug);
  if (!found) details.set(slug, (found = detailsOf(slug)));
  return found;
}

const rowId = (c: FabricCall) => c.urn;

/**
 * /fabric/{slug}: one product's call log on its list definition (FABRIC_LISTS: title, search keys, default
 * range, status filter, columns). Every row opens the call with its masked request and response; new calls of
 * the product (events stream) refresh the list while it is on screen.
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
  const list = FABRIC_LISTS[slug];
  const live = useLiveList(slug);
  return (
    <PageFrame
      title={list.title}
      description={FABRIC_DESCRIPTIONS[slug]}
      breadcrumb={[{ label: 'Fabric', to: '/fabric' }, { label: list.title }]}
      actions={<ConnectionState state={live} />}
    >
      <DataTable
        list={list}
        endpoints={fabricCallsEndpoints(slug)}
        {...COLUMNS}
        rowId={rowId}
        details={detailsFor(slug)}
        empty={{
          title: 'No calls in this date range',
          hint: `Calls to POST /v2/fabric/${slug} made with your API keys or from the dashboard are listed here.`,
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </PageFrame>
  );
}
