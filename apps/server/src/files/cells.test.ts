import { describe, expect, it } from 'vitest';
import { cellModeOf, rowFormatter, safeCell, zoneClock } from './cells.ts';

describe('report cells', () => {
  it('escapes what a spreadsheet would run as a formula, and only that', () => {
    expect(safeCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(safeCell('+91 98')).toBe(`'+91 98`);
    expect(safeCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(safeCell('-2+3')).toBe(`'-2+3`);
    expect(safeCell('-1250.50')).toBe('-1250.50');
    expect(safeCell('Acme = good')).toBe('Acme = good');
    expect(safeCell(42)).toBe(42);
  });

  it('writes times in the zone, across a DST change, as text and as ISO 8601 with the offset', () => {
    const kolkata = zoneClock('Asia/Kolkata');
    expect(kolkata.text(Date.parse('2026-11-25T18:45:30Z'))).toBe('2026-11-26 00:15:30');
    expect(kolkata.iso(Date.parse('2026-11-25T18:45:30Z'))).toBe('2026-11-26T00:15:30+05:30');
    const ny = zoneClock('America/New_York');
    // 2026-03-08 07:00 UTC is 03:00 EDT (clocks went forward at 02:00 EST = 07:00 UTC)
    expect(ny.text(Date.parse('2026-03-08T06:59:59Z'))).toBe('2026-03-08 01:59:59');
    expect(ny.text(Date.parse('2026-03-08T07:00:00Z'))).toBe('2026-03-08 03:00:00');
    expect(ny.iso(Date.parse('2026-03-08T07:00:00Z'))).toBe('2026-03-08T03:00:00-04:00');
    expect(zoneClock('Asia/Kathmandu').iso(Date.parse('2026-01-01T00:00:00Z'))).toBe(
      '2026-01-01T05:45:00+05:45',
    );
  });

  it('formats a row by column kind: money exact, numbers, nulls, escaped text (not in JSON)', () => {
    type Row = { amount: bigint; n: number; at: Date; note: string | null };
    const columns = [
      {
        key: 'amount',
        header: 'amount',
        label: 'Amount',
        kind: 'money' as const,
        value: (r: Row) => r.amount,
      },
      { key: 'n', header: 'n', label: 'N', kind: 'number' as const, value: (r: Row) => r.n },
      { key: 'at', header: 'at', label: 'At', kind: 'time' as const, value: (r: Row) => r.at },
      { key: 'note', header: 'note', label: 'Note', kind: 'text' as const, value: (r: Row) => r.note },
    ];
    const row = { amount: 123456789012345678n, n: 7, at: new Date('2026-01-31T20:00:00Z'), note: '=1+1' };
    expect(rowFormatter(columns, 'Asia/Kolkata', 'text')(row)).toEqual([
      '1234567890123456.78',
      7,
      '2026-02-01 01:30:00',
      "'=1+1",
    ]);
    expect(rowFormatter(columns, 'UTC', 'json')({ ...row, amount: -5n, note: null })).toEqual([
      '-0.05',
      7,
      '2026-01-31T20:00:00+00:00',
      null,
    ]);
  });

  it('XLSX cells are typed: rupees as numbers, times and dates as serial days in the zone, text escaped', () => {
    type Row = { amount: bigint | number | string; at: Date | number; day: string; n: number; note: string };
    const columns = [
      {
        key: 'amount',
        header: 'amount',
        label: 'Amount',
        kind: 'money' as const,
        value: (r: Row) => r.amount,
      },
      { key: 'at', header: 'at', label: 'At', kind: 'time' as const, value: (r: Row) => r.at },
      { key: 'day', header: 'day', label: 'Day', kind: 'date' as const, value: (r: Row) => r.day },
      { key: 'n', header: 'n', label: 'N', kind: 'number' as const, value: (r: Row) => r.n },
      { key: 'note', header: 'note', label: 'Note', kind: 'text' as const, value: (r: Row) => r.note },
    ];
    // Excel's serial days: 1970-01-01 is 25569, a day is 1, the wall clock in the zone is the fraction.
    const serial = (wall: string) => Date.parse(`${wall}Z`) / 86_400_000 + 25_569;
    const kolkata = rowFormatter(columns, 'Asia/Kolkata', 'xlsx');
    expect(
      kolkata({
        amount: 125050n,
        at: new Date('2026-01-31T20:00:00.999Z'),
        day: '2026-03-31',
        n: 7,
        note: '=1+1',
      }),
    ).toEqual([1250.5, serial('2026-02-01T01:30:00'), 46112, 7, "'=1+1"]);
    expect(serial('2026-03-31T00:00:00')).toBe(46112);
    // paise as number or integer text, an API decimal, a negative amount; a date that is not YYYY-MM-DD stays text
    expect(kolkata({ amount: 7, at: 0, day: 'soon', n: 0, note: 'x' }).slice(0, 3)).toEqual([
      0.07,
      serial('1970-01-01T05:30:00'),
      'soon',
    ]);
    expect(kolkata({ amount: '-125050', at: 0, day: '', n: 0, note: '' })[0]).toBe(-1250.5);
    expect(kolkata({ amount: '1250.00', at: 0, day: '', n: 0, note: '' })[0]).toBe(1250);
    // New York across the spring DST change: 06:59:59 UTC is 01:59:59 EST, 07:00 UTC is 03:00 EDT.
    const ny = rowFormatter(columns, 'America/New_York', 'xlsx');
    expect(ny({ amount: 0n, at: Date.parse('2026-03-08T06:59:59Z'), day: '', n: 0, note: '' })[1]).toBe(
      serial('2026-03-08T01:59:59'),
    );
    expect(ny({ amount: 0n, at: Date.parse('2026-03-08T07:00:00Z'), day: '', n: 0, note: '' })[1]).toBe(
      serial('2026-03-08T03:00:00'),
    );
  });

  it('chooses each format’s cells', () => {
    expect((['csv', 'xlsx', 'json', 'pdf'] as const).map(cellModeOf)).toEqual([
      'text',
      'xlsx',
      'json',
      'text',
    ]);
  });
});

describe('CSV writer', () => {
  it('quotes as RFC 4180 (and csv-stringify) do, read back by csv-parse', async () => {
    const { writeFile } = await import('./writers.ts');
    const { parse } = await import('csv-parse/sync');
    const { stringify } = await import('csv-stringify/sync');
    const rows = [
      ['plain', 'a, comma', 'say "hi"', 'two\nlines', null, 12, '-5.00', 'cr\rhere'],
      ['', ' spaced ', 'é ₹ 漢', "'=1+1", null, 0, 'x', 'y'],
    ];
    const headers = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const pages = async function* () {
      yield { cells: rows };
    };
    const chunks: Buffer[] = [];
    for await (const c of writeFile('csv', pages(), {
      keys: headers,
      headers,
      title: '',
      clientName: '',
      period: '',
    }))
      chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    expect(text).toBe(stringify([headers, ...rows]));
    expect(parse(text, { columns: true })).toHaveLength(2);
  });

  it('JSON: every cell as JSON.stringify writes it, quotes, escapes, emoji and lone surrogates included', async () => {
    const { writeFile } = await import('./writers.ts');
    const cells = [
      'plain',
      'say "hi"',
      'back\\slash',
      'tab\there',
      'nul\u0000',
      '😀 ₹',
      'lone \ud800',
      null,
      7,
      -1.5,
    ];
    const keys = cells.map((_, i) => `k${i}`);
    const chunks: Buffer[] = [];
    const pages = async function* () {
      yield { cells: [cells] };
    };
    for await (const c of writeFile('json', pages(), {
      keys,
      headers: keys,
      title: '',
      clientName: '',
      period: '',
    }))
      chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    expect(text).toBe(`[\n${JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, cells[i]])))}\n]\n`);
  });

  it('keeps times right when rows cross midnight and go back in time (the day and offset caches)', () => {
    const clock = zoneClock('Asia/Kolkata');
    const instants = [
      '2026-11-25T18:29:59Z',
      '2026-11-25T18:30:00Z',
      '2026-11-25T18:29:59Z',
      '2026-11-24T18:30:01Z',
    ];
    expect(instants.map((i) => clock.text(Date.parse(i)))).toEqual([
      '2026-11-25 23:59:59',
      '2026-11-26 00:00:00',
      '2026-11-25 23:59:59',
      '2026-11-25 00:00:01',
    ]);
    const ny = zoneClock('America/New_York');
    // Newest first across the November DST end (06:00 UTC: 02:00 EDT becomes 01:00 EST).
    expect(['2026-11-01T06:30:00Z', '2026-11-01T05:30:00Z'].map((i) => ny.iso(Date.parse(i)))).toEqual([
      '2026-11-01T01:30:00-05:00',
      '2026-11-01T01:30:00-04:00',
    ]);
  });
});
