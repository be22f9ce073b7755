import { Readable } from 'node:stream';
import { XLSX_ROWS_PER_SHEET, type ReportColumnInfo } from '@meridian/contract/reports';
import { ByteBuilder } from './bytes.ts';
import type { FileCell, FilePage } from './cells.ts';
import { zipStream, type ZipEntry } from './zip.ts';

/**
 * A streaming XLSX writer: the smallest SpreadsheetML package Excel, LibreOffice, openpyxl and exceljs open (a
 * workbook, its sheets, their styles, relationships and content types), every text cell an inline string, numbers
 * as numbers, the header row frozen. Given the columns' kinds, a number in a money column is shown as rupees
 * (`₹12,34,567.50`), one in a time or date column as that date and time (Excel's serial days), so that a
 * spreadsheet sums and filters them. Each page of rows becomes one piece of sheet XML handed to the zip writer,
 * which deflates it as the file's reader takes it: memory is a page and a few zlib buffers whatever the size.
 * A new sheet ("Report 2", …) starts after XLSX_ROWS_PER_SHEET data rows (Excel's limit, with the header), or
 * before a sheet's XML reaches the 4 GiB a ZIP part can hold.
 *
 * Written here rather than with exceljs' streaming writer: exceljs builds objects for every row and cell
 * (~50 µs a row of 17 cells against ~5 µs here) and its sheet buffer writes into the zip without heeding
 * backpressure, so a million rows held ~500 MB (figures in docs/developing/reports-engine.md).
 */

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** A sheet's XML stays under this (a ZIP part's limit is 4 GiB; a row is far less than the margin). */
const MAX_SHEET_BYTES = 4_000_000_000;

// Text XML cannot hold: markup characters, and control characters other than tab and line breaks (dropped).
/* eslint-disable no-control-regex -- matching control characters is the point */
const SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const SPECIAL_ALL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/* eslint-enable no-control-regex */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
export const xmlText = (s: string) =>
  SPECIAL.test(s) ? s.replace(SPECIAL_ALL, (c) => ENTITIES[c] ?? '') : s;
/** Space, tab, line feed, carriage return: text that starts or ends with one keeps it (xml:space). */
const SPACE = new Set([32, 9, 10, 13]);
const xmlAttr = (s: string) => xmlText(s).replaceAll('"', '&quot;');

/** A, B, … Z, AA, AB, … for column i (0-based). */
export function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/**
 * The number formats of typed cells (styles.xml's cellXfs, by index). Money: ₹ and two decimals, grouped under
 * the en-IN locale (`[$-4009]`: LibreOffice then groups in lakhs and crores, `12,34,567.50`; Excel groups as the
 * reader's system does); a negative amount keeps its minus. Times and dates as the text formats write them.
 */
const NUM_FMTS = [
  { id: 164, code: '[$-4009]"₹"#,##0.00' },
  { id: 165, code: 'yyyy-mm-dd hh:mm:ss' },
  { id: 166, code: 'yyyy-mm-dd' },
] as const;
/** The style (cellXfs index) of a number in a column of each kind; 0 is General. */
const STYLE_OF: Record<ColumnKind, number> = { text: 0, number: 0, money: 1, time: 2, date: 3 };
/** Column widths (characters) that show a formatted value whole (Excel shows a number too wide as ####). */
const MIN_WIDTH: Record<ColumnKind, number> = { text: 10, number: 10, money: 18, time: 20, date: 12 };

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${NS}">` +
  `<numFmts count="${NUM_FMTS.length}">${NUM_FMTS.map((f) => `<numFmt numFmtId="${f.id}" formatCode="${xmlAttr(f.code)}"/>`).join('')}</numFmts>` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="${NUM_FMTS.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
  NUM_FMTS.map(
    (f) => `<xf numFmtId="${f.id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
  ).join('') +
  '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

type ColumnKind = ReportColumnInfo['kind'];

export type XlsxOptions = {
  rowsPerSheet?: number;
  level?: number;
  /** The columns' kinds, in order: numbers in money, time and date columns get those number formats. */
  kinds?: readonly ColumnKind[];
};

/** Rows (pages of cells) under `headers` as an XLSX stream; sheets named `sheetName`, `sheetName 2`, … */
export function xlsxFile(
  headers: readonly string[],
  pages: AsyncIterable<FilePage> | Iterable<FilePage>,
  sheetName: string,
  opts: XlsxOptions = {},
): Readable {
  return Readable.from(zipStream(xlsxParts(headers, pages, sheetName, opts), { level: opts.level ?? 1 }), {
    objectMode: false,
  });
}

/** The XML of one row (`r` from 1), its cells' references by column letter, numbers styled by column kind. */
type RowXml = (r: number, cells: readonly FileCell[]) => string;

function rowWriter(headers: readonly string[], kinds: XlsxOptions['kinds']): RowXml {
  const letters = headers.map((_, i) => columnName(i));
  // What follows a number cell's reference: its style, if its column's kind has one.
  const numberOpen = headers.map((_, i) => {
    const style = STYLE_OF[kinds?.[i] ?? 'text'];
    return style ? `" s="${style}"><v>` : '"><v>';
  });
  return (r, cells) => {
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      const ref = `${letters[i] ?? columnName(i)}${r}`;
      // A blank is an empty cell, not none: readers without the sheet's size (openpyxl's read-only mode) then
      // still see every row as wide as the header.
      if (v === null || v === undefined || v === '') xml += `<c r="${ref}"/>`;
      else if (typeof v === 'number' && Number.isFinite(v))
        xml += `<c r="${ref}${numberOpen[i] ?? '"><v>'}${v}</v></c>`;
      else {
        const text = String(v);
        const space = SPACE.has(text.charCodeAt(0)) || SPACE.has(text.charCodeAt(text.length - 1));
        xml += `<c r="${ref}" t="inlineStr"><is><t${space ? ' xml:space="preserve"' : ''}>${xmlText(text)}</t></is></c>`;
      }
    }
    return `${xml}</row>`;
  };
}

