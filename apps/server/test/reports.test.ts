import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RUNNING_REPORTS, REPORT_TYPE_TITLES, type ReportTypeInfo } from '@meridian/contract/reports';
import { systemActor } from '../src/audit/actor.ts';
import { queryRows } from '../src/db/database.ts';
import { clients, reportChunks, reports } from '../src/db/schema.ts';
import { buildReport, lostReports, nextQueued, purgeExpiredReports } from '../src/reports/build.ts';
import { createReport } from '../src/reports/engine.ts';
import { REPORT_SOURCES } from '../src/reports/sources/index.ts';
import { noticeScheduledReport, runDueSchedules } from '../src/reports/schedules.ts';
import {
  clientSession,
  until,
  useServer,
  useServerPair,
  type ClientSession,
  type TestServer,
} from './helpers.ts';

/**
 * The report engine end to end: generate → the job builds the file → READY → download, in every format, the
 * files opened by readers other than the writers (csv-parse, Debian's openpyxl, poppler's pdftotext); bad
 * requests, tenant isolation, expiry, the per-client limit and a lost build started over.
 */
const server = useServer({ JOBS: 'on', SEED_DEMO_FLOW: 'true', RAIL_TIME_SCALE: '0.0005' });
const P = 'meridian';

let acme: ClientSession;
let globex: ClientSession;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = { start_date: day(-8), end_date: day(1) };

async function download(s: TestServer, session: ClientSession, urn: string, acceptEncoding?: string) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/${P}/read/reports/${urn}/download`,
    headers: {
      authorization: `Bearer ${session.access_token}`,
      client_id: session.client_id,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, body: res.body };
}

type XlsxCell = { type: string; value: unknown; format: string };

/** A report's first sheet as openpyxl reads it: each cell's Python type, value (datetimes as text) and number format. */
function readXlsx(bytes: Buffer): { header: unknown[]; rows: XlsxCell[][] } {
  const path = join(mkdtempSync(join(tmpdir(), 'report-')), 'r.xlsx');
  writeFileSync(path, bytes);
  const out = execFileSync('/usr/bin/python3', [
    '-c',
    `
