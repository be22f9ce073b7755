import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportFormat, ReportTypeInfo } from '@meridian/contract/reports';
import { defaultRange, todayIn, type DateRange } from '@/components/data-table/list-state';
import { timeZonePreference } from '@/lib/preferences/display';
import { toast } from '@/lib/toast';
import { generateReport } from './api/generate-report';
import { useReportPreview, type PreviewParams } from './api/report-preview';
import { orderedColumns, previewParamsOf, requestOf } from './report-request';

/** The report form's state (range, format, search, filters, columns), its request, Generate and the preview. */
export function useReportForm(info: ReportTypeInfo, onGenerated: () => void) {
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
  return {
    today,
    range,
    setRange,
    format,
    setFormat,
    searchKey,
    setSearchKey,
    searchValue,
    setSearchValue,
    filters,
    setFilters,
    picked,
    setPicked,
    columns,
    request,
    preview,
    showPreview: () => setPreview(previewParamsOf(request)),
    previewQuery,
    generate,
    submit,
  };
}

export type ReportFormState = ReturnType<typeof useReportForm>;
