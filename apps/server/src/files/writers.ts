import { PassThrough, Readable } from 'node:stream';
import type { ReportColumnInfo, ReportFormat } from '@meridian/contract/reports';
import type { FileCell, FilePage } from './cells.ts';
import { ByteBuilder } from './bytes.ts';
import { openPdf } from './pdf.ts';
import { xlsxFile } from './xlsx.ts';
import { documentsEngine, runInEngine } from '../lib/engine.ts';

/**
 * The report writers: each turns pages of cells into the bytes of one file format as a stream, reading the next
 * page only when the previous one is written (the consumer's pace), so no report is ever whole in memory.
 * The engine's background builds and the lists' immediate exports both use them.
 */

export type { FileCell, FilePage } from './cells.ts';

export type FileMeta = {
  /** Column keys (JSON object keys) and headers (CSV, XLSX, PDF), in order. */
  keys: string[];
  headers: string[];
  /**
   * The columns' kinds, in order. XLSX writes the numbers of money, time and date columns with those number
   * formats (the cells from `rowFormatter`'s `xlsx` mode: rupees, serial days); without them every
   * number is General. The other formats do not use them.
   */
  kinds?: ReportColumnInfo['kind'][];
  /** PDF: the document's title, the client's name and the period line. */
  title: string;
  clientName: string;
  period: string;
};

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
  pdf: 'application/pdf',
};

/** A PDF is for reading: above this many rows the build fails with a message to choose CSV or XLSX. */
export const PDF_MAX_ROWS = 20_000;

export function writeFile(format: ReportFormat, pages: AsyncIterable<FilePage>, meta: FileMeta): Readable {
  switch (format) {
    case 'csv':
      return Readable.from(csvChunks(pages, meta), { objectMode: false });
    case 'json':
      return Readable.from(jsonChunks(pages, meta), { objectMode: false });
    case 'xlsx':
      return xlsxFile(meta.headers, pages, 'Report', meta.kinds ? { kinds: meta.kinds } : {});
    case 'pdf':
      return pdfFile(pages, meta);
  }
}

/**
 * One CSV field (RFC 4180, as csv-stringify writes it by default): quoted when it holds a quote, a comma or a line
 * break, quotes doubled; null is empty. Written by hand because csv-stringify costs ~20 µs a row of 17 fields
 * (about 20 s for a million payouts) where this costs ~3 µs: measured in docs/developing/reports-engine.md.
 */
const csvField = (v: FileCell): string =>
  v === null ? '' : typeof v === 'string' && /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : String(v);
const csvLine = (cells: readonly FileCell[]) => {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i ? ',' : '') + csvField(cells[i] ?? null);
  return `${line}\n`;
};

/** Rows under `headers` as one CSV file in memory (small files: bulk templates and response files). */
export function csvText(headers: readonly string[], rows: Iterable<readonly FileCell[]>): Buffer {
  const bytes = new ByteBuilder(4096);
  bytes.append(csvLine(headers));
  for (const cells of rows) bytes.append(csvLine(cells));
  return bytes.take();
}

async function* csvChunks(pages: AsyncIterable<FilePage>, meta: FileMeta): AsyncGenerator<Buffer> {
  yield Buffer.from(csvLine(meta.headers));
  const bytes = new ByteBuilder();
  for await (const page of pages) {
    for (const cells of page.cells) bytes.append(csvLine(cells));
    if (bytes.length) yield bytes.take();
  }
}

/** JSON of a cell; text with nothing to escape (most of it) is quoted as is, the rest goes to JSON.stringify. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const JSON_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
const jsonValue = (v: FileCell): string =>
  typeof v === 'string' && !JSON_ESCAPE.test(v) ? `"${v}"` : JSON.stringify(v);

async function* jsonChunks(pages: AsyncIterable<FilePage>, meta: FileMeta): AsyncGenerator<Buffer> {
  const keys = meta.keys.map((k) => JSON.stringify(k));
  let first = true;
  yield Buffer.from('[');
  const bytes = new ByteBuilder();
  for await (const page of pages) {
    for (const cells of page.cells) {
      let obj = first ? '\n{' : ',\n{';
      for (let i = 0; i < keys.length; i++) obj += `${i ? ',' : ''}${keys[i]}:${jsonValue(cells[i] ?? null)}`;
      bytes.append(`${obj}}`);
      first = false;
    }
    if (bytes.length) yield bytes.take();
  }
  yield Buffer.from(first ? ']\n' : '\n]\n');
}

const PDF = { margin: 36, font: 7, rowHeight: 11, headerHeight: 54 } as const;

/**
 * A paged PDF table (A4 landscape): each page has the client's name, the report's title and period, the column
 * headers, and "Page n of m" at the foot; rows in sections (a statement's accounts) get a heading per section.
 * Written by the documents engine (lib/engine.ts: pdfkit never loads in the serving process) from the pages read
 * here; a PDF holds at most PDF_MAX_ROWS rows, so they fit in memory.
 */
