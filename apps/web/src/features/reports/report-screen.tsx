import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportFormat, ReportType, ReportTypeInfo } from '@meridian/contract/reports';
import { defaultRange, todayIn, type DateRange } from '@/components/data-table/list-state';
import { DateRangePicker } from '@/components/data-table/date-range-picker';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { serverErrorMessage } from '@/components/form/server-errors';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
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
import { timeZonePreference } from '@/lib/preferences/display';
import { toast } from '@/lib/toast';
import { generateReport } from './api/generate-report';
import { useReportPreview, type PreviewParams } from './api/report-preview';
import { useReportTypes } from './api/report-types';
import { RecentReports } from './recent-reports';
import { SchedulePanel } from './schedule-panel';
import { Can } from '@/components/permissions/can';

const FORMAT_LABELS: Record<ReportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  json: 'JSON',
  pdf: 'PDF',
};

/** The request the form describes, as generate and preview take it. */
export function requestOf(
  info: ReportTypeInfo,
  state: {
    range: DateRange;
    searchKey: string;
    searchValue: string;
    filters: Record<string, string>;
    columns: string[];
    timeZone: string;
  },
) {
  const allColumns = state.columns.length === info.columns.length;
  return {
    report_type: info.report_type,
    start_date: state.range.start,
    end_date: state.range.end,
    time_zone: state.timeZone,
    ...(state.searchValue.trim()
      ? { search_key: state.searchKey, search_value: state.searchValue.trim() }
      : {}),
    ...Object.fromEntries(Object.entries(state.filters).filter(([, v]) => v !== '')),
    ...(allColumns ? {} : { columns: state.columns }),
  };
}

/** Columns in the type's order, keeping only those ticked. */
export const orderedColumns = (info: ReportTypeInfo, picked: ReadonlySet<string>) =>
  info.columns.map((c) => c.key).filter((k) => picked.has(k));

