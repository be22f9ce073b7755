import { and, eq, sql } from 'drizzle-orm';
import { BULK_COLUMNS, type BulkRowCells } from '@meridian/contract/bulk';
import type { ApprovalSource } from '@meridian/contract/approvals';
import { systemActor, type Actor } from '../audit/actor.ts';
import { CONTENT_TYPES, csvOf, streamToBuffer, xlsxStream } from '../bulk/files.ts';
import { readBulkFile } from '../bulk/parse.ts';
import { processBulk } from '../bulk/service.ts';
import { storeBulk } from '../bulk/store.ts';
import { checkRows } from '../bulk/validate.ts';
import type { Db } from '../db/database.ts';
import { bulkLineItems, bulks, payouts } from '../db/schema.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { advancePayout, type PayoutTransitions } from '../payouts/advance.ts';

const DAY = 86_400_000;

export type DemoBulk = {
  fileName: string;
  format: 'csv' | 'xlsx';
  daysAgo: number;
  rows: Required<BulkRowCells>[];
};

export const row = (
  crn: string,
  amount: string,
  dest: { code: string; type: string } | { account: string; ifsc: string; name: string; type: string },
  purpose: string,
): Required<BulkRowCells> => ({
  customer_reference_number: crn,
  beneficiary_code: 'code' in dest ? dest.code : '',
  beneficiary_account_number: 'account' in dest ? dest.account : '',
  ifsc_code: 'ifsc' in dest ? dest.ifsc : '',
  beneficiary_name: 'name' in dest ? dest.name : '',
  amount,
  transfer_type: dest.type,
  purpose_message: purpose,
});

/** Acme's bulks: salaries as an XLSX (one to a closed account fails on the rail) and vendor invoices as a CSV. */
const ACME_BULKS: DemoBulk[] = [
  {
    fileName: 'salaries-october.xlsx',
    format: 'xlsx',
    daysAgo: 5,
    rows: [
      ...['Anil Kapoor', 'Bina Das', 'Chetan Rao', 'Deepa Nair', 'Esha Gupta', 'Farid Khan'].map((name, i) =>
        row(
          `SAL-OCT-${String(i + 1).padStart(3, '0')}`,
          `${32_000 + i * 1_500}.00`,
          {
            account: `5010020000${String(i + 11).padStart(4, '0')}`,
            ifsc: 'HDFC0000001',
            name,
            type: 'IMPS',
          },
          'Salary October',
        ),
      ),
      row('SAL-OCT-007', '28500.00', { code: 'CLOSED-ACCOUNT', type: 'IMPS' }, 'Salary October'),
      row('SAL-OCT-008', '4500.00', { code: 'RIDER-UPI', type: 'UPI' }, 'Rider incentive'),
    ],
  },
  {
    fileName: 'vendor-invoices.csv',
    format: 'csv',
    daysAgo: 2,
    rows: [
      row('BULK-INV-2001', '18250.00', { code: 'VENDOR-ALPHA', type: 'IMPS' }, 'Invoice 2001'),
      row('BULK-INV-2002', '64000.00', { code: 'VENDOR-BETA', type: 'NEFT' }, 'Invoice 2002'),
      row('BULK-INV-2003', '9999.50', { code: 'VENDOR-ALPHA', type: 'IMPS' }, 'Invoice 2003'),
      row('BULK-INV-2004', '12500.00', { code: 'RETURNED-ACCOUNT', type: 'IMPS' }, 'Invoice 2004'),
      row(
        'BULK-INV-2005',
        '41000.00',
        { account: '000401239876', ifsc: 'ICIC0000001', name: 'Kiran Logistics', type: 'NEFT' },
        'Invoice 2005',
      ),
    ],
  },
];

/**
 * A demo bulk as an upload makes it: its file written (XLSX or CSV), read and checked like an upload, then stored
 * in one transaction by `actor` (backdated to `at`; with `approval`, under the client's bulk approval rules).
 */
