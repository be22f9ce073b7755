import type { AnyReportSource } from '../source.ts';

export const collectionReportSources: AnyReportSource[] = [];
