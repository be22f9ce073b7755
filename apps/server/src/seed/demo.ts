import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';
import { clients, users } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { ensureTestTenant } from '../db/tenants.ts';
import type { BuiltInRole } from '@meridian/contract/permissions';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { seedDemoFlow, seedDemoLivePayouts } from './demo-flow.ts';
import { seedDemoFabric } from './demo-fabric.ts';
import { seedDemoSettlements } from './demo-settlements.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoIpAllowlist } from './demo-ip-allowlist.ts';
import { seedDemoOperations } from './demo-operations.ts';
import { seedDemoMandates } from './demo-mandates.ts';
import { seedDemoPaymentLinks } from './demo-payment-links.ts';
import { seedDemoBulk } from './demo-bulk.ts';
import { seedDemoCallbacks } from './demo-callbacks.ts';
import { seedDemoSupport } from './demo-support.ts';
import { seedDemoApprovals } from './demo-approvals.ts';
import { seedDemoTestMode } from './demo-test-mode.ts';

export const DEMO_PASSWORD = 'Meridian#Demo2026';

type DemoUser = { email: string; name: string; phone?: string; mfa?: 'sms'; role: BuiltInRole };
type DemoClient = {
  name: string;
  kind: 'customer' | 'internal';
  users: DemoUser[];
  /** A company's live mode: open (default: live money moves) or still closed, waiting for Meridian operations. */
  liveMode?: 'open' | 'closed';
};

/**
 * Customer companies (each with a live and a test mode): Acme and Globex with live mode open, Initech just signed
 * up (live mode closed, test mode only); and Meridian's own operations staff.
 */
export const DEMO_CLIENTS: DemoClient[] = [
  {
    name: 'Acme Retail',
    kind: 'customer',
    users: [
      { email: 'admin@acme.test', name: 'Asha Menon', phone: '+919800000002', role: 'owner' },
      {
        email: 'finance@acme.test',
        name: 'Farhan Qureshi',
        phone: '+919800000001',
        mfa: 'sms',
        role: 'finance_maker',
      },
      // A viewer: enrols the authenticator app itself (e2e/tests/two-factor.spec.ts).
      { email: 'analyst@acme.test', name: 'Anita Desai', phone: '+919800000004', role: 'viewer' },
      // Authenticator app enrolled by the seed (demo-two-factor.ts) with the secret in the README.
      { email: 'totp@acme.test', name: 'Tariq Oommen', phone: '+919800000005', role: 'finance_maker' },
      // A finance team with four eyes: the maker's payouts of ₹1,00,000 or more and every bulk wait for the
      // approver (the default rules of demo-approvals.ts); the viewer reads and changes nothing.
      { email: 'maker@acme.test', name: 'Meera Kapoor', phone: '+919800000006', role: 'finance_maker' },
      { email: 'approver@acme.test', name: 'Arjun Pillai', phone: '+919800000007', role: 'finance_approver' },
      { email: 'viewer@acme.test', name: 'Vikram Rao', phone: '+919800000008', role: 'viewer' },
    ],
  },
  {
    name: 'Globex Labs',
    kind: 'customer',
    users: [{ email: 'admin@globex.test', name: 'Gita Rao', phone: '+919800000003', role: 'owner' }],
  },
  {
    name: 'Initech',
    kind: 'customer',
    liveMode: 'closed',
    users: [{ email: 'admin@initech.test', name: 'Ines Fernandes', phone: '+919800000009', role: 'owner' }],
  },
  {
    name: 'Meridian Operations',
    kind: 'internal',
    users: [{ email: 'ops@meridian.test', name: 'Meridian Ops', role: 'meridian_ops' }],
  },
];

/** The demo company `demo` (its live tenant: the company row), made if missing; `made` when it was. */
async function ensureDemoCompany(db: Db, demo: DemoClient) {
  const [found] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.companyCommonName, demo.name), isNull(clients.companyRef)))
    .limit(1);
  if (found) return { client: found, made: false };
  const [client] = await db
    .insert(clients)
    .values({
      clientId: newId('CLI'),
      companyCommonName: demo.name,
      kind: demo.kind,
      liveModeEnabled: demo.liveMode !== 'closed',
    })
    .returning();
  return { client: client!, made: true };
}

