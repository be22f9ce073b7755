import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  BULK_CELL_MAX,
  BULK_COLUMNS,
  BULK_FILE_ERRORS,
  BULK_LIMITS,
  BULK_REQUIRED_COLUMNS,
  isFormulaLike,
  type BulkColumn,
  type BulkFormat,
  type BulkRowCells,
} from '@meridian/contract/bulk';
import { AppError } from '../http/errors.ts';
import { xlsxEngine } from './xlsx-engine.ts';

/** A data row as read: every column's cell ('' when blank) and the problems found while reading it. */
export type ReadRow = { cells: Required<BulkRowCells>; errors: Record<string, string> };
export type ReadFile = { format: BulkFormat; rows: ReadRow[] };

const fileError = (status: number, key: string, message: string, fields: Record<string, string>) =>
  new AppError(status, key, message, { fields });

export const emptyFile = () =>
  fileError(400, BULK_FILE_ERRORS.empty, 'The file has no rows: fill in the template', {
    file: 'has no rows',
  });
export const tooLarge = () =>
  fileError(
    413,
    BULK_FILE_ERRORS.tooLarge,
    `The file is larger than ${BULK_LIMITS.bytes / 1024 / 1024} MB: split it into smaller files`,
    { file: `is larger than ${BULK_LIMITS.bytes / 1024 / 1024} MB` },
  );
const tooManyRows = () =>
  fileError(
    400,
    BULK_FILE_ERRORS.tooManyRows,
    `The file has more than ${BULK_LIMITS.rows.toLocaleString('en-IN')} rows: split it into smaller files`,
    { file: `has more than ${BULK_LIMITS.rows} rows` },
  );
const unreadable = (why: string) =>
  fileError(400, BULK_FILE_ERRORS.unreadable, `The file cannot be read: ${why}`, { file: why });

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What the bytes are, whatever the file's name says: an XLSX is a zip (`PK\x03\x04`); anything else must be UTF-8
 * text without NUL bytes to be read as CSV.
 */
export function detectFormat(bytes: Buffer): BulkFormat {
  if (bytes.length === 0) throw emptyFile();
  if (bytes.subarray(0, 4).equals(XLSX_MAGIC)) return 'xlsx';
  if (bytes.includes(0)) throw unreadable('it is neither a CSV (text) nor an XLSX file');
  try {
    utf8.decode(bytes);
  } catch {
    throw unreadable('it is not UTF-8 text (save the CSV as UTF-8) nor an XLSX file');
  }
  return 'csv';
}

const letter = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : letter(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26));

