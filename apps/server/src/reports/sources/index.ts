import { REPORT_TYPES, type ReportType } from '@meridian/contract/reports';
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

/** Report types that have no source yet (the registry test fails while this is not empty). */
export const missingReportTypes = (): ReportType[] => REPORT_TYPES.filter((t) => !REPORT_SOURCES.has(t));
