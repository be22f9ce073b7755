import { AUDIT_LOG_LIST, type AuditRecord } from '@meridian/contract/audit-log';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
  type ListSearch,
} from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { auditLogEndpoints } from './api/audit-log';

/** The page's own cells; every other column is drawn from the list definition. */
const COLUMNS: ColumnOverrides<AuditRecord, ColumnKey<typeof AUDIT_LOG_LIST>> = {
  cells: {
    actor: (r) => <span className="break-all">{r.actor ?? '-'}</span>,
    metadata: (r) =>
      r.metadata ? (
        <span className="block max-w-56 truncate font-mono text-xs" title={JSON.stringify(r.metadata)}>
          {JSON.stringify(r.metadata)}
        </span>
      ) : (
        '-'
      ),
  },
  primary: 'action',
  cards: { action: 'primary', actor: 'secondary' },
};

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
        list={AUDIT_LOG_LIST}
        endpoints={auditLogEndpoints}
        {...COLUMNS}
        rowId={(r) => r.audit_id}
        details={DETAILS}
        empty={{
          title: 'No audit records in this date range',
          hint: 'Every sign-in and change in your account is recorded here; widen the range to see older ones.',
        }}
        search={search}
        onSearchChange={onSearchChange}
      />
    </PageFrame>
  );
}
