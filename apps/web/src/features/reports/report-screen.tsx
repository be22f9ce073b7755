import { useId, useMemo, useState, type ReactNode } from 'react';
import type { ReportType, ReportTypeInfo } from '@meridian/contract/reports';
import { FormErrorAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { serverErrorMessage } from '@/components/form/server-errors';
import { PageFrame } from '@/components/layout/page-frame';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { useReportTypes } from './api/report-types';
import { PreviewTable } from './preview-table';
import { RecentReports } from './recent-reports';
import { ColumnPicker, ReportFields } from './report-fields';
import { SchedulePanel } from './schedule-panel';
import { useReportForm } from './use-report-form';
import { Can } from '@/components/permissions/can';

function ReportForm({ info, onGenerated }: { info: ReportTypeInfo; onGenerated: () => void }) {
  const id = useId();
  const form = useReportForm(info, onGenerated);
  const { columns, request, format, preview, previewQuery, generate } = form;

  return (
    <form onSubmit={form.submit} aria-label={`${info.title} request`} className="flex flex-col gap-5">
      <ReportFields id={id} info={info} form={form} />

      <ColumnPicker info={info} form={form} />

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
        <Button type="button" variant="outline" disabled={!columns.length} onClick={form.showPreview}>
          Preview
        </Button>
      </div>

      {preview && previewQuery.data && <PreviewTable data={previewQuery.data} />}
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