function ReportForm({ info, onGenerated }: { info: ReportTypeInfo; onGenerated: () => void }) {
  const id = useId();
  const timeZone = timeZonePreference.use();
  const today = todayIn(timeZone);
  const [range, setRange] = useState<DateRange>(() => defaultRange(today, info.default_range));
  const [format, setFormat] = useState<ReportFormat>(info.formats[0] ?? 'csv');
  const [searchKey, setSearchKey] = useState(info.search_keys[0] ?? '');
  const [searchValue, setSearchValue] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState<Set<string>>(() => new Set(info.columns.map((c) => c.key)));
  const [preview, setPreview] = useState<PreviewParams | null>(null);
  const columns = orderedColumns(info, picked);
  const request = requestOf(info, { range, searchKey, searchValue, filters, columns, timeZone });
  const previewQuery = useReportPreview(preview);
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: () => generateReport({ ...request, format }),
    onSuccess: async (answer) => {
      toast.success(`Report ${answer.report_urn} queued`);
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
      onGenerated();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!columns.length) return;
    generate.mutate();
  };
  const previewParams = (): PreviewParams => {
    const { columns: chosen, ...rest } = request as typeof request & { columns?: string[] };
    return {
      ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
      report_type: request.report_type,
      ...(chosen ? { columns: chosen.join(',') } : {}),
    };
  };

  return (
    <form onSubmit={submit} aria-label={`${info.title} request`} className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <DateRangePicker range={range} today={today} onChange={setRange} />
        <FormField id={`${id}-format`} label="Format">
          {(p) => (
            <Select {...p} value={format} onChange={(e) => setFormat(e.target.value as ReportFormat)}>
              {info.formats.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {info.search_keys.length > 0 && (
          <>
            <FormField id={`${id}-key`} label="Search by">
              {(p) => (
                <Select {...p} value={searchKey} onChange={(e) => setSearchKey(e.target.value)}>
                  {info.search_keys.map((k) => (
                    <option key={k} value={k}>
                      {info.search_key_labels[k] ?? k}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField id={`${id}-value`} label="Search value" optional>
              {(p) => (
                <Input
                  {...p}
                  value={searchValue}
                  maxLength={100}
                  onChange={(e) => setSearchValue(e.target.value)}
                />
              )}
            </FormField>
          </>
        )}
        {info.filters.map((f) => (
          <FormField key={f.key} id={`${id}-${f.key}`} label={f.label} optional>
            {(p) =>
              f.values ? (
                <Select
                  {...p}
                  value={filters[f.key] ?? ''}
                  onChange={(e) => setFilters({ ...filters, [f.key]: e.target.value })}
                >
                  <option value="">All</option>
                  {f.values.map((v) => (
                    <option key={v} value={v}>
                      {f.value_labels[v] ?? v}
                    </option>
                  ))}
                </Select>
              ) : (
                <Input
                  {...p}
                  value={filters[f.key] ?? ''}
                  maxLength={64}
                  onChange={(e) => setFilters({ ...filters, [f.key]: e.target.value })}
                />
              )
            }
          </FormField>
        ))}
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">
          Columns ({columns.length} of {info.columns.length})
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {info.columns.map((c) => (
            <label key={c.key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={picked.has(c.key)}
                onChange={(e) => {
                  const next = new Set(picked);
                  if (e.target.checked) next.add(c.key);
                  else next.delete(c.key);
                  setPicked(next);
                }}
              />
              {c.label}
            </label>
          ))}
        </div>
        {!columns.length && (
          <p role="alert" className="text-sm text-destructive">
            Choose at least one column.
          </p>
        )}
      </fieldset>

      <FormErrorAlert
        title={generate.isError ? 'The report was not queued' : 'The preview failed'}
        message={
          generate.isError
            ? serverErrorMessage(generate.error)
            : previewQuery.isError
              ? serverErrorMessage(previewQuery.error)
              : null
        }
      />
      <div className="flex flex-wrap gap-2">
        <Can permission="reports.generate">
          <Button type="submit" disabled={generate.isPending || !columns.length}>
            {generate.isPending ? 'Queuing…' : 'Generate'}
          </Button>
        </Can>
        <Button
          type="button"
          variant="outline"
          disabled={!columns.length}
          onClick={() => setPreview(previewParams())}
        >
          Preview
        </Button>
      </div>

      {preview && previewQuery.data && (
        <section aria-label="Preview" className="flex min-w-0 flex-col gap-2">
          <h3 className="text-sm font-medium">
            Preview: first {previewQuery.data.rows.length} of{' '}
            {previewQuery.data.count.toLocaleString('en-IN')} rows
          </h3>
          <Table density="compact" scrollLabel="Preview of the report">
            <TableCaption>Preview of the report</TableCaption>
            <TableHeader>
              <TableRow>
                {previewQuery.data.columns.map((c) => (
                  <TableHead key={c.key} className="whitespace-nowrap">
                    {c.label}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {previewQuery.data.rows.map((r, i) => (
                <TableRow key={i} className="border-t">
                  {r.map((v, j) => (
                    <TableCell key={j} className="whitespace-nowrap">
                      {v ?? '-'}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      )}
      <Can permission="reports.generate">
        <SchedulePanel
          info={info}
          request={(({ start_date: _s, end_date: _e, ...rest }) => ({ ...rest, format }))(request)}
        />
      </Can>
    </form>
  );
}

/**
 * A report screen: the request form built from the server's catalogue (range, format, search, filters, columns),
 * a preview, Generate, and the recent reports of the screen's types with live progress and downloads. Several
 * types (the MIS files) share one screen with a picker.
 */
export function ReportScreen({
  title,
  description,
  types,
  children,
}: {
  title: string;
  description: string;
  types: readonly ReportType[];
  /** What the screen shows above the request form (a chart, a list). */
  children?: ReactNode;
}) {
  const id = useId();
  const catalogue = useReportTypes();
  const offered = useMemo(
    () => (catalogue.data ?? []).filter((t) => types.includes(t.report_type)),
    [catalogue.data, types],
  );
  const [chosen, setChosen] = useState<ReportType | null>(null);
  const info = offered.find((t) => t.report_type === chosen) ?? offered[0];
  return (
    <PageFrame
      title={title}
      description={description}
      breadcrumb={[{ label: 'Reports', to: '/reports' }, { label: title }]}
    >
      <div className="flex flex-col gap-6">
        {children}
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>New report</h2>
            </CardTitle>
            {info && <CardDescription>{info.description}</CardDescription>}
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {catalogue.isPending ? (
              <p className="text-sm text-muted-foreground">Loading the report options…</p>
            ) : catalogue.isError ? (
              <FormErrorAlert
                title="The report options could not be loaded"
                message={serverErrorMessage(catalogue.error)}
              />
            ) : !info ? (
              <p className="text-sm text-muted-foreground">This report is not offered by the server.</p>
            ) : (
              <>
                {offered.length > 1 && (
                  <FormField id={`${id}-type`} label="Report">
                    {(p) => (
                      <Select
                        {...p}
                        value={info.report_type}
                        onChange={(e) => setChosen(e.target.value as ReportType)}
                      >
                        {offered.map((t) => (
                          <option key={t.report_type} value={t.report_type}>
                            {t.title}
                          </option>
                        ))}
                      </Select>
                    )}
                  </FormField>
                )}
                <ReportForm key={info.report_type} info={info} onGenerated={() => undefined} />
              </>
            )}
          </CardContent>
        </Card>
        <RecentReports reportTypes={types} />
      </div>
    </PageFrame>
  );
}
