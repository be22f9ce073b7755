/**
 * The checked grid of a bulk upload as pure functions: the rows the server read from the file, each cell's
 * error (the browser's check with the contract's row schema, or the server's), edits that re-check their row at
 * once, dropped rows, and the totals per transfer type. Rows keep the number they had in the file, so an error
 * still names the row the user sees in the file after others were dropped.
 */
import {
  BULK_COLUMNS,
  BulkRow,
  type BulkColumn,
  type BulkFormat,
  type BulkValidation,
} from '@meridian/contract/bulk';
import { AMOUNT_PATTERN, TRANSFER_TYPES, type TransferType } from '@meridian/contract';
import { toPaise } from '@/lib/format/money';

export type CellErrors = Partial<Record<BulkColumn, string>>;
/** Every column's text ('' for a blank cell). */
export type BulkRowValues = Record<BulkColumn, string>;
/** An error of the rows as a whole (e.g. `total_above_balance`), from the server. */
export interface FileError {
  code: string;
  message: string;
}
/** The server's errors of one row, keyed by column (any other key is about the whole row). */
export interface RowErrors {
  row: number;
  errors: Readonly<Record<string, string>>;
}

export interface GridRow {
  /** The row's number in the file (1-based), kept when other rows are dropped. */
  row: number;
  values: BulkRowValues;
  /** The browser's check of the row as it is now (the contract's row schema). */
  client: CellErrors;
  /** The server's word on each cell at its last check; an edited cell's is dropped. */
  server: CellErrors;
  /** The server's errors about the whole row (no column), until the row is edited. */
  rowErrors: string[];
}

export interface GridState {
  rows: GridRow[];
  /** Errors of the rows as a whole at the last server check (e.g. the total above the balance). */
  fileErrors: FileError[];
  /** The sender account's balance at the last server check, if known. */
  availableBalance: string | null;
  fileName: string | null;
  format: BulkFormat | null;
}

const isColumn = (name: unknown): name is BulkColumn =>
  typeof name === 'string' && (BULK_COLUMNS as readonly string[]).includes(name);

/** Every column's text, '' for a missing one. */
export function toValues(input: Partial<Record<string, string | undefined>>): BulkRowValues {
  return Object.fromEntries(BULK_COLUMNS.map((c) => [c, input[c] ?? ''])) as BulkRowValues;
}

/** The browser's check of one row with the contract's row schema: the first message on each column. */
export function checkRow(values: BulkRowValues): CellErrors {
  const result = BulkRow.safeParse(values);
  if (result.success) return {};
  const errors: CellErrors = {};
  for (const issue of result.error.issues) {
    const column = issue.path[0];
    if (isColumn(column)) errors[column] ??= issue.message;
  }
  return errors;
}

function split(errors: Readonly<Record<string, string>>): { cells: CellErrors; row: string[] } {
  const cells: CellErrors = {};
  const row: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if (isColumn(key)) cells[key] = message;
    else row.push(message);
  }
  return { cells, row };
}

/** The grid of a validate answer (the rows as the server read them, with their errors). */
export function gridFromValidation(answer: BulkValidation): GridState {
  return {
    rows: answer.rows.map(({ row, values, errors }) => {
      const v = toValues(values);
      const server = split(errors);
      return { row, values: v, client: checkRow(v), server: server.cells, rowErrors: server.row };
    }),
    fileErrors: answer.file_errors,
    availableBalance: answer.summary.balance,
    fileName: answer.file_name,
    format: answer.format,
  };
}

/**
 * The server's answer to the grid's rows sent as JSON (in grid order, numbered from 1): its errors go back onto
 * the rows they were sent from. The values stay the grid's.
 */
export function applyServerCheck(grid: GridState, answer: BulkValidation): GridState {
  return {
    ...applyRowErrors(grid, answer.rows),
    fileErrors: answer.file_errors,
    availableBalance: answer.summary.balance,
  };
}

/**
 * Row errors of an answer to the grid's rows (numbered 1… in grid order) onto the grid: every row's server
 * errors are replaced (a row the answer does not name has none).
 */
export function applyRowErrors(grid: GridState, rows: readonly RowErrors[]): GridState {
  const byRow = new Map(rows.map((r) => [r.row, split(r.errors)]));
  return {
    ...grid,
    rows: grid.rows.map((r, i) => {
      const server = byRow.get(i + 1);
      return { ...r, server: server?.cells ?? {}, rowErrors: server?.row ?? [] };
    }),
  };
}

/**
 * The fields of a refused submit (422 `bulk_invalid`: `rows.<row>.<column>` and `file.<code>` → message) as
 * row errors (rows numbered 1… in the order sent) and errors of the rows as a whole.
 */
export function refusalErrors(fields: Readonly<Record<string, string>>): {
  rows: RowErrors[];
  file: FileError[];
} {
  const rows = new Map<number, Record<string, string>>();
  const file: FileError[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const rowMatch = /^rows\.(\d+)\.(.+)$/.exec(path);
    if (rowMatch) {
      const row = Number(rowMatch[1]);
      rows.set(row, { ...rows.get(row), [rowMatch[2]!]: message });
    } else if (path.startsWith('file')) {
      file.push({ code: path.slice('file.'.length) || 'file', message });
    }
  }
  return { rows: [...rows].map(([row, errors]) => ({ row, errors })), file };
}

