import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, type Bulk, type BulkLineItem, type BulkValidation } from '@meridian/contract/bulk';
import { queryRows } from '../src/db/database.ts';
import { overdueBulks, processBulk, processBulkBatch } from '../src/bulk/service.ts';
import { PAYOUT_TRANSITIONS } from '../src/composition.ts';
import { advancePayout } from '../src/payouts/advance.ts';
import { clientSession, useServer, type ClientSession } from './helpers.ts';

const server = useServer({ SEED_DEMO_FLOW: 'true' });
const P = '/meridian';
const db = () => server.current.handle.db;
const onPostgres = Boolean(process.env.DATABASE_URL);

let acme: ClientSession;
let globex: ClientSession;
let acmeRef: number;

type Row = Partial<Record<(typeof BULK_COLUMNS)[number], string>>;
let n = 0;
const ref = (tag = 'B') => `${tag}-${++n}-${Date.now().toString(36)}`;
const benRow = (over: Row = {}): Row => ({
  customer_reference_number: ref(),
  beneficiary_code: 'VENDOR-ALPHA',
  amount: '100.00',
  transfer_type: 'IMPS',
  purpose_message: 'Bulk test',
  ...over,
});
const directRow = (over: Row = {}): Row => ({
  customer_reference_number: ref(),
  beneficiary_account_number: '50100099887766',
  ifsc_code: 'HDFC0000001',
  beneficiary_name: 'Sharma Traders',
  amount: '250.50',
  transfer_type: 'NEFT',
  purpose_message: 'Invoice',
  ...over,
});

