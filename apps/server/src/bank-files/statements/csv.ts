// Bank CSV exports → a normalized statement. There is no standard: each bank gets a column map (which header names
// the date, narration, reference, withdrawal, deposit and balance columns, and how dates are written). Rows before
// the header (HDFC's account details and blank lines) and after the table (its "STATEMENT SUMMARY") are skipped;
// amounts may use Indian grouping (`1,00,000.00`); the unused side is empty (or 0). A CSV has no opening balance:
// it is the first row's balance less its deposit plus its withdrawal; the closing is the last row's balance.
import { paiseToAmount } from '../amounts.ts';
import { BankFileError } from '../xml.ts';
import { amountOf, balanceFromPaise } from './amount.ts';
import { batchHint, endToEndIdOf, utrOf } from './references.ts';
import type { Direction, ReadOptions, Statement, StatementLine } from './types.ts';

/** How one bank writes its CSV: header names (matched without case or extra spaces) and the date format. */
export interface BankCsvMap {
  /** For messages: `HDFC-like`. */
  name: string;
  delimiter: string;
  date: string;
  /** Tokens DD, MM, MMM (Jan…Dec), YY, YYYY with any separators: `DD/MM/YY`, `DD-MMM-YYYY`. */
  dateFormat: string;
  /** The value-date column, if the bank has one. */
  valueDate: string | null;
  narration: string;
  reference: string;
  debit: string;
  credit: string;
  balance: string;
  /** Finds the account number in the rows before the header (first capture group). */
  accountPattern: RegExp | null;
}

/** HDFC Bank's account-statement export (the default example). */
export const HDFC_LIKE: BankCsvMap = {
  name: 'HDFC-like',
  delimiter: ',',
  date: 'Date',
  dateFormat: 'DD/MM/YY',
  valueDate: 'Value Dt',
  narration: 'Narration',
  reference: 'Chq./Ref.No.',
  debit: 'Withdrawal Amt.',
  credit: 'Deposit Amt.',
  balance: 'Closing Balance',
  accountPattern: /\bAccount\s*(?:No|Number)\b\.?\s*:?\s*([0-9A-Z]{6,34})\b/i,
};

/** What a CSV does not say: the account (when its preamble does not), the currency, the statement's id. */
export interface CsvReadOptions extends ReadOptions {
  accountId?: string;
  /** Default `INR`. */
  currency?: string;
  /** Default: the period, `2025-03-14..2025-03-14`. */
  statementId?: string;
}

/** A data row, before it becomes a line. */
interface Row {
  at: number;
  date: string;
  valueDate: string | null;
  narration: string;
  reference: string | null;
  debit: bigint | null;
  credit: bigint | null;
  balance: bigint | null;
}

/** The statement of a bank CSV export. Throws BankFileError when the file cannot be used. */
export function readBankCsv(
  text: string,
  map: BankCsvMap = HDFC_LIKE,
  options: CsvReadOptions = {},
): Statement {
  const table = csvRows(text, map.delimiter);
  const header = table.findIndex((cells) => columnsOf(cells, map) !== null);
  if (header < 0) refuse(`No header row with the ${map.name} columns (${requiredColumns(map).join(', ')})`);
  const columns = columnsOf(table[header]!, map)!;
  const { rows, openingRow } = dataRows(table, header + 1, columns, map);
  if (rows.length === 0) refuse(`The ${map.name} CSV has no transactions`);
  const ordered = chronological(rows);
  const first = ordered[0]!;
  const last = ordered.at(-1)!;
  const opening = openingRow?.balance ?? balanceAt(first) - (first.credit ?? 0n) + (first.debit ?? 0n);
  const accountId = options.accountId ?? accountIn(table.slice(0, header), map);
  if (!accountId) refuse(`The ${map.name} CSV names no account: pass it with the import`);
  const period = `${first.date}..${last.date}`;
  return {
    format: 'csv',
    accountId,
    currency: options.currency ?? 'INR',
    statementId: options.statementId ?? period,
    sequenceNumber: null,
    from: first.date,
    to: last.date,
    opening: balanceFromPaise(opening, first.date),
    closing: balanceFromPaise(balanceAt(last), last.date),
    lines: ordered.map((row) => lineOf(row, options)),
  };
}

