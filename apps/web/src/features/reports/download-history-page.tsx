import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_STATUSES, REPORT_TYPES, type ReportItem } from '@meridian/contract/reports';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  type DataTableColumn,
  type DataTableDetails,
  type SearchKeyOption,
} from '@/components/data-table';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { getStoredUser } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { serverErrorMessage } from '@/components/form/server-errors';
import { generateReport } from './api/generate-report';
import { reportHistoryEndpoints } from './api/report-history';
import { useLiveReport } from './api/report';
import { DownloadReportButton, ReportProgress } from './recent-reports';
import type { HistorySearch } from './search';

const SEARCH_KEYS: SearchKeyOption[] = [{ value: 'meridian_urn', label: 'Report URN' }];
const typeLabel = (t: string) => t.replaceAll('_', ' ');

/** A row's status, live: a report still being built polls itself until it is READY or FAILED. */
function LiveStatus({ report }: { report: ReportItem }) {
  const live = useLiveReport(report).data;
  return <ReportProgress report={live} />;
}
function LiveDownload({ report }: { report: ReportItem }) {
  const live = useLiveReport(report).data;
  return <DownloadReportButton report={live} />;
}

/** The same request again: a new report with the original's type, format, range, filters and columns. */
function GenerateAgain({ report }: { report: ReportItem }) {
  const queryClient = useQueryClient();
  const again = useMutation({
    mutationFn: () =>
      generateReport({
        ...report.filters,
        report_type: report.report_type,
        format: report.format,
        start_date: report.start_date,
        end_date: report.end_date,
        time_zone: report.time_zone,
        ...(report.columns ? { columns: report.columns } : {}),
      }),
    onSuccess: async (answer) => {
      toast.success(`Report ${answer.report_urn} queued`);
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
      await queryClient.invalidateQueries({ queryKey: [reportHistoryEndpoints.key] });
    },
    onError: (err) => toast.error(serverErrorMessage(err)),
  });
  return (
    <Button size="sm" variant="outline" disabled={again.isPending} onClick={() => again.mutate()}>
      Generate again
    </Button>
  );
}

const COLUMNS: DataTableColumn<ReportItem>[] = [
  {
    id: 'file',
    header: 'Report',
    primary: true,
    card: 'primary',
    cell: (r) => <span className="break-all">{r.file_name}</span>,
  },
  { id: 'type', header: 'Type', card: 'secondary', cell: (r) => typeLabel(r.report_type) },
  { id: 'status', header: 'Status', card: 'status', cell: (r) => <LiveStatus report={r} /> },
  {
    id: 'requested_by',
    header: 'Requested by',
    cell: (r) => <span className="break-all">{r.requested_by}</span>,
  },
  {
    id: 'requested_at',
    header: 'Requested',
    card: 'time',
    cell: (r) => <DateTimeText value={r.requested_at} />,
  },
  { id: 'download', header: 'File', cell: (r) => <LiveDownload report={r} /> },
];

const DETAILS: DataTableDetails<ReportItem> = {
  title: (_id, row) => (row ? row.file_name : 'Report'),
  idLabel: 'report URN',
  noun: 'report',
  render: (r) => (
    <div className="flex flex-col gap-4">
      <DetailList
        items={[
          ['Report URN', <Code key="u">{r.report_urn}</Code>],
          ['Type', typeLabel(r.report_type)],
          ['Format', r.format.toUpperCase()],
          ['Range', `${r.start_date} to ${r.end_date} (${r.time_zone})`],
          [
            'Filters',
            Object.keys(r.filters).length
              ? Object.entries(r.filters)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join(', ')
              : 'None',
          ],
          ['Columns', r.columns ? r.columns.join(', ') : 'All'],
          ['Status', <LiveStatus key="s" report={r} />],
          ['Requested by', r.requested_by],
          ['Requested', <DateTimeText key="r" value={r.requested_at} />],
          ['Finished', r.finished_at && <DateTimeText key="f" value={r.finished_at} />],
          ['Kept until', r.expires_at && <DateTimeText key="e" value={r.expires_at} />],
        ]}
      />
      <div className="flex flex-wrap gap-2">
        <LiveDownload report={r} />
        <GenerateAgain report={r} />
      </div>
    </div>
  ),
};

/** /reports/download-history: every report of the client with the spec's filters, live progress, download. */
export function DownloadHistoryPage({
  search,
  onSearchChange,
}: {
  search: HistorySearch;
  onSearchChange: (next: HistorySearch) => void;
}) {
  const { status = '', report_type = '', company = '', ...listSearch } = search;
  const keep = (next: HistorySearch) =>
    onSearchChange({
      ...next,
      ...(status ? { status } : {}),
      ...(report_type ? { report_type } : {}),
      ...(company ? { company } : {}),
    });
  const set = (patch: Partial<HistorySearch>) => {
    const next: HistorySearch = { ...search, ...patch, offset: undefined, selected: undefined };
    for (const k of ['status', 'report_type', 'company'] as const) if (!next[k]) delete next[k];
    onSearchChange(next);
  };
  const ownCompany = getStoredUser()?.client_id;
  return (
    <PageFrame
      title="Download history"
      description="Every report you generated, with its progress; download a finished file or generate it again."
      breadcrumb={[{ label: 'Reports', to: '/reports' }, { label: 'Download history' }]}
    >
      <DataTable
        title="Reports"
        endpoints={reportHistoryEndpoints}
        columns={COLUMNS}
        searchKeys={SEARCH_KEYS}
        rowId={(r) => r.report_urn}
        details={DETAILS}
        params={{ status, report_type, meridian_company_urn: company }}
        filters={[
          {
            label: 'Status',
            value: status,
            options: REPORT_STATUSES.map((s) => ({ value: s, label: s })),
            onChange: (v) => set({ status: v }),
          },
          {
            label: 'Report type',
            value: report_type,
            options: REPORT_TYPES.map((t) => ({ value: t, label: typeLabel(t) })),
            onChange: (v) => set({ report_type: v }),
          },
          ...(ownCompany
            ? [
                {
                  label: 'Company',
                  value: company,
                  allLabel: 'Any',
                  options: [{ value: ownCompany, label: `This company (${ownCompany})` }],
                  onChange: (v: string) => set({ company: v }),
                },
              ]
            : []),
        ]}
        empty={{
          title: 'No reports in this date range',
          hint: 'Generate one from any report screen; it is listed here by the day you asked for it.',
        }}
        exportName="report-history"
        search={listSearch}
        onSearchChange={keep}
      />
    </PageFrame>
  );
}
