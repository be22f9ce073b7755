import type { ReportTypeInfo } from '@meridian/contract/reports';
import type { DateRange } from '@/components/data-table/list-state';
import type { PreviewParams } from './api/report-preview';

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

/** The request as the preview's query string takes it (every value a string, the columns comma-separated). */
export function previewParamsOf(request: ReturnType<typeof requestOf>): PreviewParams {
  const { columns: chosen, ...rest } = request as typeof request & { columns?: string[] };
  return {
    ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
    report_type: request.report_type,
    ...(chosen ? { columns: chosen.join(',') } : {}),
  };
}