/** The header's columns by position (null: an empty trailing cell); 400 naming the column when wrong. */
function readHeader(cells: string[]): (BulkColumn | null)[] {
  let last = cells.length - 1;
  while (last >= 0 && cells[last]!.trim() === '') last--;
  const seen = new Set<string>();
  const columns = cells.slice(0, last + 1).map((raw, i) => {
    const name = raw
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase();
    if (name === '')
      throw fileError(400, BULK_FILE_ERRORS.headers, `Column ${letter(i)} has no header`, {
        [letter(i)]: 'has no header',
      });
    if (!(BULK_COLUMNS as readonly string[]).includes(name))
      throw fileError(
        400,
        BULK_FILE_ERRORS.headers,
        `Unknown column "${name.slice(0, 40)}" (column ${letter(i)}): the columns are ${BULK_COLUMNS.join(', ')}`,
        { [name.slice(0, 40)]: 'is not a column of the template' },
      );
    if (seen.has(name))
      throw fileError(400, BULK_FILE_ERRORS.headers, `Column "${name}" appears twice`, {
        [name]: 'appears twice',
      });
    seen.add(name);
    return name as BulkColumn;
  });
  const missing = BULK_REQUIRED_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length)
    throw fileError(
      400,
      BULK_FILE_ERRORS.headers,
      `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
      Object.fromEntries(missing.map((c) => [c, 'is missing'])),
    );
  return columns;
}

const blankCells = (): Required<BulkRowCells> =>
  Object.fromEntries(BULK_COLUMNS.map((c) => [c, ''])) as Required<BulkRowCells>;

/** Turns one record (after the header) into a row; null for a blank record. */
function toRow(header: (BulkColumn | null)[], values: string[], formulas?: Set<number>): ReadRow | null {
  if (values.every((v) => v.trim() === '')) return null;
  const cells = blankCells();
  const errors: Record<string, string> = {};
  values.forEach((value, i) => {
    const column = header[i];
    if (!column) {
      if (value.trim() !== '') errors['row'] = `A value in column ${letter(i)}, which has no header`;
      return;
    }
    if (formulas?.has(i) || isFormulaLike(value.trim())) {
      errors[column] = 'A formula is not accepted: payments take plain values (= + - @ cannot start a cell)';
      cells[column] = value.slice(0, BULK_CELL_MAX);
      return;
    }
    if (value.length > BULK_CELL_MAX) {
      errors[column] = `At most ${BULK_CELL_MAX} characters`;
      cells[column] = value.slice(0, BULK_CELL_MAX);
      return;
    }
    cells[column] = value;
  });
  return { cells, errors };
}

/** Reads a CSV, streaming: stops at once past the row limit. */
async function readCsv(bytes: Buffer): Promise<ReadRow[]> {
  const { parse } = await import('csv-parse'); // loaded by the first CSV, not at start
  const parser = Readable.from([bytes]).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
    }),
  );
  let header: (BulkColumn | null)[] | null = null;
  const rows: ReadRow[] = [];
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!header) {
        if (record.every((v) => v.trim() === '')) continue;
        header = readHeader(record);
        continue;
      }
      const row = toRow(header, record);
      if (!row) continue;
      if (rows.length === BULK_LIMITS.rows) throw tooManyRows();
      rows.push(row);
    }
  } catch (err) {
    parser.destroy();
    if (err instanceof AppError) throw err;
    throw unreadable(`it is not a valid CSV (${(err as Error).message.slice(0, 200)})`);
  }
  if (!header) throw emptyFile();
  return rows;
}

/** An XLSX cell's value as text; `formula` when the cell holds a formula. */
function cellText(value: ExcelJS.CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
  if (typeof value === 'string') return { text: value, formula: false };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), formula: false };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if ('formula' in value || 'sharedFormula' in value) {
    const f = value as { formula?: string; sharedFormula?: string };
    return { text: `=${f.formula ?? f.sharedFormula ?? ''}`, formula: true };
  }
  if ('richText' in value) return { text: value.richText.map((r) => r.text).join(''), formula: false };
  if ('text' in value) return { text: String(value.text), formula: false };
  if ('error' in value) return { text: String(value.error), formula: false };
  return { text: '', formula: false };
}

/** What an XLSX may unpack to: a 10,000-row sheet is a few MB of XML; a zip bomb is refused before unpacking. */
const XLSX_MAX_UNPACKED = 100 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 1000;

/**
 * Checks an XLSX's zip directory before anything is unpacked: at most `XLSX_MAX_ENTRIES` entries declaring at most
 * `XLSX_MAX_UNPACKED` bytes in all (no ZIP64). A guard against zip bombs, by the sizes the directory declares.
 */
function checkZipDirectory(bytes: Buffer): void {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > bytes.length) throw unreadable('it is not a valid XLSX (no zip directory)');
  const entries = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (entries > XLSX_MAX_ENTRIES || offset + size > eocd)
    throw unreadable('it is not a valid XLSX (its zip directory is not one of a workbook)');
  let at = offset;
  let unpacked = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50)
      throw unreadable('it is not a valid XLSX (a broken zip directory)');
    const declared = bytes.readUInt32LE(at + 24);
    if (declared === 0xffffffff) throw unreadable('it unpacks to more than an XLSX of 10,000 rows can');
    unpacked += declared;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  if (unpacked > XLSX_MAX_UNPACKED) throw unreadable('it unpacks to more than an XLSX of 10,000 rows can');
}

/** What the XLSX engine answers: the rows, or the refusal to throw (an AppError's parts). */
export type XlsxAnswer =
  | { rows: ReadRow[] }
  | { refused: { status: number; key: string; message: string; fields?: Record<string, string> } };

/**
 * Reads the first worksheet of an XLSX in the XLSX engine's process (xlsx-engine.ts: exceljs, ~40 MB, never in the
 * serving process; started by the first XLSX and ended after ENGINE_IDLE_MS idle). The zip directory is checked
 * here first.
 */
async function readXlsx(bytes: Buffer): Promise<ReadRow[]> {
  checkZipDirectory(bytes);
  const answer = await xlsxEngine.call<XlsxAnswer>({ kind: 'read-xlsx', bytes: new Uint8Array(bytes) });
  if ('rows' in answer) return answer.rows;
  const { status, key, message, fields } = answer.refused;
  throw new AppError(status, key, message, fields ? { fields } : {});
}

/** Reads the first worksheet of an XLSX with exceljs' streaming reader, in this process (the XLSX engine's). */
export async function readXlsxHere(bytes: Buffer): Promise<ReadRow[]> {
  checkZipDirectory(bytes);
  // exceljs (~40 MB, ~0.4 s to load) is imported by the first XLSX, not at start.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let header: (BulkColumn | null)[] | null = null;
  const rows: ReadRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const raw = row.values as ExcelJS.CellValue[];
        const values: string[] = [];
        const formulas = new Set<number>();
        for (let i = 1; i < raw.length; i++) {
          const { text, formula } = cellText(raw[i]);
          values.push(text);
          if (formula) formulas.add(i - 1);
        }
        if (!header) {
          if (values.every((v) => v.trim() === '')) continue;
          header = readHeader(values);
          continue;
        }
        const read = toRow(header, values, formulas);
        if (!read) continue;
        if (rows.length === BULK_LIMITS.rows) throw tooManyRows();
        rows.push(read);
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable(`it is not a valid XLSX (${(err as Error).message.slice(0, 200)})`);
  }
  if (!header) throw emptyFile();
  return rows;
}

/** Reads a bulk file (CSV or XLSX, told apart by content) into rows; 400/413 when it cannot be used at all. */
export async function readBulkFile(bytes: Buffer): Promise<ReadFile> {
  if (bytes.length > BULK_LIMITS.bytes) throw tooLarge();
  const format = detectFormat(bytes);
  const rows = format === 'xlsx' ? await readXlsx(bytes) : await readCsv(bytes);
  if (rows.length === 0) throw emptyFile();
  return { format, rows };
}

/** JSON rows (the grid's) as read rows: the same cell checks as a file's. */
export function readJsonRows(rows: BulkRowCells[]): ReadRow[] {
  return rows.map((r) => {
    const row = toRow(
      [...BULK_COLUMNS],
      BULK_COLUMNS.map((c) => r[c] ?? ''),
    );
    return row ?? { cells: blankCells(), errors: {} };
  });
}
