import type { Permission } from '@meridian/contract/permissions';
import type { ReportFilterKey, ReportFormat, ReportType } from '@meridian/contract/reports';
import type { Db } from '../db/database.ts';
import type { FileColumn } from '../files/cells.ts';
import type { ListFilter, ListQueryDef } from '../lists/list-query.ts';

/**
 * A report source: what one `report_type` lists and how to read it in pages. The engine (engine.ts) does the
 * rest for every source alike — validation of the request, the count, the streaming writers (CSV, XLSX, JSON,
 * PDF), progress, storage, history and download — so a source is only its rows and columns.
 */

/** A column of a report (files/cells.ts: how each kind is written). */
export type ReportColumn<Row> = FileColumn<Row>;

/** The request as a source reads it: the caller's client, the resolved list filter and the report's filters. */
export type ReportScope = {
  clientRef: number;
  /** Range [from, to) in UTC, search (key without the provider prefix, as lists have it), time zone. */
  filter: Omit<ListFilter, 'limit' | 'offset'>;
  params: Partial<Record<ReportFilterKey, string>>;
  /** The provider slug (`meridian`). */
  product: string;
};

export type ReportSource<Row = unknown> = {
  type: ReportType;
  /** The screen's title ("Payouts report"). */
  title: string;
  /** One sentence for the catalogue and the OpenAPI document. */
  description: string;
  /** Formats it offers; `pdf` only where a paged document makes sense. */
  formats: readonly ReportFormat[];
  /** Its search keys and default range (the matching list screen's). */
  list: ListQueryDef;
  /**
   * The filters it takes beside range and search, each with its allowed values where fixed (null: any value
   * the source checks itself, e.g. one of the caller's account numbers). Another filter is a 400.
   */
  filters?: Partial<Record<ReportFilterKey, readonly string[] | null>>;
  /** What a person reads for a filter's values where its list definition does not say (providers' names). */
  filterValueLabels?: Partial<Record<ReportFilterKey, Readonly<Record<string, string>>>>;
  columns: readonly ReportColumn<Row>[];
  /** A role the caller needs (the audit report: admins, as the audit log); 403 with `message` otherwise. */
  /** The permission a caller needs to ask for this report (beyond `reports.generate`). */
  permission?: Permission;
  /** How many rows the report will have (taken when its build starts, for progress). */
  count(db: Db, scope: ReportScope): Promise<number>;
  /**
   * Every row of the report, newest first unless the report says otherwise, in pages of about `pageSize`
   * rows read by keyset (`WHERE (created_at, id) < (…)`, or a per-client sequence): never OFFSET, never all
   * rows in memory. A bad filter value (an account that is not the caller's) throws an AppError (400/404).
   */
  pages(db: Db, scope: ReportScope, pageSize: number): AsyncIterable<Row[]>;
  /**
   * Optional: rows grouped for a paged PDF (the consolidated statement: one section per account with its
   * opening and closing balance). Without it the PDF is one table of the columns.
   */
  pdfSections?: (row: Row) => { key: string; title: string } | null;
};

/** Type-erased, for the registry. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyReportSource = ReportSource<any>;

/** Identity helper that keeps `Row` inferred from `pages` in a source's definition. */
export const defineReport = <Row>(source: ReportSource<Row>): ReportSource<Row> => source;

/** The row type of a keyset page function (`(db, scope, n) => AsyncIterable<Row[]>`). */
export type PageRow<F> = F extends (...args: never[]) => AsyncIterable<(infer R)[]> ? R : never;