function pdfFile(pages: AsyncIterable<FilePage>, meta: FileMeta): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const read: FilePage[] = [];
      for await (const page of pages) read.push(page);
      out.end(await runInEngine<Buffer>(documentsEngine, import.meta.url, 'pdfTableHere', read, meta));
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** A PDF table being written: the document, where its next row goes, and the width of its columns. */
class PdfTable {
  y = 0;
  readonly width: number;
  readonly colWidth: number;
  readonly doc: PDFKit.PDFDocument;
  readonly meta: FileMeta;
  constructor(doc: PDFKit.PDFDocument, meta: FileMeta) {
    this.doc = doc;
    this.meta = meta;
    this.width = doc.page.width - 2 * PDF.margin;
    this.colWidth = this.width / Math.max(1, meta.headers.length);
  }

  /** One row of cells, cut to their columns. */
  row(texts: readonly FileCell[], bold: boolean): void {
    const { doc, colWidth } = this;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(PDF.font);
    texts.forEach((t, i) =>
      doc.text(t === null ? '' : String(t), PDF.margin + i * colWidth, this.y, {
        width: colWidth - 4,
        height: PDF.rowHeight,
        lineBreak: false,
        ellipsis: true,
      }),
    );
    this.y += PDF.rowHeight;
  }

  /** A page's head: the client's name, the title and period, the column headers underlined. */
  pageTop(): void {
    const { doc, meta } = this;
    this.y = PDF.margin;
    doc.font('Helvetica-Bold').fontSize(11).text(meta.clientName, PDF.margin, this.y, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${meta.title} · ${meta.period}`, PDF.margin, this.y + 15, { lineBreak: false });
    this.y += PDF.headerHeight - 18;
    this.row(meta.headers, true);
    doc
      .moveTo(PDF.margin, this.y)
      .lineTo(PDF.margin + this.width, this.y)
      .lineWidth(0.5)
      .stroke();
    this.y += 2;
  }

  /** A new page (with its head) when the table is within `rows` rows of the page's foot (0: past it). */
  room(rows: number): void {
    if (this.y + PDF.rowHeight * rows > this.doc.page.height - PDF.margin - PDF.rowHeight * 2) {
      this.doc.addPage();
      this.pageTop();
    }
  }

  /** A section's heading (a statement's account), kept on a page with at least two of its rows. */
  section(title: string): void {
    this.room(3);
    this.y += 4;
    this.doc.font('Helvetica-Bold').fontSize(9).text(title, PDF.margin, this.y, { lineBreak: false });
    this.y += PDF.rowHeight + 2;
  }

  /** "Page n of m" at the foot of every page. */
  footers(): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      // Text below the bottom margin would start a new page: the footer is written with no bottom margin.
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(`Page ${i + 1} of ${range.count}`, PDF.margin, doc.page.height - PDF.margin - 10, {
          width: this.width,
          align: 'right',
          lineBreak: false,
        });
    }
  }
}

/** The PDF table of `pages` (pdfFile), written in this process (the documents engine's). */
export async function pdfTableHere(pages: FilePage[], meta: FileMeta): Promise<Buffer> {
  const { pdf: doc, bytes } = await openPdf({
    size: 'A4',
    layout: 'landscape',
    margin: PDF.margin,
    bufferPages: true,
    info: { Title: meta.title, Author: 'Meridian', Subject: meta.period },
  });
  const table = new PdfTable(doc, meta);
  table.pageTop();
  let section: string | null = null;
  let rows = 0;
  for (const page of pages) {
    page.cells.forEach((cells, i) => {
      const s = page.sections?.[i];
      if (s && s.key !== section) {
        table.section(s.title);
        section = s.key;
      }
      table.room(0);
      table.row(cells, false);
      rows++;
    });
  }
  if (!rows) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('No rows in this period.', PDF.margin, table.y + 6, { lineBreak: false });
  }
  table.footers();
  doc.end();
  return bytes;
}