/** A sheet's XML up to its first data row: the frozen header row, the columns' widths, the header row. */
function sheetHead(headers: readonly string[], kinds: XlsxOptions['kinds'], rowXml: RowXml): string {
  const cols = headers.length
    ? `<cols>${headers
        .map((h, i) => {
          const width = Math.min(40, Math.max(MIN_WIDTH[kinds?.[i] ?? 'text'], h.length + 2));
          return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
        })
        .join('')}</cols>`
    : '';
  return (
    `${XML_HEAD}<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0">` +
    `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `${cols}<sheetData>${rowXml(1, headers)}`
  );
}

/** The rows to write, page by page across the sheets: a page that fills a sheet leaves its rest to the next. */
class SheetRows {
  #source: AsyncIterator<FileCell[][]>;
  #leftover: FileCell[][] = [];
  /** No rows are left. */
  exhausted = false;

  constructor(pages: AsyncIterable<FilePage> | Iterable<FilePage>) {
    this.#source = (async function* () {
      for await (const page of pages) yield page.cells;
    })();
  }

  /** The rest a full sheet left, else the next page (null when none is left). */
  async next(): Promise<FileCell[][] | null> {
    if (this.#leftover.length) {
      const cells = this.#leftover;
      this.#leftover = [];
      return cells;
    }
    const next = await this.#source.next();
    if (next.done) {
      this.exhausted = true;
      return null;
    }
    return next.value;
  }

  /** Rows the sheet had no room for, for the next sheet. */
  leave(cells: FileCell[][]): void {
    this.#leftover = cells;
  }

  /** A sheet full at a page's end looks ahead, so that a last full sheet is not followed by an empty one. */
  async lookAhead(): Promise<void> {
    const next = await this.#source.next();
    if (next.done) this.exhausted = true;
    else this.#leftover = next.value;
  }
}

/** One sheet's XML in pieces of a page each, until it holds `rowsPerSheet` rows, nears 4 GiB or rows run out. */
async function* sheetXml(head: string, rows: SheetRows, rowXml: RowXml, rowsPerSheet: number) {
  yield Buffer.from(head);
  const page = new ByteBuilder();
  let count = 0;
  let bytes = 0;
  for (;;) {
    const cells = await rows.next();
    if (!cells) break;
    let i = 0;
    for (; i < cells.length; i++) {
      if (count === rowsPerSheet || bytes + page.length > MAX_SHEET_BYTES) break;
      page.append(rowXml(count + 2, cells[i]!));
      count++;
    }
    bytes += page.length;
    if (page.length) yield page.take();
    if (i < cells.length) {
      rows.leave(cells.slice(i));
      break;
    }
    if (count === rowsPerSheet) {
      await rows.lookAhead();
      break;
    }
  }
  yield Buffer.from('</sheetData></worksheet>');
}

async function* xlsxParts(
  headers: readonly string[],
  pages: AsyncIterable<FilePage> | Iterable<FilePage>,
  sheetName: string,
  opts: XlsxOptions,
): AsyncGenerator<ZipEntry> {
  const rowsPerSheet = opts.rowsPerSheet ?? XLSX_ROWS_PER_SHEET;
  const rowXml = rowWriter(headers, opts.kinds);
  const head = sheetHead(headers, opts.kinds, rowXml);
  const rows = new SheetRows(pages);
  const names: string[] = [];
  do {
    names.push(names.length ? `${sheetName} ${names.length + 1}` : sheetName);
    yield {
      name: `xl/worksheets/sheet${names.length}.xml`,
      data: sheetXml(head, rows, rowXml, rowsPerSheet),
    };
  } while (!rows.exhausted);
  yield* packageParts(names);
}

/** The parts of the package beside its sheets: the workbook, its styles, relationships and content types. */
function packageParts(names: string[]): ZipEntry[] {
  return [
    {
      name: 'xl/workbook.xml',
      data:
        `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>` +
        names.map((n, i) => `<sheet name="${xmlAttr(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    },
    { name: 'xl/styles.xml', data: STYLES },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        names
          .map(
            (_, i) =>
              `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${names.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    },
    {
      name: '_rels/.rels',
      data:
        `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: '[Content_Types].xml',
      data:
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        names
          .map(
            (_, i) =>
              `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '</Types>',
    },
  ];
}
