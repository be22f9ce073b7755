import type { ReportType } from '@meridian/contract/reports';
import type { AnyReportSource } from '../source.ts';
import { collectionReportSources } from './collections.ts';
import { listReportSources } from './lists.ts';
import { moneyReportSources } from './money.ts';
import { usageReportSources } from './usage.ts';

/** Every report type's source, by type (the engine refuses a type without one). */
export const REPORT_SOURCES: ReadonlyMap<ReportType, AnyReportSource> = new Map(
  [...moneyReportSources, ...listReportSources, ...collectionReportSources, ...usageReportSources].map(
    (s) => [s.type, s],
  ),
);