import openpyxl, sys, json
ws = openpyxl.load_workbook(sys.argv[1], read_only=True).worksheets[0]
rows = list(ws.iter_rows())
cell = lambda c: {"type": type(c.value).__name__, "value": c.value.isoformat(sep=" ") if hasattr(c.value, "isoformat") else c.value, "format": c.number_format}
print(json.dumps({"header": [c.value for c in rows[0]], "rows": [[cell(c) for c in r] for r in rows[1:]]}))`,
    path,
  ]).toString();
  return JSON.parse(out) as { header: unknown[]; rows: XlsxCell[][] };
}

async function generate(session: ClientSession, body: Record<string, unknown>) {
  const res = await session.call('POST', `/${P}/reports/generate`, {
    body: { report_type: 'payouts', ...RANGE, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.status).toBe('QUEUED');
  return res.body.report_urn as string;
}

async function ready(session: ClientSession, urn: string) {
  return until(async () => {
    const res = await session.call('GET', `/${P}/read/reports/${urn}`);
    if (res.body.status === 'FAILED') throw new Error(`report failed: ${String(res.body.error)}`);
    return res.body.status === 'READY' ? res.body : undefined;
  }, 30_000);
}

let listCount = 0;

beforeAll(async () => {
  acme = await clientSession(server.current, 'admin@acme.test');
  globex = await clientSession(server.current, 'admin@globex.test');
  const q = new URLSearchParams(RANGE).toString();
  listCount = (await acme.call('GET', `/${P}/read/count/transaction/payouts?${q}`)).body.count as number;
  expect(listCount).toBeGreaterThan(20);
});

describe('payouts report in every format', () => {
  it('CSV: as many rows as the list counts, money as decimals, times in the zone named in the header', async () => {
    const urn = await generate(acme, { format: 'csv' });
    const item = await ready(acme, urn);
    expect(item).toMatchObject({
      progress: 100,
      rows_written: listCount,
      rows_total: listCount,
      livemode: true,
    });
    const file = await download(server.current, acme, urn);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="payouts-${RANGE.start_date}-to-${RANGE.end_date}.csv"`,
    );
    const rows = parse(file.bytes, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(listCount);
    expect(Object.keys(rows[0]!)).toContain('created_at (Asia/Kolkata)');
    for (const r of rows) {
      expect(r['amount']).toMatch(/^\d+\.\d{2}$/);
      expect(r['created_at (Asia/Kolkata)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    // newest first, each payout once
    expect(new Set(rows.map((r) => r['meridian_urn'])).size).toBe(listCount);
    // Each row as the payout's own details answer it: amount, sender account, time in the zone.
    const first = rows[0]!;
    const details = await acme.call('GET', `/${P}/read/fetch/transaction/payouts/${first['meridian_urn']}`);
    const asKolkata = (iso: string) =>
      new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    expect({
      amount: first['amount'],
      sender: first['sender_account_number'],
      at: first['created_at (Asia/Kolkata)'],
    }).toEqual({
      amount: details.body.amount,
      sender: details.body.sender_account_number,
      at: asKolkata(details.body.created_at as string),
    });
  });

  it('XLSX: opened by openpyxl with the header and every row, amounts as numbers with a ₹ format', async () => {
    const urn = await generate(acme, { format: 'xlsx', columns: ['urn', 'amount', 'status'] });
    await ready(acme, urn);
    const file = await download(server.current, acme, urn);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    const read = readXlsx(file.bytes);
    expect(read.header).toEqual(['meridian_urn', 'amount', 'status']);
    expect(read.rows).toHaveLength(listCount);
    const first = read.rows[0]!;
    expect(first[0]).toMatchObject({ type: 'str', value: expect.stringMatching(/^PAY/) });
    const details = await acme.call('GET', `/${P}/read/fetch/transaction/payouts/${String(first[0]!.value)}`);
    // The amount is a number a spreadsheet sums (rupees), shown with ₹ and two decimals.
    expect(first[1]).toEqual({
      type: expect.stringMatching(/^(int|float)$/),
      value: Number(details.body.amount),
      format: '[$-4009]"₹"#,##0.00',
    });
    expect(first[2]).toEqual({ type: 'str', value: details.body.status, format: 'General' });
    for (const r of read.rows) expect(['int', 'float']).toContain(r[1]!.type);
  });

  it('XLSX: times are dates (yyyy-mm-dd hh:mm:ss) at the payout’s wall-clock time in the report’s zone', async () => {
    for (const timeZone of ['Asia/Kolkata', 'America/New_York']) {
      const urn = await generate(acme, {
        format: 'xlsx',
        columns: ['created_at', 'urn', 'amount'],
        ...(timeZone === 'Asia/Kolkata' ? {} : { time_zone: timeZone }),
      });
      await ready(acme, urn);
      const read = readXlsx((await download(server.current, acme, urn)).bytes);
      expect(read.header).toEqual([`created_at (${timeZone})`, 'meridian_urn', 'amount']);
      expect(read.rows).toHaveLength(listCount);
      for (const r of read.rows)
        expect(r[0]).toMatchObject({ type: 'datetime', format: 'yyyy-mm-dd hh:mm:ss' });
      const [at, payout] = read.rows[0]!;
      const details = await acme.call('GET', `/${P}/read/fetch/transaction/payouts/${String(payout!.value)}`);
      // The wall clock in the zone to the second (sv-SE writes `yyyy-MM-dd HH:mm:ss`), as the CSV writes it.
      const wall = new Intl.DateTimeFormat('sv-SE', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).format(new Date(details.body.created_at as string));
      expect(at!.value).toBe(wall);
    }
  });

  it('CSV and JSON are stored gzip: sent as they are to a client that takes gzip, gunzipped for one that does not', async () => {
    const urn = await generate(acme, { format: 'json' });
    const item = await ready(acme, urn);
    const plain = await download(server.current, acme, urn);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBe(item['size_bytes']);
    const gz = await download(server.current, acme, urn, 'gzip, deflate, br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    expect(gz.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(gunzipSync(gz.bytes).equals(plain.bytes)).toBe(true);
    // The chunks in the database are the gzip bytes (what the database and its WAL had to write).
    const [stored] = await queryRows<{ n: string }>(
      server.current.handle.db,
      sql`SELECT sum(length(c.data))::text AS n FROM report_chunks c JOIN reports r ON r.id = c.report_ref AND r.attempt = c.attempt WHERE r.urn = ${urn}`,
    );
    expect(Number(stored!.n)).toBe(gz.bytes.length);
  });

  it('JSON: one array, keys by column, times ISO 8601 with the zone offset', async () => {
    const urn = await generate(acme, { format: 'json', time_zone: 'Asia/Kolkata' });
    await ready(acme, urn);
    const file = await download(server.current, acme, urn);
    const rows = JSON.parse(file.body) as Record<string, unknown>[];
    expect(rows).toHaveLength(listCount);
    expect(rows[0]!['created_at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(rows[0]!['amount']).toMatch(/^\d+\.\d{2}$/);
  });

  it('PDF: pdftotext reads the client, the title, the period and the page numbers', async () => {
    const urn = await generate(acme, { format: 'pdf', status: 'SUCCESS' });
    await ready(acme, urn);
    const file = await download(server.current, acme, urn);
    expect(file.headers['content-type']).toBe('application/pdf');
    const path = join(mkdtempSync(join(tmpdir(), 'report-')), 'r.pdf');
    writeFileSync(path, file.bytes);
    const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
    expect(text).toContain('Acme Retail');
    expect(text).toContain('Payouts report');
    expect(text).toContain(`${RANGE.start_date} to ${RANGE.end_date}`);
    expect(text).toMatch(/Page 1 of \d+/);
    expect(text).not.toContain('FAILURE');
  });

  it('a status filter gives the rows the list has with that status', async () => {
    const urn = await generate(acme, { format: 'csv', status: 'FAILURE' });
    const item = await ready(acme, urn);
    const rows = parse((await download(server.current, acme, urn)).bytes, { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.length).toBe(item['rows_written']);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r['status'] === 'FAILURE' && r['status_message'])).toBe(true);
  });
});

/** Each report's rows equal its list's count for the same filter (the report reads the list's own filter). */
/** [report type, its list's count path, the filters both take, the list's own filters the report type implies]. */
const LIST_COUNTS: [string, string, Record<string, string>?, Record<string, string>?][] = [
  ['payouts', '/meridian/read/count/transaction/payouts', { status: 'FAILURE' }],
  ['payouts', '/meridian/read/count/transaction/payouts', { transfer_type: 'IMPS', amount_min: '100.50' }],
  ['payouts', '/meridian/read/count/transaction/payouts', { amount_min: '10', amount_max: '2000' }],
  ['beneficiaries', '/meridian/read/count/manage/beneficiary'],
  ['beneficiaries', '/meridian/read/count/manage/beneficiary', { status: 'ACTIVE', transfer_type: 'UPI' }],
  ['virtual_accounts', '/meridian/read/count/manage/virtual_account'],
  ['virtual_accounts', '/meridian/read/count/manage/virtual_account', { status: 'ACTIVE' }],
  ['vba_mis', '/meridian/read/count/manage/virtual_account_credits'],
  ['vba_mis', '/meridian/read/count/manage/virtual_account_credits', { status: 'RETURNED' }],
  [
    'vba_mis',
    '/meridian/read/count/manage/virtual_account_credits',
    { amount_min: '100', amount_max: '5000' },
  ],
  ['validation_mis', '/meridian/read/count/transaction/validations'],
  ['validation_mis', '/meridian/read/count/transaction/validations', { status: 'FAILURE' }],
  ['nach_registration_mis', '/meridian/read/count/mandates/registrations', {}, { type: 'NACH' }],
  [
    'nach_registration_mis',
    '/meridian/read/count/mandates/registrations',
    { status: 'ACTIVE' },
    { type: 'NACH' },
  ],
  ['nach_presentation_mis', '/meridian/read/count/mandates/presentations', {}, { mandate_type: 'NACH' }],
  [
    'upi_autopay_mis',
    '/meridian/read/count/mandates/presentations',
    { amount_min: '1', amount_max: '5000' },
    { mandate_type: 'UPI_AUTOPAY' },
  ],
  ['audit', '/meridian/read/count/audit_log'],
  ['api_usage', '/meridian/read/count/credits/details'],
  ['api_usage', '/meridian/read/count/credits/details', { product: 'text-match', status: 'SUCCESS' }],
  ['fabric', '/meridian/read/count/fabric/text-match', { product: 'text-match' }],
  ['fabric', '/meridian/read/count/fabric/text-match', { product: 'text-match', status: 'FAILURE' }],
  ['commission_settlement', '/meridian/operations/settlement/history/count'],
  ['commission_settlement', '/meridian/operations/settlement/history/count', { status: 'SETTLED' }],
  ['commission_settlement', '/meridian/operations/settlement/history/count', { amount_min: '1' }],
];

describe('consolidated statement and PDFs', () => {
  it('each account: opening + postings = closing, and the closing is the balance now', async () => {
    const res = await acme.call('POST', '/v2/banking/account/consolidated_account_statement', {
      body: { ...RANGE, format: 'json' },
    });
    expect(res.status).toBe(202);
    const urn = res.body.report_urn as string;
    await ready(acme, urn);
    const rows = JSON.parse((await download(server.current, acme, urn)).body) as {
      account_number: string;
      line: string;
      debit: string | null;
      credit: string | null;
      balance: string;
    }[];
    const paise = (v: string | null) => (v ? BigInt(v.replace('.', '')) : 0n);
    const balances = (await acme.call('GET', `/${P}/read/fetch/account_balances`)).body.data as {
      account_number: string;
      balance: string;
    }[];
    const accountsSeen = [...new Set(rows.map((r) => r.account_number))];
    expect(accountsSeen.length).toBe(balances.length);
    for (const number of accountsSeen) {
      const mine = rows.filter((r) => r.account_number === number);
      expect(mine[0]!.line).toBe('OPENING');
      expect(mine.at(-1)!.line).toBe('CLOSING');
      const moved = mine.reduce((sum, r) => sum + paise(r.credit) - paise(r.debit), 0n);
      expect(paise(mine[0]!.balance) + moved).toBe(paise(mine.at(-1)!.balance));
      expect(mine.at(-1)!.balance).toBe(balances.find((b) => b.account_number === number)!.balance);
    }
  });

  it('the statement as a PDF has a section per account and page numbers; a receipt PDF names its payout', async () => {
    const res = await acme.call('POST', '/api/pdf_generation', { body: { document: 'statement', ...RANGE } });
    expect(res.status).toBe(202);
    await ready(acme, res.body.report_urn as string);
    const file = await download(server.current, acme, res.body.report_urn as string);
    const path = join(mkdtempSync(join(tmpdir(), 'statement-')), 's.pdf');
    writeFileSync(path, file.bytes);
    const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
    expect(text).toContain('Consolidated account statement');
    expect(text).toContain('Opening balance');
    expect(text).toContain('Closing balance');
    expect(text).toMatch(/Page \d+ of \d+/);

    const payouts = await acme.call(
      'GET',
      `/${P}/read/search/transaction/payouts?${new URLSearchParams(RANGE).toString()}`,
    );
    const payout = (payouts.body.data as { urn: string; amount: string }[])[0]!;
    const receipt = await server.current.app.inject({
      method: 'POST',
      url: '/api/pdf_generation',
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
      payload: { document: 'payout_receipt', payout_urn: payout.urn },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const receiptPath = join(mkdtempSync(join(tmpdir(), 'receipt-')), 'r.pdf');
    writeFileSync(receiptPath, receipt.rawPayload);
    const receiptText = execFileSync('pdftotext', [receiptPath, '-']).toString();
    expect(receiptText).toContain(payout.urn);
    expect(receiptText).toContain(payout.amount);
    const theirs = await globex.call('POST', '/api/pdf_generation', {
      body: { document: 'payout_receipt', payout_urn: payout.urn },
    });
    expect(theirs.status).toBe(404);
    const acmeAccounts = (await acme.call('GET', `/${P}/read/fetch/account_balances`)).body.data as {
      account_number: string;
    }[];
    const notMine = await globex.call('POST', '/v2/banking/account/consolidated_account_statement', {
      body: { ...RANGE, account_numbers: [acmeAccounts[0]!.account_number] },
    });
    expect(notMine.status).toBe(202); // checked when built: the report fails with the reason
    const failed = await until(async () => {
      const r = await globex.call('GET', `/${P}/read/reports/${notMine.body.report_urn}`);
      return r.body.status === 'FAILED' ? r.body : undefined;
    });
    expect(failed['error']).toContain('You have no account');
  });
});

describe('collections', () => {
  it('collection requests are the payment links and the mandate debits, merged newest first', async () => {
    const q = new URLSearchParams(RANGE).toString();
    const links = (await acme.call('GET', `/${P}/read/count/payment_links?${q}`)).body.count as number;
    const debits = (await acme.call('GET', `/${P}/read/count/mandates/presentations?${q}`)).body
      .count as number;
    expect(links).toBeGreaterThan(0);
    expect(debits).toBeGreaterThan(0);
    const urn = await generate(acme, { report_type: 'collection_requests', format: 'csv' });
    await ready(acme, urn);
    const rows = parse((await download(server.current, acme, urn)).bytes, { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toHaveLength(links + debits);
    const times = rows.map((r) => r['created_at (Asia/Kolkata)']!);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(rows.map((r) => r['meridian_urn'])).size).toBe(rows.length);
    const providers = (await acme.call('GET', `/${P}/read/fetch/collection_requests/providers`)).body
      .data as {
      provider: string;
    }[];
    expect(new Set(rows.map((r) => r['provider']))).toEqual(
      new Set(providers.map((p) => p.provider).filter((p) => rows.some((r) => r['provider'] === p))),
    );
    // One provider: the NACH debits only.
    const nach = await generate(acme, {
      report_type: 'collection_requests',
      format: 'json',
      provider: 'meridian_nach',
    });
    await ready(acme, nach);
    const nachRows = JSON.parse((await download(server.current, acme, nach)).body) as { provider: string }[];
    expect(nachRows.every((r) => r.provider === 'meridian_nach')).toBe(true);
    const nachMis = await generate(acme, { report_type: 'nach_presentation_mis', format: 'json' });
    await ready(acme, nachMis);
    expect(JSON.parse((await download(server.current, acme, nachMis)).body)).toHaveLength(nachRows.length);
  });

  it('the mandate MIS files split the registrations and debits lists by type', async () => {
    const q = new URLSearchParams(RANGE).toString();
    const registrations = (await acme.call('GET', `/${P}/read/count/mandates/registrations?${q}`)).body
      .count as number;
    const debits = (await acme.call('GET', `/${P}/read/count/mandates/presentations?${q}`)).body
      .count as number;
    const counted = async (type: string) => {
      const urn = await generate(acme, { report_type: type, format: 'csv' });
      return (await ready(acme, urn))['rows_written'] as number;
    };
    const [nachDebits, upiDebits, nachRegistrations] = [
      await counted('nach_presentation_mis'),
      await counted('upi_autopay_mis'),
      await counted('nach_registration_mis'),
    ];
    expect(nachDebits + upiDebits).toBe(debits);
    expect(nachRegistrations).toBeGreaterThan(0);
    expect(nachRegistrations).toBeLessThan(registrations);
  });
});

describe('every report type', () => {
  it.each(LIST_COUNTS)(
    '%s has the rows its list counts (%s %j %j)',
    async (type, countPath, params = {}, listParams = {}) => {
      const urn = await generate(acme, { report_type: type, format: 'csv', ...params });
      const item = await ready(acme, urn);
      // Counted once the report is built (asking for the audit report is itself an audit record).
      const q = new URLSearchParams({ ...RANGE, ...params, ...listParams }).toString();
      const expected = (await acme.call('GET', `${countPath}?${q}`)).body.count as number;
      const rows = parse((await download(server.current, acme, urn)).bytes, { columns: true }) as object[];
      expect(rows).toHaveLength(expected);
      expect(item['rows_total']).toBe(expected);
    },
  );

  it('builds every type in every format it offers, each file readable', async () => {
    const types = (await acme.call('GET', `/${P}/read/reports/types`)).body.data as {
      report_type: string;
      formats: string[];
    }[];
    expect(types.length).toBe(REPORT_SOURCES.size);
    for (const t of types)
      for (const format of t.formats) {
        const urn = await generate(acme, { report_type: t.report_type, format });
        const item = await ready(acme, urn);
        const file = await download(server.current, acme, urn);
        expect(file.status, `${t.report_type} ${format}`).toBe(200);
        if (format === 'csv')
          expect(parse(file.bytes, { columns: true })).toHaveLength(item['rows_written'] as number);
        if (format === 'json') expect(JSON.parse(file.body)).toHaveLength(item['rows_written'] as number);
        if (format === 'xlsx') expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
        if (format === 'pdf') expect(file.bytes.subarray(0, 4).toString()).toBe('%PDF');
      }
  });

  it('API usage per day adds up to the usage list; credit consumption ends at the credit balance', async () => {
    const q = new URLSearchParams({ ...RANGE, time_zone: 'Asia/Kolkata' }).toString();
    const usage = await acme.call('GET', `/${P}/read/fetch/credits/usage_by_day?${q}`);
    expect(usage.status, JSON.stringify(usage.body)).toBe(200);
    const days = usage.body.data as {
      api_name: string;
      calls: number;
    }[];
    const listed = (await acme.call('GET', `/${P}/read/count/credits/details?${q}`)).body.count as number;
    expect(listed).toBeGreaterThan(0);
    expect(days.reduce((n, d) => n + d.calls, 0)).toBe(listed);
    expect(days.every((d) => d.api_name.startsWith('/v2/fabric/'))).toBe(true);
    const byApi = await acme.call(
      'GET',
      `/${P}/read/count/credits/details?${q}&search_key=api_name&search_value=${encodeURIComponent(days[0]!.api_name)}`,
    );
    expect(byApi.body.count).toBe(
      days.filter((d) => d.api_name === days[0]!.api_name).reduce((n, d) => n + d.calls, 0),
    );
    const consumption = (await acme.call('GET', `/${P}/read/fetch/credits/consumption?${q}`)).body.data as {
      balance: number;
    }[];
    const balance = (await acme.call('GET', `/${P}/read/fetch/credits/balance`)).body.credits;
    expect(consumption.length).toBeGreaterThan(0);
    expect(consumption.at(-1)!.balance).toBe(balance);
    // The demo credits were loaded before the calls they paid for: the history never goes below zero.
    expect(consumption.every((d) => d.balance >= 0)).toBe(true);
  });

  it('the audit report is for admins, as the audit log', async () => {
    const analyst = await clientSession(server.current, 'analyst@acme.test');
    const res = await analyst.call('POST', `/${P}/reports/generate`, {
      body: { report_type: 'audit', format: 'csv', ...RANGE },
    });
    expect(res.status).toBe(403);
    const types = (await analyst.call('GET', `/${P}/read/reports/types`)).body.data as {
      report_type: string;
    }[];
    expect(types.map((t) => t.report_type)).not.toContain('audit');
  });

  it('the audit report is the company’s log in either mode, filtered by mode', async () => {
    const inTest: ClientSession = {
      ...acme,
      call: (method, url, opts = {}) =>
        acme.call(method, url, { ...opts, headers: { ...opts.headers, 'meridian-mode': 'test' } }),
    };
    const rows = async (mode: string) =>
      (await ready(inTest, await generate(inTest, { report_type: 'audit', format: 'json', mode })))
        .rows_written as number;
    // Asked in test mode: its own request is a test record of the company's log, the live ones are there too.
    expect(await rows('test')).toBeGreaterThanOrEqual(1);
    expect(await rows('live')).toBeGreaterThan(0);
    const bad = await inTest.call('POST', `/${P}/reports/generate`, {
      body: { report_type: 'audit', format: 'json', mode: 'both', ...RANGE },
    });
    expect([bad.status, bad.body.error]).toEqual([400, 'validation_failed']);
  });
});

describe('list exports go through the report writers', () => {
  it('a small export answers at once in the format asked; a big one queues its report', async () => {
    const q = new URLSearchParams(RANGE).toString();
    const xlsx = await server.current.app.inject({
      method: 'GET',
      url: `/${P}/read/export/transaction/payouts?${q}&format=xlsx`,
      headers: { authorization: `Bearer ${acme.access_token}`, client_id: acme.client_id },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const json = await acme.call('GET', `/${P}/read/export/transaction/payouts?${q}&format=json`);
    expect(json.status).toBe(200);
    expect(json.body as unknown as unknown[]).toHaveLength(listCount);

    // 10,001 audit records for Globex: its audit-log export becomes the audit report.
    const db = server.current.handle.db;
    const [g] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.companyCommonName, 'Globex Labs'));
    await db.execute(
      sql`INSERT INTO audit_log (client_ref, action, actor, target) SELECT ${g!.id}, 'export.test', 'loader', 'OBJ' || n FROM generate_series(1, 10001) n`,
    );
    const count = (await globex.call('GET', `/${P}/read/count/audit_log?${q}`)).body.count as number;
    expect(count).toBeGreaterThan(10_000);
    const big = await globex.call('GET', `/${P}/read/export/audit_log?${q}`);
    expect(big.status).toBe(202);
    const urn = big.body.report_urn as string;
    const item = await ready(globex, urn);
    expect(item['report_type']).toBe('audit');
    expect(item['rows_written']).toBeGreaterThanOrEqual(count);
    const rows = parse((await download(server.current, globex, urn)).bytes, { columns: true });
    expect(rows).toHaveLength(item['rows_written'] as number);
  });
});

describe('scheduled reports', () => {
  it('are checked like a report, listed, deleted by their client only', async () => {
    const weekly = await acme.call('POST', `/${P}/reports/schedules`, {
      body: { report_type: 'payouts', format: 'csv', frequency: 'WEEKLY', time_of_day: '07:30' },
    });
    expect(weekly.status).toBe(400);
    expect(JSON.stringify(weekly.body)).toContain('day_of_week');
    const badColumn = await acme.call('POST', `/${P}/reports/schedules`, {
      body: { report_type: 'payouts', format: 'csv', frequency: 'DAILY', columns: ['colour'] },
    });
    expect(badColumn.status).toBe(400);
    const made = await acme.call('POST', `/${P}/reports/schedules`, {
      body: {
        report_type: 'payouts',
        format: 'xlsx',
        frequency: 'MONTHLY',
        day_of_month: 1,
        time_of_day: '06:00',
        status: 'SUCCESS',
      },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      frequency: 'MONTHLY',
      day_of_month: 1,
      filters: { status: 'SUCCESS' },
      livemode: true,
    });
    const urn = made.body.schedule_urn as string;
    const listed = (await acme.call('GET', `/${P}/read/reports/schedules`)).body.data as {
      schedule_urn: string;
    }[];
    expect(listed.map((s) => s.schedule_urn)).toContain(urn);
    expect(((await globex.call('GET', `/${P}/read/reports/schedules`)).body.data as unknown[]).length).toBe(
      0,
    );
    expect((await globex.call('DELETE', `/${P}/reports/schedules/${urn}`)).status).toBe(404);
    expect((await acme.call('DELETE', `/${P}/reports/schedules/${urn}`)).status).toBe(204);
    expect((await acme.call('DELETE', `/${P}/reports/schedules/${urn}`)).status).toBe(404);
  });

  it('a due schedule makes its report once, moves on, and its creator is e-mailed when it is ready', async () => {
    const db = server.current.handle.db;
    const made = await acme.call('POST', `/${P}/reports/schedules`, {
      body: { report_type: 'payouts', format: 'csv', frequency: 'DAILY', time_of_day: '00:00' },
    });
    const urn = made.body.schedule_urn as string;
    const next = Date.parse(made.body.next_run_at as string);
    // The sweeper a day later: every due schedule (concurrent sweepers take each once).
    const later = new Date(next + 60_000);
    const [first, second] = await Promise.all([
      runDueSchedules(db, { sources: REPORT_SOURCES, product: P, now: later }),
      runDueSchedules(db, { sources: REPORT_SOURCES, product: P, now: later }),
    ]);
    expect(first.runs + second.runs).toBe(1);
    const made1 = await db.select().from(reports).where(eq(reports.scheduleUrn, urn));
    expect(made1).toHaveLength(1);
    // DAILY covers yesterday in the schedule's zone.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      new Date(next - 86_400_000),
    );
    expect([made1[0]!.startDate, made1[0]!.endDate]).toEqual([day, day]);
    const after = (await acme.call('GET', `/${P}/read/reports/schedules`)).body.data as {
      schedule_urn: string;
      next_run_at: string;
      last_run_at: string;
    }[];
    const mine = after.find((s) => s.schedule_urn === urn)!;
    expect(Date.parse(mine.next_run_at)).toBe(next + 86_400_000);
    expect(Date.parse(mine.last_run_at)).toBe(next);

    const sent: { to: string; subject: string }[] = [];
    const email = {
      name: 'test',
      send: async (m: { to: string; subject: string }) => (sent.push(m), { id: null }),
    };
    const outcome = await buildReport(
      db,
      { clientRef: made1[0]!.clientRef, urn: made1[0]!.urn },
      {
        sources: REPORT_SOURCES,
        product: P,
        onFinished: (tx, r) => noticeScheduledReport(tx, email, r, 'https://dash.example'),
      },
    );
    expect(outcome === 'built' || outcome === 'skipped').toBe(true);
    await ready(acme, made1[0]!.urn);
    if (outcome === 'built') {
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: 'admin@acme.test' });
      expect(sent[0]!.subject).toMatch(/^Report ready: payouts-/);
    }
  });
});

describe('requests and access', () => {
  it('refuses bad requests with a 400 naming the field', async () => {
    const bad = [
      [{ report_type: 'nope', format: 'csv' }, 'report_type'],
      [{ format: 'docx' }, 'format'],
      [{ format: 'csv', columns: ['amount', 'colour'] }, 'columns'],
      [{ format: 'csv', columns: ['amount', 'amount'] }, 'columns'],
      [{ format: 'csv', start_date: day(0), end_date: day(-3) }, 'start_date'],
      [{ format: 'csv', search_key: 'beneficiary_code', search_value: 'X' }, 'search_key'],
      [{ format: 'csv', provider: 'bank' }, 'provider'],
      [{ format: 'csv', status: 'LOST' }, 'status'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await acme.call('POST', `/${P}/reports/generate`, {
        body: { report_type: 'payouts', ...RANGE, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(body)).toContain(field);
    }
  });

  it("another client's report is a 404, its file too; the history is the client's own", async () => {
    const urn = await generate(acme, { format: 'csv' });
    expect((await globex.call('GET', `/${P}/read/reports/${urn}`)).status).toBe(404);
    expect((await download(server.current, globex, urn)).status).toBe(404);
    const theirs = await globex.call(
      'GET',
      `/${P}/read/reports/history?search_key=meridian_urn&search_value=${urn}`,
    );
    expect(theirs.body.data).toEqual([]);
    const mine = await acme.call(
      'GET',
      `/${P}/read/reports/history?search_key=meridian_urn&search_value=${urn}`,
    );
    expect((mine.body.data as { report_urn: string }[]).map((r) => r.report_urn)).toEqual([urn]);
  });

  it('the history filters by status, type and company, and counts the same', async () => {
    const q = 'status=READY&report_type=payouts&limit=100';
    const list = await acme.call('GET', `/${P}/read/reports/history?${q}`);
    const count = await acme.call('GET', `/${P}/read/reports/history/count?${q}`);
    const rows = list.body.data as { status: string; report_type: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.status === 'READY' && r.report_type === 'payouts')).toBe(true);
    expect(count.body.count).toBe(rows.length);
    const other = await acme.call(
      'GET',
      `/${P}/read/reports/history/count?meridian_company_urn=${globex.client_id}`,
    );
    expect(other.body.count).toBe(0);
    const own = await acme.call(
      'GET',
      `/${P}/read/reports/history/count?meridian_company_urn=${acme.client_id}`,
    );
    expect(own.body.count).toBeGreaterThan(0);
  });

  it('a file past its 30 days is purged and answers 410', async () => {
    const urn = await generate(acme, { format: 'csv' });
    await ready(acme, urn);
    const db = server.current.handle.db;
    await db
      .update(reports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reports.urn, urn));
    expect(await purgeExpiredReports(db)).toBeGreaterThanOrEqual(1);
    const res = await download(server.current, acme, urn);
    expect(res.status).toBe(410);
    expect(res.body).toContain('generate it again');
    expect((await acme.call('GET', `/${P}/read/reports/${urn}`)).body.status).toBe('EXPIRED');
  });

  it('types and preview describe what the screens build their forms from', async () => {
    const types = await acme.call('GET', `/${P}/read/reports/types`);
    const payouts = (types.body.data as { report_type: string; formats: string[] }[]).find(
      (t) => t.report_type === 'payouts',
    );
    expect(payouts?.formats).toEqual(['csv', 'xlsx', 'json', 'pdf']);
    // what the forms show a person: titles, column, search-key, filter and value labels in words, never a key
    const human = /^[A-Z0-9(₹][^_]*$/;
    for (const t of types.body.data as ReportTypeInfo[]) {
      expect(t.title).toBe(REPORT_TYPE_TITLES[t.report_type]);
      for (const c of t.columns) expect(c.label, `${t.report_type} ${c.key}`).toMatch(human);
      expect(Object.keys(t.search_key_labels)).toEqual(t.search_keys);
      for (const label of Object.values(t.search_key_labels)) expect(label, t.report_type).toMatch(human);
      for (const f of t.filters) {
        expect(f.label, `${t.report_type} ${f.key}`).toMatch(human);
        expect(Object.keys(f.value_labels)).toEqual(f.values ?? []);
        for (const label of Object.values(f.value_labels))
          expect(label, `${t.report_type} ${f.key}`).toMatch(human);
      }
    }
    const settlement = (types.body.data as ReportTypeInfo[]).find(
      (t) => t.report_type === 'commission_settlement',
    );
    expect(settlement?.filters.find((f) => f.key === 'status')?.value_labels).toEqual({
      PENDING: 'Pending',
      SETTLED: 'Settled',
      FAILED: 'Failed',
    });
    expect(settlement?.search_key_labels).toEqual({
      meridian_urn: 'URN',
      bank_reference_number: 'Bank reference (UTR)',
    });
    const q = new URLSearchParams({ report_type: 'payouts', ...RANGE, columns: 'urn,amount' }).toString();
    const preview = await acme.call('GET', `/${P}/read/reports/preview?${q}`);
    expect(preview.status).toBe(200);
    expect(preview.body.count).toBe(listCount);
    expect((preview.body.columns as { key: string }[]).map((c) => c.key)).toEqual(['urn', 'amount']);
    expect((preview.body.rows as string[][]).length).toBe(10);
  });
});

describe('the builder', () => {
  const sources = REPORT_SOURCES;
  const globexRef = async () => {
    const [g] = await server.current.handle.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.companyCommonName, 'Globex Labs'));
    return g!.id;
  };
  /** Reports recorded without their jobs, so nothing builds them behind the test's back. */
  const recorded = async (clientRef: number, n: number) => {
    const urns: string[] = [];
    for (let i = 0; i < n; i++) {
      const { report } = await createReport(
        server.current.handle.db,
        systemActor(clientRef, 'test'),
        { report_type: 'payouts', format: 'csv', ...RANGE },
        { sources, product: P, permissions: new Set(['audit.read']) },
      );
      urns.push(report.report_urn);
    }
    return urns;
  };

  it('a client with 5 reports running waits: the sixth stays QUEUED with its position', async () => {
    const db = server.current.handle.db;
    const clientRef = await globexRef();
    const urns = await recorded(clientRef, 6);
    // Five held RUNNING by other builders (their leases alive).
    for (const urn of urns.slice(0, 5))
      await db
        .update(reports)
        .set({ status: 'RUNNING', attempt: 1, leaseUntil: new Date(Date.now() + 60_000) })
        .where(and(eq(reports.clientRef, clientRef), eq(reports.urn, urn)));
    expect(await buildReport(db, { clientRef, urn: urns[5]! }, { sources, product: P })).toBe('waiting');
    const sixth = await globex.call('GET', `/${P}/read/reports/${urns[5]}`);
    expect(sixth.body).toMatchObject({ status: 'QUEUED', queue_position: 1 });
    // Their builders die: leases run out, the sweeper queues them again, and each completes once.
    await db
      .update(reports)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(reports.clientRef, clientRef));
    const lost = await lostReports(db, new Date(Date.now() + 120_000));
    expect(lost.map((r) => r.urn)).toEqual(expect.arrayContaining(urns));
    for (const urn of urns)
      expect(await buildReport(db, { clientRef, urn }, { sources, product: P })).toBe('built');
    for (const urn of urns)
      expect(await buildReport(db, { clientRef, urn }, { sources, product: P })).toBe('skipped');
    for (const urn of urns) await ready(globex, urn);
  });

  it('a report waiting for a place starts as soon as a build of its client ends, not at the next sweep', async () => {
    const db = server.current.handle.db;
    const clientRef = await globexRef();
    // Every place held by builders elsewhere (live leases, no jobs here).
    const held = await recorded(clientRef, MAX_RUNNING_REPORTS);
    const hold = (urns: string[], status: 'RUNNING' | 'FAILED') =>
      db
        .update(reports)
        .set(
          status === 'RUNNING'
            ? { status, attempt: 1, leaseUntil: new Date(Date.now() + 120_000) }
            : { status, leaseUntil: null, error: 'test' },
        )
        .where(and(eq(reports.clientRef, clientRef), inArray(reports.urn, urns)));
    await hold(held, 'RUNNING');
    try {
      // The waiting report's job runs, finds no place and ends.
      const waiting = await generate(globex, { format: 'csv' });
      await until(async () => {
        const rows = await queryRows<{ state: string }>(
          db,
          sql`SELECT state FROM pgboss.job WHERE name = 'reports.build' AND data->>'urn' = ${waiting}`,
        );
        return rows.length && rows.every((r) => r.state === 'completed') ? true : undefined;
      }, 15_000);
      expect(await nextQueued(db, clientRef)).toEqual([]);
      // One place frees; another report takes it, and when its build ends it sends the waiting one's job.
      await hold(held.slice(0, 1), 'FAILED');
      expect((await nextQueued(db, clientRef)).map((r) => r.urn)).toEqual([waiting]);
      const started = Date.now();
      const other = await generate(globex, { format: 'json' });
      await ready(globex, other);
      // Within seconds: the sweeper would only send it again after a minute.
      await ready(globex, waiting);
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await hold(held, 'FAILED');
    }
  });

  it('a build that died mid-way starts over: the dead attempt’s chunks are dropped, the file is whole', async () => {
    const db = server.current.handle.db;
    const urn = await generate(acme, { format: 'csv' });
    const first = await ready(acme, urn);
    const [row] = await db.select().from(reports).where(eq(reports.urn, urn));
    // As if attempt 1 had died after writing a chunk: RUNNING, lease gone, a stray half file.
    await db
      .update(reports)
      .set({ status: 'RUNNING', leaseUntil: new Date(Date.now() - 1000), readyAttempt: null })
      .where(eq(reports.id, row!.id));
    await db.insert(reportChunks).values({
      clientRef: row!.clientRef,
      reportRef: row!.id,
      attempt: row!.attempt + 7,
      seq: 0,
      data: Buffer.from('half'),
    });
    await lostReports(db);
    expect(await buildReport(db, { clientRef: row!.clientRef, urn }, { sources, product: P })).toBe('built');
    const again = await ready(acme, urn);
    expect(again['rows_written']).toBe(first['rows_written']);
    const attempts = await db
      .selectDistinct({ attempt: reportChunks.attempt })
      .from(reportChunks)
      .where(eq(reportChunks.reportRef, row!.id));
    expect(attempts).toEqual([{ attempt: row!.attempt + 1 }]);
    const rows = parse((await download(server.current, acme, urn)).bytes, { columns: true });
    expect(rows).toHaveLength(listCount);
  });
});

describe.runIf(process.env.DATABASE_URL)('two API processes', () => {
  const pair = useServerPair({ JOBS: 'on', SEED_DEMO_FLOW: 'true', RAIL_TIME_SCALE: '0.0005' });
  it('a report built by one downloads byte-identical from the other', async () => {
    const a = await clientSession(pair.a, 'admin@acme.test');
    const b = await clientSession(pair.b, 'admin@acme.test');
    const res = await a.call('POST', `/${P}/reports/generate`, {
      body: { report_type: 'payouts', format: 'xlsx', ...RANGE },
    });
    const urn = res.body.report_urn as string;
    await ready(a, urn);
    const fromA = await download(pair.a, a, urn);
    const fromB = await download(pair.b, b, urn);
    expect(fromB.status).toBe(200);
    expect(Buffer.compare(fromA.bytes, fromB.bytes)).toBe(0);
  });
});