export async function storeDemoBulk(
  db: Db,
  actor: Actor,
  demo: DemoBulk,
  opts: { at?: Date; approval?: { source: ApprovalSource; ttlHours: number } },
): Promise<Awaited<ReturnType<typeof storeBulk>>> {
  const values = demo.rows.map((r) => BULK_COLUMNS.map((c) => r[c]));
  const content =
    demo.format === 'xlsx'
      ? await streamToBuffer(xlsxStream(BULK_COLUMNS, values, () => {}))
      : await csvOf(BULK_COLUMNS, values);
  const read = await readBulkFile(content);
  const checked = await checkRows(db, actor.clientRef, read.rows, {
    fileName: demo.fileName,
    format: read.format,
  });
  if (checked.validation.summary.invalid_rows || checked.validation.file_errors.length)
    throw new Error(`demo bulk ${demo.fileName} is invalid: ${JSON.stringify(checked.validation.rows)}`);
  return db.transaction((tx) =>
    storeBulk(tx, actor, {
      fileName: demo.fileName,
      format: read.format,
      contentType: CONTENT_TYPES[read.format],
      content,
      accountRef: checked.account.id,
      accountNumber: checked.account.accountNumber,
      rows: checked.valid,
      ...opts,
    }),
  );
}

/**
 * Demo bulk payouts for Acme (full demo only), through the same code paths as the API: the file is read and
 * checked like an upload, stored, processed by the bulk job's handler and its payouts moved through the sandbox
 * rail's own steps, all backdated (after the client's other demo payouts). Idempotent: a client with a bulk is
 * left alone.
 */
export async function seedDemoBulk(
  db: Db,
  clients: { id: number; name: string }[],
  opts: { railTimeScale: number; full: boolean; now?: number; payoutTransitions: PayoutTransitions },
): Promise<Effects> {
  if (!opts.full) return noEffects();
  const now = opts.now ?? Date.now();
  let effects = noEffects();
  const acme = clients.find((c) => c.name === 'Acme Retail');
  if (!acme) return effects;
  const [has] = await db.select({ id: bulks.id }).from(bulks).where(eq(bulks.clientRef, acme.id)).limit(1);
  if (has) return effects;
  const actor = { ...systemActor(acme.id, 'admin@acme.test'), email: 'admin@acme.test' };
  for (const demo of ACME_BULKS) {
    // Payouts are numbered in creation order and created_at never decreases in that order (the payout lists rely
    // on it): a bulk is backdated, but never before the client's latest payout.
    const [latest] = await db
      .select({ at: sql<string | null>`max(${payouts.createdAt})::text` })
      .from(payouts)
      .where(eq(payouts.clientRef, acme.id));
    const floor = latest?.at ? Date.parse(latest.at) + 1000 : 0;
    const at = new Date(Math.min(now, Math.max(now - demo.daysAgo * DAY, floor)));
    const stored = await storeDemoBulk(db, actor, demo, { at });
    const ref = { clientRef: acme.id, urn: stored.bulk.urn };
    await processBulk(db, ref, { railTimeScale: opts.railTimeScale, at });
    // The rail's steps for the bulk's payouts, at the times they were due (as demo-flow does for single payouts).
    const rows = await db
      .select({ urn: payouts.urn })
      .from(bulkLineItems)
      .innerJoin(
        payouts,
        and(eq(payouts.clientRef, bulkLineItems.clientRef), eq(payouts.id, bulkLineItems.payoutRef)),
      )
      .innerJoin(
        bulks,
        and(eq(bulks.clientRef, bulkLineItems.clientRef), eq(bulks.id, bulkLineItems.bulkRef)),
      )
      .where(and(eq(bulks.clientRef, acme.id), eq(bulks.urn, ref.urn)))
      .orderBy(sql`${bulkLineItems.row}`);
    for (const { urn } of rows) {
      for (let step = 0; step < 4; step++) {
        const [p] = await db
          .select()
          .from(payouts)
          .where(and(eq(payouts.clientRef, acme.id), eq(payouts.urn, urn)));
        if (!p?.railDueAt || p.railDueAt.getTime() > now) break;
        const advanced = await advancePayout(db, p, {
          railTimeScale: opts.railTimeScale,
          at: p.railDueAt,
          transitions: opts.payoutTransitions,
        });
        effects = mergeEffects(effects, { ...advanced.effects, rail: [] });
      }
    }
  }
  return effects;
}
