import { withProvider } from '@meridian/contract/lists';
import type { ReportColumnInfo, ReportFormat } from '@meridian/contract/reports';
import { formatMoney } from '../lib/money.ts';

/**
 * A cell as the writers take it (formatted by `rowFormatter`). In XLSX a number in a money, time or date column is
 * written with that kind's number format (`FileMeta.kinds`): rupees, or Excel's serial day number.
 */
export type FileCell = string | number | null;
/** A page of rows; `sections` (PDF only) names the section each row belongs to (an account of a statement). */
export type FilePage = { cells: FileCell[][]; sections?: ({ key: string; title: string } | null)[] };

/** A cell as a source gives it; the writers format it by the column's kind. */
export type FileCellValue = string | number | bigint | Date | null | undefined;

/**
 * A column of a file: `money` is paise as bigint, number or integer text, or an API decimal string (written
 * "1250.00"; in XLSX the rupees as a number); `time` a Date or epoch milliseconds (written in the file's time zone
 * as yyyy-MM-dd HH:mm:ss, the zone named in the header; in JSON as ISO 8601 with the zone's offset; in XLSX as
 * the zone's wall clock in Excel's serial days); `date` YYYY-MM-DD text (in XLSX a serial day); `number` an
 * integer; `text` text.
 */
export type FileColumn<Row> = ReportColumnInfo & {
  value: (row: Row) => FileCellValue;
};

/** A cell a spreadsheet would run as a formula is prefixed with ' (CSV injection); numbers stay as they are. */
export const safeCell = <T extends string | number | null>(v: T): T =>
  (typeof v === 'string' && FORMULA_START.has(v.charCodeAt(0)) && !/^-?\d+(\.\d+)?$/.test(v)
    ? `'${v}`
    : v) as T;
/** = + @ tab CR - (a first character looked up, not matched: this runs for every text cell of every file). */
const FORMULA_START = new Set([61, 43, 64, 9, 13, 45]);

const HOUR_MS = 3_600_000;
/** Excel's serial day number of 1970-01-01 (its 1900 date system, which counts a 29 February 1900). */
const EXCEL_1970 = 25_569;

/**
 * Wall-clock text of instants in one time zone, fast enough for a million rows: the zone's offset is asked of
 * Intl once per hour of time (offsets change on the hour or half hour at most, and never within a quarter
 * hour), the text is then plain arithmetic.
 */
export function zoneClock(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  // Rows come in time order: most instants fall in the quarter hour of the one before.
  let lastBucket = NaN;
  let lastOffset = 0;
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / (HOUR_MS / 4));
    if (bucket === lastBucket) return lastOffset;
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const parts = format.formatToParts(new Date(bucket * (HOUR_MS / 4)));
      const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
      const wall = Date.UTC(
        get('year'),
        get('month') - 1,
        get('day'),
        get('hour'),
        get('minute'),
        get('second'),
      );
      offset = wall - bucket * (HOUR_MS / 4);
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    lastBucket = bucket;
    lastOffset = offset;
    return offset;
  };
  // The date part of the wall clock changes once a day: kept for the day of the instant before.
  let day = NaN;
  let dayText = '';
  const wall = (ms: number, offset: number, separator: string): string => {
    const local = ms + offset;
    const d = Math.floor(local / DAY_MS);
    if (d !== day) {
      day = d;
      dayText = new Date(d * DAY_MS).toISOString().slice(0, 10);
    }
    const s = Math.floor((local - d * DAY_MS) / 1000);
    return `${dayText}${separator}${TWO[Math.floor(s / 3600)]}:${TWO[Math.floor(s / 60) % 60]}:${TWO[s % 60]}`;
  };
  return {
    /** `yyyy-MM-dd HH:mm:ss` in the zone. */
    text(ms: number): string {
      return wall(ms, offsetAt(ms), ' ');
    },
    /**
     * The zone's wall clock as Excel's serial day number (days since 1899-12-30, the time of day as the
     * fraction), to whole seconds as the text has it: Excel and openpyxl show it as that same wall-clock time.
     */
    serial(ms: number): number {
      return Math.floor((ms + offsetAt(ms)) / 1000) / 86_400 + EXCEL_1970;
    },
    /** ISO 8601 with the zone's offset (`2026-11-25T12:00:00+05:30`), for JSON. */
    iso(ms: number): string {
      const offset = offsetAt(ms);
      const abs = Math.abs(offset) / 60_000;
      return `${wall(ms, offset, 'T')}${offset < 0 ? '-' : '+'}${TWO[Math.floor(abs / 60)]}:${TWO[abs % 60]}`;
    },
  };
}