const csvLine = (cells: string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
const csvOf = (rows: Row[], columns: readonly string[] = BULK_COLUMNS) =>
  Buffer.from(
    [csvLine([...columns]), ...rows.map((r) => csvLine(columns.map((c) => r[c as keyof Row] ?? '')))].join(
      '\n',
    ) + '\n',
  );
async function xlsxOf(rows: Row[], formulaAt?: { row: number; column: string }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Payouts');
  ws.addRow([...BULK_COLUMNS]);
  rows.forEach((r, i) => {
    const added = ws.addRow(BULK_COLUMNS.map((c) => r[c] ?? ''));
    if (formulaAt && formulaAt.row === i + 1)
      added.getCell(BULK_COLUMNS.indexOf(formulaAt.column as never) + 1).value = { formula: 'SUM(1,2)' };
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart/form-data body with the file (and fields), as a browser sends it. */
function multipart(file: Buffer | null, fileName: string, fields: Record<string, string> = {}) {
  const boundary = `----bulk${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  s: ClientSession,
  path: string,
  file: Buffer | null,
  fileName = 'payouts.csv',
  headers: Record<string, string> = {},
  fields: Record<string, string> = {},
) {
  const body = multipart(file, fileName, fields);
  // A submission from a session moves money: it carries the session's step-up token.
  const stepUp = path === 'bulk_payout' ? { 'x-step-up-token': await s.stepUpToken() } : {};
  const res = await server.current.app.inject({
    method: 'POST',
    url: `${P}/bulk/${path}`,
    headers: {
      authorization: `Bearer ${s.access_token}`,
      client_id: s.client_id,
      accept: 'application/json',
      'content-type': body.contentType,
      ...stepUp,
      ...headers,
    },
    payload: body.payload,
  });
  return {
    status: res.statusCode,
    body: JSON.parse(res.body) as Record<string, unknown>,
    headers: res.headers,
  };
}
const validate = async (file: Buffer, name = 'payouts.csv') => {
  const res = await upload(acme, 'validate', file, name);
  return res as typeof res & { body: BulkValidation & { error?: string; message?: string } };
};
const submit = (file: Buffer, key = ref('KEY'), s = acme, name = 'payouts.csv') =>
  upload(s, 'bulk_payout', file, name, { 'idempotency-key': key });

async function download(s: ClientSession, url: string) {
  const res = await server.current.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${s.access_token}`, client_id: s.client_id },
  });
  return { status: res.statusCode, raw: res.rawPayload, headers: res.headers };
}

const balance = async () =>
  (
    await queryRows<{ balance: string }>(
      db(),
      sql`SELECT balance::text FROM accounts WHERE client_ref = ${acmeRef} AND kind = 'client_current' ORDER BY id LIMIT 1`,
    )
  )[0]!.balance;
const process_ = (urn: string) => processBulk(db(), { clientRef: acmeRef, urn }, { railTimeScale: 1 });
/** The sandbox rail's step for each payout of a bulk, as due at `at` (later steps are left for a later call). */
async function railStep(urn: string, at: Date) {
  const rows = await queryRows<{ urn: string }>(
    db(),
    sql`SELECT p.urn FROM bulk_line_items li JOIN bulks b ON b.client_ref = li.client_ref AND b.id = li.bulk_ref
        JOIN payouts p ON p.client_ref = li.client_ref AND p.id = li.payout_ref
        WHERE b.client_ref = ${acmeRef} AND b.urn = ${urn} ORDER BY li.row`,
  );
  for (const p of rows)
    await advancePayout(
      db(),
      { clientRef: acmeRef, urn: p.urn },
      { railTimeScale: 1, at, transitions: PAYOUT_TRANSITIONS },
    );
}
const fetchBulk = async (urn: string) => (await acme.call('GET', `${P}/read/fetch/bulk/${urn}`)).body as Bulk;

describe('bulk payouts', () => {
  it('serves the templates (CSV and XLSX) with the headers and two example rows', async () => {
    acme = await clientSession(server.current, 'admin@acme.test');
    globex = await clientSession(server.current, 'admin@globex.test');
    acmeRef = (
      await queryRows<{ id: number }>(
        db(),
        sql`SELECT id FROM clients WHERE company_common_name = 'Acme Retail'`,
      )
    )[0]!.id;
    const csv = await download(acme, `${P}/bulk/template.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const records = parseCsv(csv.raw, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([...BULK_COLUMNS]);
    expect(records).toHaveLength(2);

    const xlsx = await download(acme, `${P}/bulk/template.xlsx`);
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...BULK_COLUMNS]);
    expect(ws.actualRowCount).toBe(3);
    // The template as uploaded: its rows are read (the example beneficiary code is not Acme's).
    const checked = await validate(xlsx.raw, 'template.xlsx');
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.format).toBe('xlsx');
    expect(checked.body.summary.total_rows).toBe(2);
  });

  it('has the demo bulks of Acme, processed through the same code paths', async () => {
    const list = await acme.call(
      'GET',
      `${P}/read/search/bulk/payouts?start_date=2000-01-01&end_date=2999-12-31`,
    );
    expect(list.status).toBe(400); // a range is at most 366 days
    const demo = (await acme.call('GET', `${P}/read/search/bulk/payouts`)).body.data as Bulk[];
    expect(demo.map((b) => [b.file_name, b.format, b.total_rows, b.pending])).toEqual([
      ['vendor-invoices.csv', 'csv', 5, 0],
      ['salaries-october.xlsx', 'xlsx', 8, 0],
    ]);
    // Every payout has settled; each file has one that failed on the rail (a closed account, a returned one).
    expect(demo.map((b) => [b.status, b.done, b.processing, b.failed])).toEqual([
      ['COMPLETED_WITH_ERRORS', 4, 0, 1],
      ['COMPLETED_WITH_ERRORS', 7, 0, 1],
    ]);
    expect(demo.every((b) => b.completed_at !== null)).toBe(true);
    const items = (
      await acme.call('GET', `${P}/read/search/bulk/line_items?bulk_urn=${demo[1]!.urn}&limit=100`)
    ).body.data as BulkLineItem[];
    expect(items).toHaveLength(8);
    expect(items.every((i) => i.payout_urn)).toBe(true);
    const input = await download(acme, `${P}/read/download/bulk/${demo[1]!.urn}/input`);
    expect(input.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('validates a good CSV without moving money: totals by transfer type and the balance', async () => {
    const before = await balance();
    const res = await validate(csvOf([benRow(), benRow({ amount: '200' }), directRow()]));
    expect(res.status).toBe(200);
    expect(res.body.file_errors).toEqual([]);
    expect(res.body.rows.every((r) => Object.keys(r.errors).length === 0)).toBe(true);
    expect(res.body.summary).toMatchObject({
      total_rows: 3,
      valid_rows: 3,
      invalid_rows: 0,
      total_amount: '550.50',
      by_transfer_type: [
        { transfer_type: 'IMPS', count: 2, amount: '300.00' },
        { transfer_type: 'NEFT', count: 1, amount: '250.50' },
      ],
    });
    expect(res.body.summary.balance).toBe((Number(before) / 100).toFixed(2));
    expect(await balance()).toBe(before);
  });

  it('answers every row error on its cell', async () => {
    await queryRows(
      db(),
      sql`UPDATE beneficiaries SET status = 'INACTIVE' WHERE client_ref = ${acmeRef} AND code = 'CLOSED-ACCOUNT'`,
    );
    const [used] = await queryRows<{ crn: string }>(
      db(),
      sql`SELECT customer_reference_number AS crn FROM payouts WHERE client_ref = ${acmeRef} LIMIT 1`,
    );
    const dup = ref('DUP');
    const rows: Row[] = [
      benRow({ beneficiary_code: 'NOBODY-HERE' }), // 1 unknown
      benRow({ beneficiary_code: 'CLOSED-ACCOUNT' }), // 2 inactive
      directRow({ ifsc_code: 'HDFC1234567' }), // 3 bad IFSC
      benRow({ amount: '600000' }), // 4 above IMPS
      directRow({ transfer_type: 'RTGS', amount: '1000' }), // 5 below RTGS
      benRow({ customer_reference_number: dup }), // 6
      benRow({ customer_reference_number: dup }), // 7 duplicate of 6
      benRow({ customer_reference_number: used!.crn }), // 8 already used
      benRow({ purpose_message: '=HYPERLINK("http://x","y")' }), // 9 formula
      benRow({ amount: '12.345', transfer_type: 'WIRE' }), // 10
      directRow({ transfer_type: 'UPI' }), // 11 direct UPI
      benRow({ beneficiary_code: 'RIDER-UPI', transfer_type: 'IMPS' }), // 12 no account for IMPS
      benRow(), // 13 fine
    ];
    const res = await validate(csvOf(rows));
    expect(res.status).toBe(200);
    const errors = res.body.rows.map((r) => r.errors);
    expect(errors[0]).toEqual({ beneficiary_code: 'Not one of your beneficiaries' });
    expect(errors[1]).toEqual({ beneficiary_code: 'This beneficiary is inactive' });
    expect(Object.keys(errors[2]!)).toEqual(['ifsc_code']);
    expect(errors[3]!.amount).toMatch(/IMPS/);
    expect(errors[4]!.amount).toMatch(/RTGS/);
    expect(errors[5]).toEqual({});
    expect(errors[6]).toEqual({ customer_reference_number: 'Repeats the reference of row 6' });
    expect(errors[7]!.customer_reference_number).toMatch(/^Already used by payout PAY/);
    expect(errors[8]!.purpose_message).toMatch(/formula/i);
    expect(Object.keys(errors[9]!).sort()).toEqual(['amount', 'transfer_type']);
    expect(errors[10]!.transfer_type).toMatch(/UPI/);
    expect(errors[11]!.transfer_type).toMatch(/no bank account/);
    expect(errors[12]).toEqual({});
    expect(res.body.summary).toMatchObject({ total_rows: 13, valid_rows: 2, invalid_rows: 11 });
    // The cells are answered as read (the grid shows them).
    expect(res.body.rows[8]!.values.purpose_message).toBe('=HYPERLINK("http://x","y")');
  });

  it('refuses a formula cell of an XLSX with its row and column', async () => {
    const res = await validate(await xlsxOf([benRow(), benRow()], { row: 2, column: 'amount' }), 'p.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.rows[1]!.row).toBe(2);
    expect(res.body.rows[1]!.errors.amount).toMatch(/formula/i);
    expect(res.body.rows[0]!.errors).toEqual({});
  });

  it('reports a total above the balance as a file error', async () => {
    const res = await validate(csvOf([directRow({ amount: '2000000' }), directRow({ amount: '2000000' })]));
    expect(res.status).toBe(200);
    expect(res.body.summary.invalid_rows).toBe(0);
    expect(res.body.file_errors.map((e) => e.code)).toEqual(['total_above_balance']);
    const refused = await submit(csvOf([directRow({ amount: '2000000' }), directRow({ amount: '2000000' })]));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('bulk_invalid');
    expect(Object.keys(refused.body.fields as object)).toEqual(['file.total_above_balance']);
  });

  it('tells files apart by content, not by name', async () => {
    const xlsxAsCsv = await validate(await xlsxOf([benRow()]), 'payouts.csv');
    expect([xlsxAsCsv.status, xlsxAsCsv.body.format, xlsxAsCsv.body.summary.valid_rows]).toEqual([
      200,
      'xlsx',
      1,
    ]);
    const csvAsXlsx = await validate(csvOf([benRow()]), 'payouts.xlsx');
    expect([csvAsXlsx.status, csvAsXlsx.body.format, csvAsXlsx.body.summary.valid_rows]).toEqual([
      200,
      'csv',
      1,
    ]);
  });

  it('refuses files it cannot use, naming the problem', async () => {
    const cases: [string, Buffer, number, string, RegExp][] = [
      ['empty', Buffer.alloc(0), 400, 'bulk_file_empty', /no rows/],
      ['header only', csvOf([]), 400, 'bulk_file_empty', /no rows/],
      [
        'binary garbage',
        Buffer.from([0x00, 0x9f, 0x13, 0xff, 0x00, 0x42, ...randomBytes(200)]),
        400,
        'bulk_file_unreadable',
        /neither/,
      ],
      ['Latin-1 text', Buffer.from([0x63, 0x72, 0x6e, 0xe9, 0x0a]), 400, 'bulk_file_unreadable', /UTF-8/],
      [
        'a broken zip',
        Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(300)]),
        400,
        'bulk_file_unreadable',
        /XLSX/,
      ],
      [
        'unknown column',
        csvOf([benRow()], [...BULK_COLUMNS, 'notes']),
        400,
        'bulk_file_headers',
        /Unknown column "notes" \(column I\)/,
      ],
      [
        'missing column',
        csvOf(
          [benRow()],
          BULK_COLUMNS.filter((c) => c !== 'amount'),
        ),
        400,
        'bulk_file_headers',
        /Missing column: amount/,
      ],
      [
        'repeated column',
        csvOf([benRow()], [...BULK_COLUMNS, 'amount']),
        400,
        'bulk_file_headers',
        /"amount" appears twice/,
      ],
      [
        'unterminated quote',
        Buffer.from(`${BULK_COLUMNS.join(',')}\n"abc,1\n`),
        400,
        'bulk_file_unreadable',
        /CSV/,
      ],
    ];
    for (const [what, file, status, error, message] of cases) {
      const res = await validate(file);
      expect([what, res.status, res.body.error], JSON.stringify(res.body)).toEqual([what, status, error]);
      expect(res.body.message).toMatch(message);
    }
    // A zip bomb: an XLSX whose directory declares gigabytes is refused before anything is unpacked.
    const bomb = await xlsxOf([benRow()]);
    const dir = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(0x7fffffff, dir + 24);
    const exploded = await validate(bomb, 'bomb.xlsx');
    expect([exploded.status, exploded.body.error]).toEqual([400, 'bulk_file_unreadable']);
    expect(exploded.body.message).toMatch(/unpacks to more/);
    const noFile = await upload(acme, 'validate', null);
    expect([noFile.status, noFile.body.error]).toEqual([400, 'bulk_file_empty']);
  });

  it('refuses more than 10,000 rows and more than 5 MB', async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => benRow({ customer_reference_number: `MANY-${i}` }));
    const many = await validate(csvOf(rows));
    expect([many.status, many.body.error]).toEqual([400, 'bulk_too_many_rows']);
    expect(many.body.message).toMatch(/10,000 rows/);
    const big = csvOf([benRow({ purpose_message: 'x'.repeat(100) })]);
    const huge = Buffer.concat([big, Buffer.from(`${'a,'.repeat(7)}a\n`.repeat(400_000))]);
    expect(huge.length).toBeGreaterThan(5 * 1024 * 1024);
    const large = await validate(huge);
    expect([large.status, large.body.error]).toEqual([413, 'bulk_file_too_large']);
    expect(large.body.message).toMatch(/5 MB/);
  });

  it('validates JSON rows (the grid after fixes) with the same checks', async () => {
    const res = await acme.call('POST', `${P}/bulk/validate`, {
      body: { rows: [benRow(), benRow({ amount: 'abc' })] },
    });
    expect(res.status).toBe(200);
    const v = res.body as unknown as BulkValidation;
    expect(v.format).toBeNull();
    expect(v.rows[1]!.errors.amount).toMatch(/rupees/);
    const empty = await acme.call('POST', `${P}/bulk/validate`, { body: { rows: [] } });
    expect(empty.status).toBe(400);
  });

  it('is refused with 403 when the bulk_frontend_payout flag is off', async () => {
    const res = await upload(globex, 'validate', csvOf([benRow()]));
    expect([res.status, res.body.error]).toEqual([403, 'feature_disabled']);
    expect(res.body.message).toMatch(/Bulk payouts are not enabled/);
    const sub = await submit(csvOf([benRow()]), ref('KEY'), globex);
    expect(sub.status).toBe(403);
  });

  let bulk: Bulk;
  let rowsOfBulk: Row[];
  it('submits once per Idempotency-Key, refusing invalid rows', async () => {
    const noKey = await upload(acme, 'bulk_payout', csvOf([benRow()]));
    expect(noKey.status).toBe(400);
    const invalid = await submit(csvOf([benRow(), benRow({ beneficiary_code: 'NOBODY-HERE' })]));
    expect([invalid.status, invalid.body.error]).toEqual([422, 'bulk_invalid']);
    expect(invalid.body.fields).toEqual({ 'rows.2.beneficiary_code': 'Not one of your beneficiaries' });

    const before = await balance();
    rowsOfBulk = [
      benRow({ amount: '1000' }),
      directRow({ amount: '500.25' }),
      benRow({ beneficiary_code: 'RIDER-UPI', transfer_type: 'UPI', amount: '99' }),
    ];
    const file = csvOf(rowsOfBulk);
    const key = ref('KEY');
    const first = await submit(file, key);
    expect(first.status).toBe(201);
    bulk = first.body as unknown as Bulk;
    expect(bulk).toMatchObject({
      status: 'QUEUED',
      total_rows: 3,
      done: 0,
      processing: 0,
      failed: 0,
      pending: 3,
      total_amount: '1599.25',
      format: 'csv',
      file_name: 'payouts.csv',
      created_by: 'admin@acme.test',
      livemode: true,
    });
    expect(bulk.urn).toMatch(/^BLK/);
    const again = await submit(file, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.body as unknown as Bulk).urn).toBe(bulk.urn);
    // Its references are taken while it waits: another file with them is refused.
    const clash = await validate(csvOf([{ ...rowsOfBulk[0]! }]));
    expect(clash.body.rows[0]!.errors.customer_reference_number).toMatch(/bulk being processed/);
    expect(await balance()).toBe(before);
    const [{ n: audits }] = (await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'bulk.submitted' AND target = ${bulk.urn}`,
    )) as [{ n: number }];
    expect(audits).toBe(1);
  });

  it('processes every row into one payout through the payouts service', async () => {
    const before = BigInt(await balance());
    expect(await process_(bulk.urn)).toBe('COMPLETED');
    expect(await process_(bulk.urn)).toBe('COMPLETED'); // again: nothing more happens
    const fetched = await acme.call('GET', `${P}/read/fetch/bulk/${bulk.urn}`);
    expect(fetched.status).toBe(200);
    // Every row is a payout, but none has settled on the rail yet: in progress, nothing paid, not completed.
    expect(fetched.body).toMatchObject({
      status: 'PROCESSING',
      done: 0,
      processing: 3,
      failed: 0,
      pending: 0,
      completed_at: null,
    });
    const payouts = await queryRows<{ crn: string; amount: string; status: string }>(
      db(),
      sql`SELECT customer_reference_number AS crn, amount::text, status FROM payouts WHERE client_ref = ${acmeRef} AND customer_reference_number IN (${sql.join(
        rowsOfBulk.map((r) => sql`${r.customer_reference_number!}`),
        sql`, `,
      )}) ORDER BY seq`,
    );
    expect(payouts.map((p) => [p.crn, p.amount])).toEqual([
      [rowsOfBulk[0]!.customer_reference_number, '100000'],
      [rowsOfBulk[1]!.customer_reference_number, '50025'],
      [rowsOfBulk[2]!.customer_reference_number, '9900'],
    ]);
    expect(BigInt(await balance())).toBe(before - 159925n);
    // Each payout sends its own PAYOUT callback (Acme's demo subscribes), as a single payout does.
    const [callbacks] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM callback_deliveries d JOIN payouts p ON p.client_ref = d.client_ref AND p.urn = d.subject_urn
          WHERE p.client_ref = ${acmeRef} AND d.event = 'payout.pending'
          AND p.customer_reference_number IN (${sql.join(
            rowsOfBulk.map((r) => sql`${r.customer_reference_number!}`),
            sql`, `,
          )})`,
    );
    expect(callbacks!.n).toBe(3);
  });

  it('rejects a row the service refuses at processing time and goes on with the others', async () => {
    const rows = [benRow({ beneficiary_code: 'VENDOR-BETA', transfer_type: 'NEFT' }), benRow()];
    const res = await submit(csvOf(rows));
    expect(res.status).toBe(201);
    const urn = (res.body as unknown as Bulk).urn;
    // Deactivated after submit: the payouts service refuses its row.
    await queryRows(
      db(),
      sql`UPDATE beneficiaries SET status = 'INACTIVE' WHERE client_ref = ${acmeRef} AND code = 'VENDOR-BETA'`,
    );
    expect(await process_(urn)).toBe('COMPLETED_WITH_ERRORS');
    await queryRows(
      db(),
      sql`UPDATE beneficiaries SET status = 'ACTIVE' WHERE client_ref = ${acmeRef} AND code = 'VENDOR-BETA'`,
    );
    const items = await acme.call('GET', `${P}/read/search/bulk/line_items?bulk_urn=${urn}`);
    const data = items.body.data as BulkLineItem[];
    expect(data.map((i) => [i.row, i.status])).toEqual([
      [1, 'REJECTED'],
      [2, 'PROCESSING'],
    ]);
    expect(data[0]!.failure_reason).toMatch(/inactive/);
    expect(data[0]!.payout_urn).toBeNull();
    const fetched = await acme.call('GET', `${P}/read/fetch/bulk/${urn}`);
    expect(fetched.body).toMatchObject({
      status: 'PROCESSING',
      done: 0,
      processing: 1,
      failed: 1,
      pending: 0,
    });
    await railStep(urn, new Date(Date.now() + 60_000));
    expect(await fetchBulk(urn)).toMatchObject({
      status: 'COMPLETED_WITH_ERRORS',
      done: 1,
      processing: 0,
      failed: 1,
      pending: 0,
    });
  });

  it('counts a row as paid only once its payout succeeded: not completed while a payout is PENDING', async () => {
    // An account ending 0003 stays PENDING on the sandbox rail for 5 minutes, then succeeds.
    const rows = [
      benRow(),
      directRow({ beneficiary_account_number: '50100099880003', transfer_type: 'IMPS' }),
    ];
    const res = await submit(csvOf(rows));
    expect(res.status).toBe(201);
    const urn = (res.body as unknown as Bulk).urn;
    expect(await process_(urn)).toBe('COMPLETED'); // the job's part: every row became a payout
    expect(await fetchBulk(urn)).toMatchObject({ status: 'PROCESSING', done: 0, processing: 2, pending: 0 });

    // A minute later the first has settled, the slow one is still PENDING: one paid, one in progress.
    await railStep(urn, new Date(Date.now() + 60_000));
    const slow = await fetchBulk(urn);
    expect(slow).toMatchObject({
      status: 'PROCESSING',
      done: 1,
      processing: 1,
      failed: 0,
      pending: 0,
      completed_at: null,
    });
    const items = (await acme.call('GET', `${P}/read/search/bulk/line_items?bulk_urn=${urn}`)).body
      .data as BulkLineItem[];
    expect(items.map((i) => i.status)).toEqual(['SUCCESS', 'PROCESSING']);
    // The list and its status filter say the same.
    const listed = async (status: string) =>
      (
        (await acme.call('GET', `${P}/read/search/bulk/payouts?limit=100&status=${status}`)).body
          .data as Bulk[]
      )
        .map((b) => b.urn)
        .includes(urn);
    expect([await listed('PROCESSING'), await listed('COMPLETED')]).toEqual([true, false]);
    const processingList = await acme.call(
      'GET',
      `${P}/read/search/bulk/payouts?limit=100&status=PROCESSING`,
    );
    const processingCount = await acme.call('GET', `${P}/read/count/bulk/payouts?status=PROCESSING`);
    expect(processingCount.body).toEqual({ count: (processingList.body.data as Bulk[]).length });

    // After 5 minutes it settles: every row paid, the bulk completed.
    await railStep(urn, new Date(Date.now() + 6 * 60_000));
    const done = await fetchBulk(urn);
    expect(done).toMatchObject({ status: 'COMPLETED', done: 2, processing: 0, failed: 0, pending: 0 });
    expect(done.completed_at).not.toBeNull();
    expect([await listed('PROCESSING'), await listed('COMPLETED')]).toEqual([false, true]);
  });

  it('lists bulks and their line items with search, status and count', async () => {
    const list = await acme.call('GET', `${P}/read/search/bulk/payouts`);
    expect(list.status).toBe(200);
    expect((list.body.data as Bulk[]).map((b) => b.urn)).toContain(bulk.urn);
    const byUrn = await acme.call(
      'GET',
      `${P}/read/search/bulk/payouts?search_key=meridian_urn&search_value=${bulk.urn}`,
    );
    expect((byUrn.body.data as Bulk[]).map((b) => b.urn)).toEqual([bulk.urn]);
    const count = await acme.call(
      'GET',
      `${P}/read/count/bulk/payouts?search_key=meridian_urn&search_value=${bulk.urn}`,
    );
    expect(count.body).toEqual({ count: 1 });
    const badKey = await acme.call(
      'GET',
      `${P}/read/search/bulk/payouts?search_key=bank_reference_number&search_value=x`,
    );
    expect(badKey.status).toBe(400);
    // BULK_PAYOUTS_LIST's status filter, counted the same
    const all = (await acme.call('GET', `${P}/read/search/bulk/payouts?limit=100`)).body.data as Bulk[];
    const status = (all.find((b) => b.urn === bulk.urn) ?? all[0]!).status;
    const same = await acme.call('GET', `${P}/read/search/bulk/payouts?limit=100&status=${status}`);
    const sameCount = await acme.call('GET', `${P}/read/count/bulk/payouts?status=${status}`);
    expect((same.body.data as Bulk[]).map((b) => b.urn)).toEqual(
      all.filter((b) => b.status === status).map((b) => b.urn),
    );
    expect(sameCount.body).toEqual({ count: (same.body.data as Bulk[]).length });
    const badStatus = await acme.call('GET', `${P}/read/search/bulk/payouts?status=DONE`);
    expect([badStatus.status, Object.keys(badStatus.body.fields as object)]).toEqual([400, ['status']]);

    const items = await acme.call('GET', `${P}/read/search/bulk/line_items?bulk_urn=${bulk.urn}`);
    const data = items.body.data as BulkLineItem[];
    expect(data.map((i) => [i.row, i.customer_reference_number, i.status, i.livemode])).toEqual(
      rowsOfBulk.map((r, i) => [i + 1, r.customer_reference_number, 'PROCESSING', true]),
    );
    const payoutUrn = data[1]!.payout_urn!;
    const one = await acme.call(
      'GET',
      `${P}/read/search/bulk/line_items?bulk_urn=${bulk.urn}&search_key=meridian_urn&search_value=${payoutUrn}`,
    );
    expect((one.body.data as BulkLineItem[]).map((i) => i.row)).toEqual([2]);
    // The rail settles a payout: its UTR is searchable and the row shows SUCCESS.
    await queryRows(
      db(),
      sql`UPDATE payouts SET status = 'SUCCESS', bank_reference_number = 'UTR123456789' WHERE client_ref = ${acmeRef} AND urn = ${payoutUrn}`,
    );
    const byUtr = await acme.call(
      'GET',
      `${P}/read/search/bulk/line_items?bulk_urn=${bulk.urn}&search_key=bank_reference_number&search_value=UTR123456789`,
    );
    expect(
      (byUtr.body.data as BulkLineItem[]).map((i) => [i.row, i.status, i.bank_reference_number]),
    ).toEqual([[2, 'SUCCESS', 'UTR123456789']]);
    const success = await acme.call(
      'GET',
      `${P}/read/count/bulk/line_items?bulk_urn=${bulk.urn}&status=SUCCESS`,
    );
    expect(success.body).toEqual({ count: 1 });
    const counted = await acme.call('GET', `${P}/read/count/bulk/line_items?bulk_urn=${bulk.urn}`);
    expect(counted.body).toEqual({ count: 3 });
    const noUrn = await acme.call('GET', `${P}/read/search/bulk/line_items`);
    expect(noUrn.status).toBe(400);
    const unknown = await acme.call('GET', `${P}/read/search/bulk/line_items?bulk_urn=BLKNOPE`);
    expect(unknown.status).toBe(404);
    const exported = await download(acme, `${P}/read/export/bulk/line_items?bulk_urn=${bulk.urn}`);
    expect(exported.status).toBe(200);
    expect((parseCsv(exported.raw, { columns: true }) as unknown[]).length).toBe(3);
    const exportedBulks = await download(acme, `${P}/read/export/bulk/payouts`);
    expect(exportedBulks.status).toBe(200);
  });

  it('downloads the input file as uploaded and the response file (CSV, and XLSX for an XLSX)', async () => {
    const input = await download(acme, `${P}/read/download/bulk/${bulk.urn}/input`);
    expect(input.status).toBe(200);
    expect(input.raw.equals(csvOf(rowsOfBulk))).toBe(true);
    expect(input.headers['content-disposition']).toMatch(/payouts\.csv/);

    const response = await download(acme, `${P}/read/download/bulk/${bulk.urn}/response`);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/payouts-response\.csv/);
    const records = parseCsv(response.raw, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.customer_reference_number, r.status])).toEqual([
      [rowsOfBulk[0]!.customer_reference_number, 'PROCESSING'],
      [rowsOfBulk[1]!.customer_reference_number, 'SUCCESS'],
      [rowsOfBulk[2]!.customer_reference_number, 'PROCESSING'],
    ]);
    expect(records[1]!.bank_reference_number).toBe('UTR123456789');
    expect(records.every((r) => r.payout_urn!.startsWith('PAY'))).toBe(true);

    // An XLSX bulk answers an XLSX response; a formula-like value comes back as text, never a formula.
    const rows = [directRow({ beneficiary_name: 'Sharma Traders' })];
    const sub = await submit(await xlsxOf(rows), ref('KEY'), acme, 'salaries.xlsx');
    expect(sub.status).toBe(201);
    const urn = (sub.body as unknown as Bulk).urn;
    expect((sub.body as unknown as Bulk).format).toBe('xlsx');
    await process_(urn);
    const x = await download(acme, `${P}/read/download/bulk/${urn}/response`);
    expect(x.status).toBe(200);
    expect(x.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as string[]).slice(1);
    const row = (ws.getRow(2).values as string[]).slice(1);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('customer_reference_number')).toBe(rows[0]!.customer_reference_number);
    expect(cell('status')).toBe('PROCESSING');
    expect(String(cell('payout_urn'))).toMatch(/^PAY/);
    const xin = await download(acme, `${P}/read/download/bulk/${urn}/input`);
    expect(xin.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('rejects the rows the balance no longer covers when they are processed', async () => {
    const amount = (BigInt(await balance()) * 6n) / 10n / 100n; // rupees: 60% of the balance
    const first = await submit(csvOf([directRow({ amount: String(amount) })]));
    const second = await submit(csvOf([directRow({ amount: String(amount) }), directRow({ amount: '10' })]));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await process_((first.body as unknown as Bulk).urn)).toBe('COMPLETED');
    const urn = (second.body as unknown as Bulk).urn;
    expect(await process_(urn)).toBe('COMPLETED_WITH_ERRORS');
    const items = (await acme.call('GET', `${P}/read/search/bulk/line_items?bulk_urn=${urn}`)).body
      .data as BulkLineItem[];
    expect(items.map((i) => i.status)).toEqual(['REJECTED', 'PROCESSING']);
    expect(items[0]!.failure_reason).toMatch(/^Insufficient balance/);
  });

  it('keeps each client to its own bulks', async () => {
    for (const url of [
      `${P}/read/fetch/bulk/${bulk.urn}`,
      `${P}/read/download/bulk/${bulk.urn}/input`,
      `${P}/read/download/bulk/${bulk.urn}/response`,
      `${P}/read/search/bulk/line_items?bulk_urn=${bulk.urn}`,
      `${P}/read/count/bulk/line_items?bulk_urn=${bulk.urn}`,
    ])
      expect([url, (await download(globex, url)).status]).toEqual([url, 404]);
    const list = await globex.call('GET', `${P}/read/search/bulk/payouts`);
    expect(list.body.data).toEqual([]);
    // Globex's job cannot process Acme's bulk.
    const [g] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM clients WHERE company_common_name = 'Globex Labs'`,
    );
    expect(await processBulk(db(), { clientRef: g!.id, urn: bulk.urn }, { railTimeScale: 1 })).toBeNull();
  });

  it('re-sends a bulk whose job was lost, and two jobs of one bulk make one payout per row', async () => {
    const rows = Array.from({ length: 7 }, () => benRow({ amount: '10' }));
    const res = await submit(csvOf(rows));
    const urn = (res.body as unknown as Bulk).urn;
    expect((await overdueBulks(db())).map((b) => b.urn)).not.toContain(urn);
    await queryRows(
      db(),
      sql`UPDATE bulks SET lease_until = now() - interval '1 second' WHERE client_ref = ${acmeRef} AND urn = ${urn}`,
    );
    expect((await overdueBulks(db())).map((b) => b.urn)).toContain(urn);
    const job = { clientRef: acmeRef, urn };
    await Promise.all([
      processBulkBatch(db(), job, { railTimeScale: 1, batch: 3, safe: true }),
      processBulkBatch(db(), job, { railTimeScale: 1, batch: 3 }),
      processBulk(db(), job, { railTimeScale: 1, batch: 2 }),
    ]);
    expect(await process_(urn)).toBe('COMPLETED');
    const counts = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(p.id)::int AS n FROM bulk_line_items li JOIN bulks b ON b.client_ref = li.client_ref AND b.id = li.bulk_ref
          LEFT JOIN payouts p ON p.client_ref = li.client_ref AND p.customer_reference_number = li.customer_reference_number
          WHERE b.urn = ${urn} GROUP BY li.id`,
    );
    expect(counts.map((c) => c.n)).toEqual(Array(7).fill(1));
    expect((await overdueBulks(db())).map((b) => b.urn)).not.toContain(urn);
  });

  it.skipIf(!onPostgres)(
    'survives kill -9 mid-way: every row of a 2,000-row bulk ends with exactly one payout',
    { timeout: 120_000 },
    async () => {
      const rows = Array.from({ length: 2000 }, (_, i) =>
        directRow({
          customer_reference_number: `KILL-${i}-${Date.now().toString(36)}`,
          amount: `${1 + (i % 50)}.25`,
          transfer_type: 'IMPS',
        }),
      );
      const total = rows.reduce((s, r) => s + BigInt(Math.round(Number(r.amount) * 100)), 0n);
      const before = BigInt(await balance());
      const res = await submit(csvOf(rows));
      expect(res.status).toBe(201);
      const urn = (res.body as unknown as Bulk).urn;
      const worker = join(import.meta.dirname, 'fixtures', 'bulk-worker.ts');
      const run = () =>
        spawn(process.execPath, [worker, server.current.handle.url!, String(acmeRef), urn], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
      const processed = async () =>
        (
          await queryRows<{ n: number }>(
            db(),
            sql`SELECT processed_rows AS n FROM bulks WHERE client_ref = ${acmeRef} AND urn = ${urn}`,
          )
        )[0]!.n;

      const first = run();
      const exited = new Promise((resolve) => first.on('exit', resolve));
      const deadline = Date.now() + 60_000;
      while ((await processed()) < 300 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      first.kill('SIGKILL');
      await exited;
      const atKill = await processed();
      expect(atKill).toBeGreaterThanOrEqual(300);
      expect(atKill).toBeLessThan(2000);

      const second = run();
      let out = '';
      second.stdout!.on('data', (c: Buffer) => (out += String(c)));
      const code = await new Promise((resolve) => second.on('exit', resolve));
      expect([code, out.trim()]).toEqual([0, 'COMPLETED']);

      const [check] = await queryRows<{
        rows: number;
        payouts: number;
        distinct_payouts: number;
        sum: string;
      }>(
        db(),
        sql`SELECT count(*)::int AS rows, count(p.id)::int AS payouts, count(DISTINCT p.id)::int AS distinct_payouts,
                   coalesce(sum(p.amount), 0)::text AS sum
            FROM bulk_line_items li JOIN bulks b ON b.client_ref = li.client_ref AND b.id = li.bulk_ref
            LEFT JOIN payouts p ON p.client_ref = li.client_ref AND p.customer_reference_number = li.customer_reference_number
            WHERE b.urn = ${urn}`,
      );
      expect(check).toEqual({ rows: 2000, payouts: 2000, distinct_payouts: 2000, sum: String(total) });
      const [linked] = await queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM bulk_line_items li JOIN bulks b ON b.client_ref = li.client_ref AND b.id = li.bulk_ref
            JOIN payouts p ON p.client_ref = li.client_ref AND p.id = li.payout_ref AND p.customer_reference_number = li.customer_reference_number
            WHERE b.urn = ${urn} AND li.status = 'PROCESSED'`,
      );
      expect(linked!.n).toBe(2000);
      expect(BigInt(await balance())).toBe(before - total);
    },
  );
});