function lineOf(row: Row, options: ReadOptions): StatementLine {
  const direction: Direction = row.debit !== null ? 'debit' : 'credit';
  const paise = (row.debit ?? row.credit)!;
  const texts = [row.narration];
  return {
    bookingDate: row.date,
    valueDate: row.valueDate ?? row.date,
    direction,
    amount: paiseToAmount(paise),
    paise,
    status: 'booked',
    reversal: false,
    bankReference: row.reference,
    endToEndId: endToEndIdOf(null, texts, options),
    utr: utrOf({ clearing: null, bankReference: row.reference, texts }, options),
    narration: row.narration,
    batch: batchHint(texts),
    counterparty: null,
    bankCode: null,
  };
}

type Columns = Record<'date' | 'narration' | 'reference' | 'debit' | 'credit' | 'balance', number> & {
  valueDate: number | null;
};

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const requiredColumns = (map: BankCsvMap) => [
  map.date,
  map.narration,
  map.reference,
  map.debit,
  map.credit,
  map.balance,
];

/** The column positions when these cells are the map's header row, else null. */
function columnsOf(cells: string[], map: BankCsvMap): Columns | null {
  const names = cells.map(normal);
  const at = (name: string) => names.indexOf(normal(name));
  if (requiredColumns(map).some((name) => at(name) < 0)) return null;
  const valueDate = map.valueDate === null ? -1 : at(map.valueDate);
  return {
    date: at(map.date),
    narration: at(map.narration),
    reference: at(map.reference),
    debit: at(map.debit),
    credit: at(map.credit),
    balance: at(map.balance),
    valueDate: valueDate < 0 ? null : valueDate,
  };
}

/**
 * The table's rows after the header: rows before the first dated row are skipped (HDFC's `****` rule), a row
 * with nothing but narration continues the one above, and the first other undated row ends the table. A dated
 * first row with a balance and no amount is the opening balance (`B/F`).
 */
function dataRows(table: string[][], start: number, columns: Columns, map: BankCsvMap) {
  const rows: Row[] = [];
  let openingRow: Row | null = null;
  let previous: Row | null = null;
  for (let i = start; i < table.length; i++) {
    const cells = table[i]!;
    const cell = (at: number | null) => (at === null ? '' : (cells[at] ?? '').trim());
    const date = parseDate(cell(columns.date), map.dateFormat);
    if (date === null) {
      const blank = cells.every((c) => c.trim() === '');
      const narrationOnly = cells.every((c, at) => at === columns.narration || c.trim() === '');
      if (previous && !blank && narrationOnly) previous.narration += ` ${cell(columns.narration)}`;
      else if (!blank && rows.length > 0) break;
      if (blank) previous = null;
      continue;
    }
    const row = readRow(i + 1, date, cell, columns, map);
    const amountless = row.debit === null && row.credit === null;
    if (amountless && rows.length === 0 && openingRow === null) openingRow = row;
    else if (amountless) refuse(`Row ${row.at} has neither a withdrawal nor a deposit`);
    else rows.push(row);
    previous = amountless ? null : row;
  }
  return { rows, openingRow };
}

function readRow(
  at: number,
  date: string,
  cell: (at: number | null) => string,
  columns: Columns,
  map: BankCsvMap,
): Row {
  const debit = money(cell(columns.debit), at);
  const credit = money(cell(columns.credit), at);
  if (debit !== null && credit !== null) refuse(`Row ${at} has both a withdrawal and a deposit`);
  const valueText = cell(columns.valueDate);
  const valueDate = valueText === '' ? null : parseDate(valueText, map.dateFormat);
  if (valueText !== '' && valueDate === null)
    refuse(`Row ${at}: value date "${valueText}" is not ${map.dateFormat}`);
  return {
    at,
    date,
    valueDate,
    narration: cell(columns.narration).replace(/\s+/g, ' '),
    reference: cell(columns.reference) || null,
    debit,
    credit,
    balance: signedMoney(cell(columns.balance), at),
  };
}