const DAY_MS = 86_400_000;
/** "00" … "99" */
const TWO = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** A column's header as files show it: a time column names its zone (`created_at (Asia/Kolkata)`). */
export const headerOf = (c: Pick<ReportColumnInfo, 'header' | 'kind'>, timeZone: string, product: string) =>
  withProvider(c.kind === 'time' ? `${c.header} (${timeZone})` : c.header, product);

export type CellMode = 'text' | 'json' | 'xlsx';

/** The cells a format's writer takes: typed cells for XLSX, JSON's for JSON, text for CSV and PDF. */
export const cellModeOf = (format: ReportFormat): CellMode =>
  format === 'json' ? 'json' : format === 'xlsx' ? 'xlsx' : 'text';

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** A text cell: formula-like text escaped except in JSON. */
const cellText = (v: Exclude<FileCellValue, null | undefined>, mode: CellMode): string => {
  const text = v instanceof Date ? v.toISOString() : String(v);
  return mode === 'json' ? text : safeCell(text);
};

/**
 * Turns a source's row into the cells of a file. `text` (CSV, PDF, preview): money "1250.00", times
 * `yyyy-MM-dd HH:mm:ss` in the zone, formula-like text escaped. `json`: the same but times ISO 8601 with the
 * zone's offset, numbers as numbers and nothing escaped (JSON is not run by spreadsheets). `xlsx`: typed cells,
 * so that a spreadsheet sums amounts and filters by date: money as rupees (1250.5), times and dates as Excel
 * serial days in the zone (the writer gives them their number formats by the columns' kinds), text escaped.
 */
export function rowFormatter<Row>(
  columns: readonly FileColumn<Row>[],
  timeZone: string,
  mode: CellMode,
): (row: Row) => (string | number | null)[] {
  const clock = zoneClock(timeZone);
  const cell = (c: FileColumn<Row>, v: FileCellValue): string | number | null => {
    if (v === null || v === undefined) return null;
    switch (c.kind) {
      case 'money':
        // paise (bigint or integer), or an amount already in the API's decimal form ("1250.00")
        if (typeof v === 'string' && /^-?\d+\.\d{2}$/.test(v)) return mode === 'xlsx' ? Number(v) : v;
        // A double division is correctly rounded: paise / 100 is the double nearest the rupees (below 2^53 paise).
        if (mode === 'xlsx') return Number(typeof v === 'bigint' ? v : BigInt(v as number | string)) / 100;
        return formatMoney(typeof v === 'bigint' ? v : BigInt(v as number | string));
      case 'time': {
        // a Date, epoch milliseconds (raw reads), or text
        const ms = v instanceof Date ? v.getTime() : typeof v === 'number' ? v : Date.parse(String(v));
        if (Number.isNaN(ms)) return null;
        return mode === 'json' ? clock.iso(ms) : mode === 'xlsx' ? clock.serial(ms) : clock.text(ms);
      }
      case 'date':
        // YYYY-MM-DD as a serial day in XLSX; anything else stays text, as in the other formats
        if (mode === 'xlsx' && typeof v === 'string' && DATE_TEXT.test(v)) {
          const ms = Date.parse(`${v}T00:00:00Z`);
          if (!Number.isNaN(ms)) return ms / DAY_MS + EXCEL_1970;
        }
        return cellText(v, mode);
      case 'number':
        return typeof v === 'number' ? v : Number(v);
      default:
        return cellText(v, mode);
    }
  };
  return (row) => columns.map((c) => cell(c, c.value(row)));
}
