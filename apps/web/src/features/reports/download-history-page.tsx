import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_FILTER_LABELS,
  REPORT_HISTORY_LIST,
  REPORT_TYPE_TITLES,
  type ReportFilterKey,
  type ReportItem,
} from '@meridian/contract/reports';
import {
  Code,
  DataTable,
  DateTimeText,
  DetailList,
  type ColumnKey,
  type ColumnOverrides,
  type DataTableDetails,
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
import { Can } from '@/components/permissions/can';

const typeLabel = (t: ReportItem['report_type']) => REPORT_TYPE_TITLES[t] ?? t;
/** A report's filters as a person reads them ("Status: FAILURE, Amount from (₹): 100"). */
const filtersText = (filters: ReportItem['filters']) =>
  Object.entries(filters)
    .map(([k, v]) => `${REPORT_FILTER_LABELS[k as ReportFilterKey] ?? k}: ${v}`)
    .join(', ');

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

/** The page's own cells: the file, the live status with the download, the type's title. */
const COLUMNS: ColumnOverrides<ReportItem, ColumnKey<typeof REPORT_HISTORY_LIST>> = {
  cells: {
    file_name: (r) => <span className="break-all">{r.file_name}</span>,
    report_type: (r) => typeLabel(r.report_type),
    // The file's name opens the row, so the download sits with the status it waits for.
    status: (r) => (
      <span className="flex flex-col items-start gap-1">
        <LiveStatus report={r} />
        <span onClick={(e) => e.stopPropagation()}>
          <LiveDownload report={r} />
        </span>
      </span>
    ),
    requested_by: (r) => <span className="break-all">{r.requested_by}</span>,
    format: (r) => r.format.toUpperCase(),
  },
  primary: 'file_name',
  cards: { file_name: 'primary', report_type: 'secondary' },
};

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
          ['Filters', Object.keys(r.filters).length ? filtersText(r.filters) : 'None'],
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
        <Can permission="reports.generate">
          <GenerateAgain report={r} />
        </Can>
      </div>
    </div>
  ),
};

/** /reports/download-history: every report of the client with the list filters, live progress, download. */
export function DownloadHistoryPage({
  search,
  onSearchChange,
}: {
  search: HistorySearch;
  onSearchChange: (next: HistorySearch) => void;
}) {
  // The company filter is the page's own (`{product}_company_urn`); status and report type are the
  // definition's filters.
  const { company = '', ...listSearch } = search;
  const keep = (next: HistorySearch) => onSearchChange({ ...next, ...(company ? { company } : {}) });
  const setCompany = (value: string) => {
    const next: HistorySearch = { ...search, offset: undefined, selected: undefined, company: value };
    if (!value) delete next.company;
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
        list={REPORT_HISTORY_LIST}
        endpoints={reportHistoryEndpoints}
        {...COLUMNS}
        rowId={(r) => r.report_urn}
        details={DETAILS}
        params={{ meridian_company_urn: company }}
        filters={
          ownCompany
            ? [
                {
                  label: 'Company',
                  value: company,
                  allLabel: 'Any',
                  options: [{ value: ownCompany, label: `This company (${ownCompany})` }],
                  onChange: setCompany,
                },
              ]
            : []
        }
        empty={{
          title: 'No reports in this date range',
          hint: 'Generate one from any report screen; it is listed here by the day you asked for it.',
        }}
        search={listSearch}
        onSearchChange={keep}
      />
    </PageFrame>
  );
}