function balanceAt(row: Row): bigint {
  return row.balance ?? refuse(`Row ${row.at} has no closing balance`);
}

/**
 * The rows oldest first. Some banks export newest first: when the balances run only from the last row to the
 * first (each balance = the one before + deposit − withdrawal), the rows are turned round.
 */
function chronological(rows: Row[]): Row[] {
  const runs = (list: Row[]) =>
    list.every((row, i) => {
      const before = list[i - 1];
      if (!before) return true;
      return row.balance === (before.balance ?? 0n) + (row.credit ?? 0n) - (row.debit ?? 0n);
    });
  if (runs(rows)) return rows;
  const reversed = [...rows].reverse();
  return runs(reversed) ? reversed : rows;
}

/** An amount cell: empty or zero → null, else paise (`1,00,000.00`, `₹ 25,000`). */
function money(text: string, at: number): bigint | null {
  const paise = signedMoney(text, at);
  if (paise !== null && paise < 0n) refuse(`Row ${at}: amount "${text}" is negative`);
  return paise === 0n ? null : paise;
}

/** A balance cell: `-1,234.00`, `1,234.00 Dr` (overdrawn) or `1,234.00 Cr`; empty → null. */
function signedMoney(text: string, at: number): bigint | null {
  let value = text.replace(/[₹,\s]/g, '').replace(/^INR/i, '');
  if (value === '') return null;
  let sign = 1n;
  const mark = /(Dr|Cr)\.?$/i.exec(value);
  if (mark) {
    sign = mark[1]!.toLowerCase() === 'dr' ? -1n : 1n;
    value = value.slice(0, mark.index);
  }
  if (value.startsWith('-')) {
    sign = -sign;
    value = value.slice(1);
  }
  if (!/^\d*\.?\d+$|^\d+\.$/.test(value)) refuse(`Row ${at}: "${text}" is not an amount`);
  return sign * amountOf(value).paise;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date cell in the map's format → YYYY-MM-DD, or null when it is not one. */
export function parseDate(text: string, format: string): string | null {
  const tokens = format.match(/YYYY|YY|MMM|MM|DD|[^YMD]+/g) ?? [];
  const pattern = tokens
    .map((t) =>
      t === 'YYYY'
        ? '(\\d{4})'
        : t === 'YY'
          ? '(\\d{2})'
          : t === 'MMM'
            ? '([A-Za-z]{3})'
            : /^[YMD]+$/.test(t)
              ? '(\\d{1,2})'
              : escape(t),
    )
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(text.trim());
  if (!match) return null;
  const parts: Record<string, string> = {};
  tokens.filter((t) => /^[YMD]+$/.test(t)).forEach((t, i) => (parts[t] = match[i + 1]!));
  const year = parts.YYYY ? Number(parts.YYYY) : 2000 + Number(parts.YY);
  const month = parts.MMM ? MONTHS.indexOf(parts.MMM.toLowerCase()) + 1 : Number(parts.MM);
  const day = Number(parts.DD);
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return month > 0 && !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The account number in the preamble rows, by the map's pattern. */
function accountIn(preamble: string[][], map: BankCsvMap): string | null {
  if (!map.accountPattern) return null;
  for (const cells of preamble) {
    const found = map.accountPattern.exec(cells.join(' '))?.[1];
    if (found) return found;
  }
  return null;
}

/** RFC 4180 rows: quoted cells may hold the delimiter, quotes (doubled) and line breaks; CRLF or LF. */
export function csvRows(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted && c === '"' && source[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted) {
      if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      endCell();
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

function refuse(message: string): never {
  throw new BankFileError('content', message);
}
