import type { AnyReportSource } from '../source.ts';

export const moneyReportSources: AnyReportSource[] = [];
