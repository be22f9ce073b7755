// One definition per list (plain data, no zod: the web's list state and the server's list routes both read it).
//
// A list is the product's central idea: a screen with a date range, a search by one chosen key, filters,
// paging, a refresh and an export. Its
// definition says everything that is the same on the server and the web: its paths, its search keys with their
// labels, its default date range, its filters, its columns (label, format, priority) and which of them its
// export and its report write. The server's `registerList`, the report sources, the web's list endpoints and
// `DataTable` all read it; nothing about a list is spelled twice. docs/developing/adding-a-list.md is the recipe.

import type { Permission } from './permissions.ts';

/** The longest date range a list, an export or a report takes, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;

/**
 * The range a list shows when none is chosen (both ending today): `last7` is the last 7 days including
 * today (from today minus 6); `todayMinus7` starts at today minus 7 (Aadhaar XML, Aadhaar UID masking,
 * mobile-to-X and data pull's first range).
 */
export type DefaultRange = 'last7' | 'todayMinus7';
export const DEFAULT_RANGES = ['last7', 'todayMinus7'] as const satisfies readonly DefaultRange[];
/** The first day of a default range, in days from today. */
export const DEFAULT_RANGE_START: Readonly<Record<DefaultRange, number>> = { last7: -6, todayMinus7: -7 };

/** A search key with its label; `{product}` in a key stands for the provider slug (`meridian_urn`). */
export type SearchKeyDef = { readonly key: string; readonly label: string };

/**
 * How a column's value is shown and written. Screens: `code` monospace, `status` a badge, `money` an amount in
 * rupees (en-IN), `time` an instant in the user's time zone, `date` a calendar day. Files (CSV, XLSX, JSON,
 * PDF) know five kinds: `code` and `status` are written as `text` (see `fileKind`).
 */
export type ColumnFormat = 'text' | 'code' | 'status' | 'money' | 'time' | 'date' | 'number';
export type FileKind = 'text' | 'money' | 'time' | 'date' | 'number';
export const fileKind = (format: ColumnFormat): FileKind =>
  format === 'code' || format === 'status' ? 'text' : format;

/**
 * 1: a key column, always in view (status, amount, the reference a user searches by) — at 1280 px a list's
 * priority-1 and -2 columns fit without sideways scrolling; 2: shown on wide screens; 3: kept for the row's
 * details, the column picker and the files.
 */
export type ColumnPriority = 1 | 2 | 3;

export type ListColumnDef = {
  /** The row's field, and the column's key in files. */
  readonly key: string;
  /** The column's header in files when it is not the key (`{product}_urn`); `{product}` is the provider slug. */
  readonly header?: string;
  /** What a person reads: the table's header, the column picker, the report forms. */
  readonly label: string;
  readonly format: ColumnFormat;
  readonly priority: ColumnPriority;
  /** False: a screen-only column (a name and code shown together), not written to exports and reports. */
  readonly export?: boolean;
};

/**
 * A filter beside the date range and search date range and search key, as URL and query parameters of the same name:
 * `enum` one of fixed values (`status=FAILED`); `text` a value the server checks itself (one of the caller's
 * account numbers); `amount` a range of rupee amounts as `{key}_min` and `{key}_max` (decimal strings, both
 * ends included).
 */
export type ListFilterDef =
  | {
      readonly kind: 'enum';
      readonly label: string;
      readonly values: readonly string[];
      /** Labels of the values where they are not the values themselves. */
      readonly valueLabels?: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'text'; readonly label: string }
  | { readonly kind: 'amount'; readonly label: string };

/** The search, count and export paths; `{provider}` stands for the provider slug. */
export type ListPaths = { readonly search: string; readonly count: string; readonly export: string };

export type ListDef = {
  /** Machine name: messages, file names, query keys (`payouts`). */
  readonly name: string;
  /** The table's caption and the export's title (`Payouts`). */
  readonly title: string;
  /** One row, for messages ("payout": "There is no payout …"). */
  readonly noun: string;
  /**
   * What reading the list requires: its search, count and export routes carry it (`x-permission`). Every list of
   * the product names one; without it the routes take the registering plugin's `defaultPermission`.
   */
  readonly permission?: Permission;
  readonly paths: ListPaths;
  /** Default first. */
  readonly searchKeys: readonly SearchKeyDef[];
  /** An accepted key → the key it stands for (digilocker: customer_reference_number → customer_reference_id). */
  readonly aliases?: Readonly<Record<string, string>>;
  readonly defaultRange: DefaultRange;
  /** `page`: `page_index` (from 0) and `page_size` instead of `limit` and `offset` (account transactions). */
  readonly paging?: 'offset' | 'page';
  readonly filters?: Readonly<Record<string, ListFilterDef>>;
  readonly columns: readonly ListColumnDef[];
};

/** Declares a list; the literal types of keys and filters are kept (`const`) so that consumers can check them. */
export const defineList = <const D extends ListDef>(def: D): D => def;

/** The standard paths of a list under the read API: `/{provider}/read/{search|count|export}/{resource}`. */
export const readPaths = <R extends string>(resource: R) =>
  ({
    search: `/{provider}/read/search/${resource}`,
    count: `/{provider}/read/count/${resource}`,
    export: `/{provider}/read/export/${resource}`,
  }) as const;

/** A path or key with `{provider}` / `{product}` replaced by the provider slug. */
export const withProvider = (text: string, provider: string): string =>
  text.replace('{provider}', provider).replace('{product}', provider);

/** The list's search keys for a provider, default first. */
export const searchKeysOf = (def: Pick<ListDef, 'searchKeys'>, provider: string): string[] =>
  def.searchKeys.map((k) => withProvider(k.key, provider));

/** The columns its export and its report write, in order. */
export const exportColumnsOf = <D extends Pick<ListDef, 'columns'>>(def: D): D['columns'][number][] =>
  def.columns.filter((c) => c.export !== false);

/** The query parameters a list's filters take (`amount` → `amount_min`, `amount_max`). */
export const filterParamsOf = (def: Pick<ListDef, 'filters'>): string[] =>
  Object.entries(def.filters ?? {}).flatMap(([key, f]) =>
    f.kind === 'amount' ? [`${key}_min`, `${key}_max`] : [key],
  );