/** The balance is checked in the browser as rows change: the server's "total above balance" is dropped on edits. */
const BALANCE_ERRORS = new Set(['total_above_balance']);
const withoutBalanceErrors = (errors: FileError[]) => errors.filter((e) => !BALANCE_ERRORS.has(e.code));

/** One cell typed: its row is checked again at once; the server's word on that cell (and on the row) is dropped. */
export function editCell(grid: GridState, row: number, column: BulkColumn, value: string): GridState {
  return {
    ...grid,
    rows: grid.rows.map((r) => {
      if (r.row !== row) return r;
      const values = { ...r.values, [column]: value };
      const server = { ...r.server };
      delete server[column];
      return { ...r, values, client: checkRow(values), server, rowErrors: [] };
    }),
    fileErrors: withoutBalanceErrors(grid.fileErrors),
  };
}

/** Drops a row from the bulk. */
export function dropRow(grid: GridState, row: number): GridState {
  return {
    ...grid,
    rows: grid.rows.filter((r) => r.row !== row),
    fileErrors: withoutBalanceErrors(grid.fileErrors),
  };
}

/** The error shown on a cell: the browser's check first (it is the current one), else the server's. */
export function cellError(row: GridRow, column: BulkColumn): string | undefined {
  return row.client[column] ?? row.server[column];
}

export function rowHasErrors(row: GridRow): boolean {
  return row.rowErrors.length > 0 || Object.keys(row.client).length > 0 || Object.keys(row.server).length > 0;
}

export interface TypeTotal {
  transferType: TransferType;
  count: number;
  paise: bigint;
}

export interface GridSummary {
  count: number;
  paise: bigint;
  byType: TypeTotal[];
  rowsWithErrors: number;
  /** Null when the balance is unknown. */
  availablePaise: bigint | null;
  overBalance: boolean;
}

/**
 * Count and total per transfer type (of the rows whose type and amount are valid), the grand total against
 * the available balance, and how many rows have errors.
 */
export function summarize(grid: GridState): GridSummary {
  const byType = new Map<TransferType, TypeTotal>();
  let paise = 0n;
  let rowsWithErrors = 0;
  for (const r of grid.rows) {
    if (rowHasErrors(r)) rowsWithErrors++;
    const type = r.values.transfer_type.trim().toUpperCase() as TransferType;
    const text = r.values.amount.trim();
    const amount = AMOUNT_PATTERN.test(text) ? toPaise(text) : null;
    if (!TRANSFER_TYPES.includes(type) || amount === null) continue;
    const total = byType.get(type) ?? { transferType: type, count: 0, paise: 0n };
    total.count++;
    total.paise += amount;
    byType.set(type, total);
    paise += amount;
  }
  const availablePaise = grid.availableBalance === null ? null : toPaise(grid.availableBalance);
  return {
    count: grid.rows.length,
    paise,
    byType: TRANSFER_TYPES.flatMap((t) => {
      const total = byType.get(t);
      return total ? [total] : [];
    }),
    rowsWithErrors,
    availablePaise,
    overBalance: availablePaise !== null && paise > availablePaise,
  };
}

/** Why the grid cannot be submitted yet, or null when it can. */
export function submitBlocker(grid: GridState, summary: GridSummary = summarize(grid)): string | null {
  if (grid.fileErrors.length > 0) return 'The rows as a whole have errors: fix them, then check again.';
  if (grid.rows.length === 0) return 'There are no rows left to pay.';
  if (summary.rowsWithErrors > 0) {
    return `${summary.rowsWithErrors} ${summary.rowsWithErrors === 1 ? 'row has' : 'rows have'} errors: fix or drop ${summary.rowsWithErrors === 1 ? 'it' : 'them'}.`;
  }
  if (summary.overBalance) return 'The total is above the available balance.';
  return null;
}

/** The rows as the API takes them (trimmed text of every column), in grid order. */
export function toRequestRows(grid: GridState): BulkRowValues[] {
  return grid.rows.map((r) => toValues(Object.fromEntries(BULK_COLUMNS.map((c) => [c, r.values[c].trim()]))));
}

export const GRID_PAGE_SIZE = 100;

/** The rows shown (all, or only those with errors) and the page of them (100 rows per page). */
export function visibleRows(
  grid: GridState,
  { page, errorsOnly }: { page: number; errorsOnly: boolean },
): { rows: GridRow[]; total: number; page: number; pages: number } {
  const shown = errorsOnly ? grid.rows.filter(rowHasErrors) : grid.rows;
  const pages = Math.max(1, Math.ceil(shown.length / GRID_PAGE_SIZE));
  const current = Math.min(Math.max(0, page), pages - 1);
  return {
    rows: shown.slice(current * GRID_PAGE_SIZE, (current + 1) * GRID_PAGE_SIZE),
    total: shown.length,
    page: current,
    pages,
  };
}
