import {
  REPORT_FILTER_LABELS,
  humanize,
  type ReportFilterKey,
  type ReportPreview,
  type ReportTypeInfo,
} from '@meridian/contract/reports';
import { searchKeysOf, withProvider, type ListFilterDef } from '@meridian/contract/lists';
import type { Db } from '../db/database.ts';
import { headerOf, rowFormatter } from '../files/cells.ts';
import { checkRequest, columnsOf, scopeOf, type ReportRequest, type ReportSources } from './engine.ts';
import type { AnyReportSource } from './source.ts';

/* What the report screens show before a report is asked for: the types with their forms, a request's first rows. */

/** The first rows of a request as its file would have them (text cells), with the count. */
export async function previewReport(
  db: Db,
  clientRef: number,
  req: ReportRequest,
  opts: { sources: ReportSources; product: string; permissions: ReadonlySet<string> },
): Promise<ReportPreview> {
  const checked = checkRequest(opts.sources, opts.product, req, { permissions: opts.permissions });
  const columns = columnsOf(checked.source, checked.columns);
  const scope = scopeOf(clientRef, opts.product, checked);
  const format = rowFormatter(columns, checked.timeZone, 'text');
  const rows: (string | null)[][] = [];
  for await (const page of checked.source.pages(db, scope, 10)) {
    for (const r of page) {
      rows.push(format(r).map((v) => (v === null ? null : String(v))));
      if (rows.length === 10) break;
    }
    break;
  }
  const count = await checked.source.count(db, scope);
  return {
    columns: columns.map(({ key, header, label, kind }) => ({
      key,
      header: headerOf({ header, kind }, checked.timeZone, opts.product),
      label,
      kind,
    })),
    rows,
    count,
  };
}

/** What the report screens need to build their forms: every type this server builds. */
export function catalogue(
  sources: ReportSources,
  product: string,
  permissions: ReadonlySet<string>,
): ReportTypeInfo[] {
  return [...sources.values()]
    .filter((s) => !s.permission || permissions.has(s.permission))
    .map((s) => ({
      report_type: s.type,
      title: s.title,
      description: s.description,
      formats: [...s.formats],
      columns: s.columns.map(({ key, header, label, kind }) => ({
        key,
        header: withProvider(header, product),
        label,
        kind,
      })),
      search_keys: searchKeysOf(s.list, product),
      search_key_labels: Object.fromEntries(
        s.list.searchKeys.map(({ key, label }) => [
          withProvider(key, product),
          // a list without labels yet: its key in words
          label === key ? humanize(key.replace('{product}_', '')) : label,
        ]),
      ),
      default_range: s.list.defaultRange,
      filters: Object.entries(s.filters ?? {}).map(([key, values]) => ({
        key: key as ReportFilterKey,
        label: REPORT_FILTER_LABELS[key as ReportFilterKey],
        values: values ? [...values] : null,
        value_labels: Object.fromEntries(
          (values ?? []).map((v) => [v, valueLabelOf(s, key as ReportFilterKey, v)]),
        ),
      })),
    }));
}

/**
 * What a person reads for a filter's value: the source's own label, else its list definition's (the list's
 * filter of the same key), else the value in words.
 */
function valueLabelOf(source: AnyReportSource, key: ReportFilterKey, value: string): string {
  const own = source.filterValueLabels?.[key]?.[value];
  if (own) return own;
  const filters = 'filters' in source.list ? source.list.filters : undefined;
  const filter = (filters as Readonly<Record<string, ListFilterDef>> | undefined)?.[key];
  const fromList = filter?.kind === 'enum' ? filter.valueLabels?.[value] : undefined;
  return fromList ?? humanize(value);
}