/** The company's demo users that are missing (by e-mail), with the demo password; answers their e-mails. */
async function ensureDemoUsers(
  db: Db,
  companyRef: number,
  demoUsers: DemoUser[],
  passwordHash: () => Promise<string>,
): Promise<string[]> {
  const made: string[] = [];
  for (const u of demoUsers) {
    const [exists] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, u.email))
      .limit(1);
    if (exists) continue;
    await db.insert(users).values({
      publicId: newId('USR'),
      clientRef: companyRef,
      email: u.email,
      name: u.name,
      passwordHash: await passwordHash(),
      phone: u.phone ?? null,
      mfaPreference: u.mfa ?? 'none',
      role: u.role,
    });
    made.push(u.email);
  }
  return made;
}

/** Idempotent: creates whatever demo client or user is missing; never touches existing rows. */
export async function seedDemo(
  db: Db,
  flow?: Parameters<typeof seedDemoFlow>[2],
  fabric?: Parameters<typeof seedDemoFabric>[2],
): Promise<{ created: string[]; effects: Effects }> {
  const created: string[] = [];
  const customers: { id: number; name: string }[] = [];
  const testModes: { testRef: number; name: string }[] = [];
  let hash: Promise<string> | undefined; // hashed only when a user is missing
  const passwordHash = () => (hash ??= hashPassword(DEMO_PASSWORD));
  for (const demo of DEMO_CLIENTS) {
    const { client, made } = await ensureDemoCompany(db, demo);
    if (made) created.push(demo.name);
    if (demo.kind === 'customer')
      testModes.push({ testRef: (await ensureTestTenant(db, client.id)).ref, name: demo.name });
    // The live seeds fill open companies' live modes; a closed company has no live data yet.
    if (demo.kind === 'customer' && demo.liveMode !== 'closed')
      customers.push({ id: client.id, name: demo.name });
    created.push(...(await ensureDemoUsers(db, client.id, demo.users, passwordHash)));
  }
  const flowEffects = flow ? await seedDemoFlow(db, customers, flow) : noEffects();
  // Virtual accounts and their credits, with the full demo (after flow: the clients' accounts exist).
  const accountEffects =
    flow?.full === true
      ? await seedDemoAccounts(db, customers, {
          callbackBaseUrl: flow.callbackBaseUrl,
          ...(flow.now ? { now: flow.now } : {}),
        })
      : noEffects();
  const fabricEffects = fabric ? await seedDemoFabric(db, customers, fabric) : noEffects();
  const settlementEffects = flow ? await seedDemoSettlements(db, customers, flow) : noEffects();
  if (flow?.full) await seedDemoOperations(db, customers);
  if (flow?.full) await seedDemoIpAllowlist(db, customers);
  if (flow?.full) await seedDemoSupport(db, customers, flow.now);
  const mandateEffects =
    flow && fabric ? await seedDemoMandates(db, customers, { ...flow, ...fabric }) : noEffects();
  const linkEffects =
    flow && fabric ? await seedDemoPaymentLinks(db, customers, { ...flow, ...fabric }) : noEffects();
  // Bulk payouts last: their payouts come after every other demo payout (payouts are numbered in time order).
  const bulkEffects = flow ? await seedDemoBulk(db, customers, flow) : noEffects();
  // Today's live payouts after every backdated one (the bulks are backdated behind the client's latest payout).
  const liveEffects = flow ? await seedDemoLivePayouts(db, customers, flow) : noEffects();
  // Callback test events, failed deliveries to replay (after flow: Acme's payout URL exists).
  const callbackEffects = flow?.full ? await seedDemoCallbacks(db, customers, flow) : noEffects();
  // The finance team's four eyes last: the default rules hold nothing the steps above make.
  const approvalEffects = flow ? await seedDemoApprovals(db, customers, flow) : noEffects();
  // The test modes' own data (Acme's and Initech's), apart from every live step above.
  const testModeEffects = flow?.full ? await seedDemoTestMode(db, testModes, flow) : noEffects();
  return {
    created,
    effects: mergeEffects(
      bulkEffects,
      liveEffects,
      flowEffects,
      accountEffects,
      fabricEffects,
      settlementEffects,
      mandateEffects,
      linkEffects,
      callbackEffects,
      approvalEffects,
      testModeEffects,
    ),
  };
}
