import type { AnyReportSource } from '../source.ts';

export const usageReportSources: AnyReportSource[] = [];
