import { eq } from 'drizzle-orm';
import type { CreateVirtualAccount, SimulateCredit } from '@meridian/contract/accounts';
import { systemActor } from '../audit/actor.ts';
import { handleCallbackRequest } from '../callbacks/configs.ts';
import type { Db } from '../db/database.ts';
import { demoAgo } from './demo-time.ts';
import { virtualAccounts } from '../db/schema.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { createVirtualAccount, receiveCredit, setVirtualAccountOpen } from '../virtual-accounts/service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type DemoVa = CreateVirtualAccount & { daysAgo: number; close?: boolean };

/** Four virtual accounts per client, opened over the last 6 days: one with allowed payers, one with an expected amount, one closed. */
const DEMO_VAS = (tag: string): DemoVa[] => [
  { name: 'Kavya Menon', customer_id: `${tag}-CUST-1001`, daysAgo: 6 },
  {
    name: 'Rohan Traders',
    customer_id: `${tag}-CUST-1002`,
    allowed_payers: [{ account_number: '50100012345678', ifsc: 'HDFC0000001' }],
    daysAgo: 5,
  },
  { name: 'Priya Iyer', customer_id: `${tag}-CUST-1003`, expected_amount: '2500.00', daysAgo: 4 },
  { name: 'Old Ledger Stores', customer_id: `${tag}-CUST-1004`, daysAgo: 3, close: true },
];

const REMITTERS = [
  { remitter_name: 'Kavya Menon', remitter_account_number: '60200000000005', remitter_ifsc: 'KKBK0000131' },
  { remitter_name: 'Rohan Traders', remitter_account_number: '50100012345678', remitter_ifsc: 'HDFC0000001' },
  { remitter_name: 'Priya Iyer', remitter_account_number: '000401234567', remitter_ifsc: 'ICIC0000001' },
];

/**
 * Demo virtual accounts and the money that arrived in them, made by the same service functions the API calls
 * (the simulate-credit route's `receiveCredit`, backdated): for each client four accounts over the last 6 days
 * and 15 credits, two of them returned (a payer not allowed, an unexpected amount). Idempotent: a client that
 * has a virtual account is left alone. Answers the callbacks to deliver.
 */
export async function seedDemoAccounts(
  db: Db,
  clients: { id: number; name: string }[],
  opts: { callbackBaseUrl?: string; now?: number } = {},
): Promise<Effects> {
  const now = opts.now ?? Date.now();
  let effects = noEffects();
  for (const client of clients) {
    const [existing] = await db
      .select({ id: virtualAccounts.id })
      .from(virtualAccounts)
      .where(eq(virtualAccounts.clientRef, client.id))
      .limit(1);
    if (existing) continue;
    const actor = systemActor(client.id, 'demo-seed');
    if (opts.callbackBaseUrl && client.name === 'Acme Retail')
      await handleCallbackRequest(db, actor, {
        action: 'create',
        event_type: 'VIRTUAL_ACCOUNT_CREDIT',
        url: `${opts.callbackBaseUrl}/virtual-accounts`,
        http_method: 'POST',
        is_active: true,
      });
    const opened = await openDemoVas(db, actor, client.name.split(' ')[0]!.toUpperCase(), now);
    for (const [input, at] of demoCredits(opened, now)) {
      const result = await receiveCredit(db, actor, input, { at });
      effects = mergeEffects(effects, result.effects);
    }
    // Closed after its credits (today; a later credit would be returned).
    await setVirtualAccountOpen(db, actor, opened[3].number, false);
  }
  return effects;
}

type OpenedVa = { number: string; def: DemoVa };
type Remitter = (typeof REMITTERS)[number];

/** The client's four demo virtual accounts (plain, allowed payers, expected amount, to close), backdated. */
async function openDemoVas(
  db: Db,
  actor: ReturnType<typeof systemActor>,
  tag: string,
  now: number,
): Promise<[OpenedVa, OpenedVa, OpenedVa, OpenedVa]> {
  const opened: OpenedVa[] = [];
  for (const [i, def] of DEMO_VAS(tag).entries()) {
    const { daysAgo, close: _close, ...input } = def;
    const va = await db.transaction((tx) =>
      createVirtualAccount(tx, actor, input, { at: demoAgo(now, daysAgo * DAY + 9 * HOUR, i) }),
    );
    opened.push({ number: va.account_number, def });
  }
  return opened as [OpenedVa, OpenedVa, OpenedVa, OpenedVa];
}

/** A credit of `amount` to `va` from `remitter`, `hoursAgo` before now (a UPI payer by a UPI id). */
function demoCredit(
  now: number,
  va: OpenedVa,
  hoursAgo: number,
  amount: string,
  mode: SimulateCredit['mode'],
  remitter: Remitter,
): [SimulateCredit, Date] {
  return [
    {
      virtual_account_number: va.number,
      amount,
      mode,
      ...(mode === 'UPI'
        ? {
            remitter_name: remitter.remitter_name,
            remitter_upi_id: `${remitter.remitter_name.split(' ')[0]!.toLowerCase()}@okhdfc`,
          }
        : remitter),
    },
    new Date(now - hoursAgo * HOUR),
  ];
}

/** The 15 credits of the demo accounts, oldest first; two are returned. */
function demoCredits(
  [plain, allowed, expected, closing]: [OpenedVa, OpenedVa, OpenedVa, OpenedVa],
  now: number,
): [SimulateCredit, Date][] {
  const [kavya, rohan, priya] = REMITTERS as unknown as [Remitter, Remitter, Remitter];
  const credit = (...args: [OpenedVa, number, string, SimulateCredit['mode'], Remitter]) =>
    demoCredit(now, ...args);
  const credits: [SimulateCredit, Date][] = [
    credit(plain, 140, '12500.00', 'NEFT', kavya),
    credit(closing, 70, '1800.00', 'IMPS', priya),
    credit(plain, 118, '4200.50', 'UPI', kavya),
    credit(allowed, 110, '75000.00', 'IMPS', rohan),
    credit(plain, 96, '999.00', 'IMPS', kavya),
    credit(expected, 90, '2500.00', 'NEFT', priya),
    credit(allowed, 74, '250000.00', 'RTGS', rohan),
    credit(plain, 60, '3150.00', 'UPI', priya),
    credit(expected, 50, '2500.00', 'IMPS', priya),
    credit(allowed, 40, '18000.00', 'NEFT', rohan),
    credit(plain, 30, '640.00', 'UPI', rohan),
    credit(expected, 20, '2500.00', 'UPI', priya),
    credit(plain, 6, '15000.00', 'IMPS', kavya),
    // returned: a payer the account does not allow, and an amount it does not expect
    credit(allowed, 26, '5000.00', 'IMPS', kavya),
    credit(expected, 3, '2400.00', 'NEFT', priya),
  ];
  return credits.sort((a, b) => a[1].getTime() - b[1].getTime());
}
