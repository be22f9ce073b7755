import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { FileCell, FilePage } from './cells.ts';
import { columnName, xlsxFile } from './xlsx.ts';

/**
 * The XLSX writer's files as other readers see them: Debian's openpyxl (and Python's zipfile checking every
 * part's CRC-32), and exceljs' streaming reader (what the bulk upload parses with).
 */

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const READ = `
import openpyxl, sys, json, zipfile
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
wb = openpyxl.load_workbook(sys.argv[1], read_only=True)
print(json.dumps({"bad": bad, "names": z.namelist(), "sheets": [
  {"title": ws.title, "rows": [list(r) for r in ws.iter_rows(values_only=True)]} for ws in wb.worksheets]}))
`;

type Read = { bad: string | null; names: string[]; sheets: { title: string; rows: unknown[][] }[] };

function openpyxl(bytes: Buffer): Read {
  const path = join(mkdtempSync(join(tmpdir(), 'xlsx-')), 'file.xlsx');
  writeFileSync(path, bytes);
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', READ, path]).toString()) as Read;
}

const pagesOf = (rows: FileCell[][], size: number): FilePage[] => {
  const pages: FilePage[] = [];
  for (let i = 0; i < rows.length; i += size) pages.push({ cells: rows.slice(i, i + size) });
  return pages;
};

describe('xlsxFile', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('writes text, numbers, blanks and markup as openpyxl reads them, parts whole', async () => {
    const rows: FileCell[][] = [
      ['PAY1', 1250, 'a & b <c> "d"', null],
      ['  padded  ', -3.5, "'=1+1", ''],
      ['bell\u0007gone', 0, 'नमस्ते ₹', 'line\nbreak'],
    ];
    const read = openpyxl(await bytesOf(xlsxFile(['urn', 'n', 'text', 'more'], [{ cells: rows }], 'Report')));
    expect(read.bad).toBeNull();
    expect(read.sheets).toEqual([
      {
        title: 'Report',
        rows: [
          ['urn', 'n', 'text', 'more'],
          ['PAY1', 1250, 'a & b <c> "d"', null],
          ['  padded  ', -3.5, "'=1+1", null],
          ['bellgone', 0, 'नमस्ते ₹', 'line\nbreak'],
        ],
      },
    ]);
  });

  it('writes the numbers of money, time and date columns with their number formats (openpyxl: floats, datetimes)', async () => {
    // Cells as rowFormatter's xlsx mode makes them: rupees, serial days (46112 is 2026-03-31; .5 is noon).
    const rows: FileCell[][] = [
      [1250.5, 46112.5, 46112, 7, "'=SUM(A1)", '12.50'],
      [-0.07, 46112 + (23 * 3600 + 59 * 60 + 59) / 86_400, null, 0, 'x', null],
    ];
    const path = join(mkdtempSync(join(tmpdir(), 'xlsx-')), 'file.xlsx');
    writeFileSync(
      path,
      await bytesOf(
        xlsxFile(['amount', 'at', 'day', 'n', 'note', 'text amount'], [{ cells: rows }], 'Report', {
          kinds: ['money', 'time', 'date', 'number', 'text', 'money'],
        }),
      ),
    );
    const out = execFileSync('/usr/bin/python3', [
      '-c',
      `
import openpyxl, sys, json
ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
print(json.dumps([[{"type": type(c.value).__name__, "value": c.value if not hasattr(c.value, "isoformat") else c.value.isoformat(sep=" "), "format": c.number_format} for c in r] for r in ws.iter_rows(min_row=2)]))`,
      path,
    ]).toString();
    const read = JSON.parse(out) as { type: string; value: unknown; format: string }[][];
    const money = '[$-4009]"₹"#,##0.00';
    expect(read).toEqual([
      [
        { type: 'float', value: 1250.5, format: money },
        { type: 'datetime', value: '2026-03-31 12:00:00', format: 'yyyy-mm-dd hh:mm:ss' },
        { type: 'datetime', value: '2026-03-31 00:00:00', format: 'yyyy-mm-dd' },
        { type: 'int', value: 7, format: 'General' },
        { type: 'str', value: "'=SUM(A1)", format: 'General' },
        // text in a money column stays text
        { type: 'str', value: '12.50', format: 'General' },
      ],
      [
        { type: 'float', value: -0.07, format: money },
        { type: 'datetime', value: '2026-03-31 23:59:59', format: 'yyyy-mm-dd hh:mm:ss' },
        { type: 'NoneType', value: null, format: 'General' },
        { type: 'int', value: 0, format: 'General' },
        { type: 'str', value: 'x', format: 'General' },
        { type: 'NoneType', value: null, format: 'General' },
      ],
    ]);
  });

  it('starts a new sheet after the rows a sheet holds, across pages, and none after a full last sheet', async () => {
    const rows = Array.from({ length: 7 }, (_, i): FileCell[] => [`r${i + 1}`, i + 1]);
    const read = openpyxl(
      await bytesOf(xlsxFile(['id', 'n'], pagesOf(rows, 2), 'Report', { rowsPerSheet: 3 })),
    );
    expect(read.sheets.map((s) => s.title)).toEqual(['Report', 'Report 2', 'Report 3']);
    expect(read.sheets.map((s) => s.rows.length - 1)).toEqual([3, 3, 1]);
    expect(read.sheets.every((s) => s.rows[0]!.join() === 'id,n')).toBe(true);
    expect(read.sheets.flatMap((s) => s.rows.slice(1).map((r) => r[0]))).toEqual(rows.map((r) => r[0]));

    const full = openpyxl(
      await bytesOf(xlsxFile(['id', 'n'], pagesOf(rows.slice(0, 6), 3), 'Report', { rowsPerSheet: 3 })),
    );
    expect(full.sheets.map((s) => s.rows.length - 1)).toEqual([3, 3]);
  });

  it('an empty report is a sheet with its header', async () => {
    const read = openpyxl(await bytesOf(xlsxFile(['a', 'b'], [], 'Report')));
    expect(read.sheets).toEqual([{ title: 'Report', rows: [['a', 'b']] }]);
  });

  it('reads pages only as fast as the file is read (backpressure), never the whole report ahead', async () => {
    let pulled = 0;
    async function* pages(): AsyncGenerator<FilePage> {
      for (let p = 0; p < 500; p++) {
        pulled++;
        yield { cells: Array.from({ length: 1000 }, (_, i) => [`PAY${p}-${i}`, `${i}.00`, `row ${i}`]) };
      }
    }
    const stream = xlsxFile(['urn', 'amount', 'note'], pages(), 'Report');
    // A reader that stalls on its first chunk (a slow client): the file fills its buffers and waits.
    const chunks: Buffer[] = [];
    let stalled = true;
    let held = () => {};
    const reader = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        if (stalled) held = done;
        else done();
      },
    });
    stream.pipe(reader);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(20);
    stalled = false;
    held();
    await new Promise((resolve) => reader.on('finish', resolve));
    expect(pulled).toBe(500);
    expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');
  });

  it('is read by exceljs’ streaming reader, cell by cell', async () => {
    const bytes = await bytesOf(
      xlsxFile(
        ['code', 'amount'],
        [
          {
            cells: [
              ['BEN1', '100.00'],
              ['BEN2', 7],
            ],
          },
        ],
        'Payouts',
      ),
    );
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {});
    const seen: unknown[][] = [];
    for await (const sheet of reader)
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>)
        seen.push((row.values as unknown[]).slice(1));
    expect(seen).toEqual([
      ['code', 'amount'],
      ['BEN1', '100.00'],
      ['BEN2', 7],
    ]);
  });
});
