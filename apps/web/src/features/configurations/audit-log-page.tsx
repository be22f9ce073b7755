import type { AuditRecord } from '@meridian/contract/audit-log';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  type DataTableColumn,
  type DataTableDetails,
  type ListSearch,
  type SearchKeyOption,
} from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { auditLogEndpoints } from './api/audit-log';

const SEARCH_KEYS: SearchKeyOption[] = [
  { value: 'actor_email', label: 'Actor e-mail' },
  { value: 'action', label: 'Action' },
  { value: 'object_id', label: 'Object ID' },
];

const COLUMNS: DataTableColumn<AuditRecord>[] = [
  { id: 'action', header: 'Action', primary: true, card: 'primary', cell: (r) => <Code>{r.action}</Code> },
  {
    id: 'actor',
    header: 'Who',
    card: 'secondary',
    cell: (r) => <span className="break-all">{r.actor ?? '-'}</span>,
  },
  {
    id: 'object_id',
    header: 'Object',
    cell: (r) => (r.object_id ? <Code wrap>{r.object_id}</Code> : '-'),
  },
  { id: 'ip', header: 'IP address', cell: (r) => (r.ip ? <Code>{r.ip}</Code> : '-') },
  { id: 'created_at', header: 'When', card: 'time', cell: (r) => <DateTimeText value={r.created_at} /> },
];

/** JSON of a record's details, indented (before/after of a configuration change, or other metadata). */
function Json({ value }: { value: unknown }) {
  return (
    <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs break-words whitespace-pre-wrap">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function AuditDetails({ record }: { record: AuditRecord }) {
  const { before, after, ...rest } = record.metadata ?? {};
  const hasChange = before !== undefined || after !== undefined;
  return (
    <div className="flex flex-col gap-4">
      <DetailList
        items={[
          ['Action', <Code key="a">{record.action}</Code>],
          ['Who', record.actor],
          [
            'Object',
            record.object_id && (
              <Code wrap key="o">
                {record.object_id}
              </Code>
            ),
          ],
          ['IP address', record.ip && <Code key="ip">{record.ip}</Code>],
          ['When', <DateTimeText key="t" value={record.created_at} />],
          [
            'Request ID',
            record.request_id && (
              <Code wrap key="r">
                {record.request_id}
              </Code>
            ),
          ],
        ]}
      />
      {hasChange && (
        <div className="grid min-w-0 gap-3 sm:grid-cols-2">
          <section className="flex min-w-0 flex-col gap-2">
            <h3 className="text-sm font-medium">Before</h3>
            <Json value={before ?? null} />
          </section>
          <section className="flex min-w-0 flex-col gap-2">
            <h3 className="text-sm font-medium">After</h3>
            <Json value={after ?? null} />
          </section>
        </div>
      )}
      {Object.keys(rest).length > 0 && (
        <section className="flex min-w-0 flex-col gap-2">
          <h3 className="text-sm font-medium">Details</h3>
          <Json value={rest} />
        </section>
      )}
    </div>
  );
}

const DETAILS: DataTableDetails<AuditRecord> = {
  title: (_id, row) => (row ? row.action : 'Audit record'),
  idLabel: 'audit ID',
  description: (_id, row) =>
    row ? `${row.actor ?? 'Unknown actor'} · ${row.object_id ?? 'no object'}` : null,
  noun: 'audit record',
  render: (record) => <AuditDetails record={record} />,
};

/** /configurations/audit-log: every audit record of the client (admins only), with before/after of changes. */
export function AuditLogPage({
  search,
  onSearchChange,
}: {
  search: ListSearch;
  onSearchChange: (next: ListSearch) => void;
}) {
  return (
    <PageFrame
      title="Audit log"
      description="Who did what in your account, when and from which address."
      breadcrumb={[{ label: 'Configurations', to: '/configurations' }, { label: 'Audit log' }]}
    >
      <DataTable
        title="Audit log"
        endpoints={auditLogEndpoints}
        columns={COLUMNS}
        searchKeys={SEARCH_KEYS}
        rowId={(r) => r.audit_id}
        details={DETAILS}
        empty={{
          title: 'No audit records in this date range',
          hint: 'Every sign-in and change in your account is recorded here; widen the range to see older ones.',
        }}
        exportName="audit-log"
        search={search}
        onSearchChange={onSearchChange}
      />
    </PageFrame>
  );
}
