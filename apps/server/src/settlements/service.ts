import { and, asc, desc, eq, lt, lte, sql } from 'drizzle-orm';
import { RAIL_LIMITS } from '@meridian/contract';
import type { Settlement } from '@meridian/contract/accounts';
import type { Db } from '../db/database.ts';
import { accounts, ledgerPostings, settlementCycles, settlements } from '../db/schema.ts';
import { tenantOf } from '../db/tenants.ts';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import { newId } from '../lib/ids.ts';
import type { PayoutRow } from '../payouts/answer.ts';
import { createPayout } from '../payouts/service.ts';
import { activeAccount, type AccountRow } from './account.ts';
import { settlementByUrn, toSettlement } from './answer.ts';
import { cycleRow, ensureCycles, type CycleRow } from './cycles.ts';
import { manualWindow, nextRunAt, scheduledWindow, type Window } from './schedule.ts';

/**
 * Settlements: the money collected in a client's virtual accounts swept, by cycle, to the client's verified
 * settlement account, as payouts of kind SETTLEMENT on the sandbox rail (docs/using/settlements.md). Here the
 * runs, the reattempts and the settlements' status; the settlement account is account.ts, the cycles cycles.ts.
 */

export type SettlementOptions = { railTimeScale: number; now?: Date };

const unprocessable = (key: string, message: string) => new AppError(422, key, message);
const NO_ACCOUNT_MESSAGE = 'Add and verify a settlement account first';

export type SettlementRunAnswer = {
  cycle_id: string;
  window_start: string;
  window_end: string;
  settlements: Settlement[];
  message: string | null;
};

/** The settlement payout of `s`: NEFT from the virtual account's ledger account to the settlement account. */
async function settlementPayout(
  tx: Db,
  actor: Actor,
  s: {
    urn: string;
    attempt: number;
    amount: bigint;
    accountRef: number;
    accountNumber: string;
    cycleName: string;
  },
  to: AccountRow,
  opts: SettlementOptions,
) {
  return createPayout(
    tx,
    actor,
    {
      kind: 'SETTLEMENT',
      accountRef: s.accountRef,
      accountNumber: s.accountNumber,
      beneficiaryRef: null,
      destination: {
        code: 'SETTLEMENT',
        name: to.accountHolderName,
        accountNumber: to.accountNumber,
        ifsc: to.ifsc,
        upiId: null,
      },
      amount: s.amount,
      transferType: 'NEFT',
      customerReferenceNumber: `STL-${s.urn}-${s.attempt}`,
      purposeMessage: `Settlement ${s.cycleName}`,
    },
    { railTimeScale: opts.railTimeScale, ...(opts.now ? { at: opts.now } : {}) },
  );
}

/** The balance of a ledger account just before `end`: its last posting's balance_after (0 without one). */
async function balanceBefore(tx: Db, clientRef: number, accountRef: number, end: Date): Promise<bigint> {
  const [row] = await tx
    .select({ balance: ledgerPostings.balanceAfter })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.clientRef, clientRef),
        eq(ledgerPostings.accountRef, accountRef),
        lt(ledgerPostings.createdAt, end),
      ),
    )
    .orderBy(desc(ledgerPostings.createdAt), desc(ledgerPostings.id))
    .limit(1);
  return row?.balance ?? 0n;
}

type Trigger = 'SCHEDULED' | 'MANUAL';

/** One run of a cycle: what its steps share. */
type Run = {
  tx: Db;
  actor: Actor;
  cycle: CycleRow;
  trigger: Trigger;
  window: Window;
  /** The cycle's next run time when the run is scheduled (it moves on whatever happens). */
  advance: { nextRunAt?: Date | null };
  now: Date;
};

/** A virtual account's part of a run: its number and the amount swept. */
type Sweep = { id: number; accountNumber: string; amount: bigint };

const thisCycle = (cycle: CycleRow) =>
  and(eq(settlementCycles.clientRef, cycle.clientRef), eq(settlementCycles.id, cycle.id));

/**
 * One run of a cycle, in one transaction holding the cycle row (runs of one cycle take turns) and the virtual
 * accounts' rows (runs of different cycles take turns on the money). Each virtual account gives what it held at
 * the window's end and still holds (min of the two), so money collected after the window waits for the next run
 * and money already swept is not swept again. A settlement per account, unique per (cycle, window end, account):
 * a run repeated for the same window moves money once. Nothing moves when the total is below the cycle minimum.
 * A scheduled run that finds the cycle no longer due does nothing (another process ran it); the caller maps the
 * missing settlement account to a 422 (invoked) or a skipped run (scheduled).
 */
export async function runCycle(
  db: Db,
  actor: Actor,
  cycleId: string,
  trigger: Trigger,
  opts: SettlementOptions,
): Promise<{ run: SettlementRunAnswer | null; effects: Effects }> {
  const now = opts.now ?? new Date();
  await tenantOf(db, actor.clientRef); // the scheduler may meet the tenant here first
  if (trigger === 'MANUAL') await ensureCycles(db, actor.clientRef, now);
  return db.transaction(async (tx) => {
    const cycle = await cycleRow(tx, actor.clientRef, cycleId, true);
    const due = cycle.nextRunAt;
    if (trigger === 'SCHEDULED' && (!cycle.enabled || !due || due.getTime() > now.getTime()))
      return { run: null, effects: noEffects() };
    // A scheduled run moves the cycle to its next run time whatever happens; an invoked one leaves it.
    const advance =
      trigger === 'SCHEDULED'
        ? {
            nextRunAt: nextRunAt(
              { ...cycle, runTimes: cycle.runTimes },
              new Date(Math.max(now.getTime(), due!.getTime())),
            ),
          }
        : {};
    const to = await activeAccount(tx, actor.clientRef);
    if (!to || to.status !== 'VERIFIED') {
      if (trigger === 'MANUAL') throw unprocessable('no_settlement_account', NO_ACCOUNT_MESSAGE);
      await tx.update(settlementCycles).set(advance).where(thisCycle(cycle));
      return { run: null, effects: noEffects() };
    }
    const window =
      trigger === 'SCHEDULED' ? scheduledWindow(cycle, due!) : await nextManualWindow(tx, cycle, now);
    const run: Run = { tx, actor, cycle, trigger, window, advance, now };
    const sweeps = await sweepsOf(tx, actor.clientRef, window);
    const total = sweeps.reduce((sum, s) => sum + s.amount, 0n);
    if (!sweeps.length)
      return { run: await finishRun(run, [], 'Nothing to settle in this window'), effects: noEffects() };
    if (total < cycle.minAmount)
      return {
        run: await finishRun(run, [], `Below the cycle minimum of ${formatRupees(cycle.minAmount)}`),
        effects: noEffects(),
      };
    const { created, effects } = await settleSweeps(run, to, sweeps, opts);
    return {
      run: await finishRun(run, created, created.length ? null : 'This window was settled already'),
      effects,
    };
  });
}

/** An invoked run's window: from the end of the cycle's last settled window up to this minute. */
async function nextManualWindow(tx: Db, cycle: CycleRow, now: Date): Promise<Window> {
  const [last] = await tx
    .select({ end: sql<Date | null>`max(${settlements.windowEnd})`.mapWith(settlements.windowEnd) })
    .from(settlements)
    .where(and(eq(settlements.clientRef, cycle.clientRef), eq(settlements.cycleRef, cycle.id)));
  return manualWindow(cycle.timeZone, now, last?.end ?? null);
}

/**
 * The client's virtual accounts, locked, and what each gives: what it held at the window's end and still holds
 * (min of the two), from the rail's NEFT minimum up.
 */
async function sweepsOf(tx: Db, clientRef: number, window: Window): Promise<Sweep[]> {
  const vas = await tx
    .select({ id: accounts.id, balance: accounts.balance, accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.clientRef, clientRef), eq(accounts.kind, 'virtual')))
    .orderBy(asc(accounts.id))
    .for('update');
  const sweeps: Sweep[] = [];
  for (const va of vas) {
    if (va.balance <= 0n) continue;
    const atEnd = await balanceBefore(tx, clientRef, va.id, window.end);
    const amount = va.balance < atEnd ? va.balance : atEnd;
    // The rail's NEFT minimum (₹1): less than that stays for a later run.
    if (amount >= BigInt(RAIL_LIMITS.NEFT.min)) sweeps.push({ ...va, amount });
  }
  return sweeps;
}

/** A settlement and its payout per sweep; a sweep whose window this account was settled for already is skipped. */
async function settleSweeps(
  run: Run,
  to: AccountRow,
  sweeps: Sweep[],
  opts: SettlementOptions,
): Promise<{ created: Settlement[]; effects: Effects }> {
  const { tx, actor, cycle, trigger, window, now } = run;
  let effects = noEffects();
  const created: Settlement[] = [];
  for (const sweep of sweeps) {
    const urn = newId('STL', now.getTime());
    const [row] = await tx
      .insert(settlements)
      .values({
        clientRef: actor.clientRef,
        urn,
        cycleRef: cycle.id,
        type: cycle.type,
        trigger,
        windowStart: window.start,
        windowEnd: window.end,
        accountRef: sweep.id,
        settlementAccountRef: to.id,
        amount: sweep.amount,
        status: 'PENDING',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue; // this window of this account was settled already
    const { payout, effects: paid } = await settlementPayout(
      tx,
      actor,
      {
        urn,
        attempt: 1,
        amount: sweep.amount,
        accountRef: sweep.id,
        accountNumber: sweep.accountNumber,
        cycleName: cycle.name,
      },
      to,
      opts,
    );
    effects = mergeEffects(effects, paid);
    const [updated] = await tx
      .update(settlements)
      .set({ payoutUrn: payout.urn })
      .where(and(eq(settlements.clientRef, row.clientRef), eq(settlements.id, row.id)))
      .returning();
    created.push(
      toSettlement({
        s: updated!,
        cycleId: cycle.cycleId,
        accountNumber: sweep.accountNumber,
        settlementAccountNumber: to.accountNumber,
      }),
    );
  }
  return { created, effects };
}

/** The run ends: the cycle's last run (and next run time, when scheduled), audited; its answer. */
async function finishRun(run: Run, list: Settlement[], message: string | null): Promise<SettlementRunAnswer> {
  const { tx, actor, cycle, trigger, window, advance, now } = run;
  await tx
    .update(settlementCycles)
    .set({ ...advance, lastRunAt: now })
    .where(thisCycle(cycle));
  await auditBy(tx, actor, 'settlement.run', cycle.cycleId, {
    trigger,
    window_start: window.start.toISOString(),
    window_end: window.end.toISOString(),
    settlements: list.map((s) => s.urn),
    total: formatMoney(list.reduce((sum, s) => sum + toPaise(s.amount), 0n)),
    ...(message ? { message } : {}),
  });
  return {
    cycle_id: cycle.cycleId,
    window_start: window.start.toISOString(),
    window_end: window.end.toISOString(),
    settlements: list,
    message,
  };
}

/** `POST …/cycles/{id}/invoke`: runs the cycle now. */
export async function invokeCycle(
  db: Db,
  actor: Actor,
  cycleId: string,
  opts: SettlementOptions,
): Promise<{ run: SettlementRunAnswer; effects: Effects }> {
  const { run, effects } = await runCycle(db, actor, cycleId, 'MANUAL', opts);
  return { run: run!, effects };
}

/**
 * The scheduler's part (the minute sweeper): every enabled cycle of every client whose next run time has passed
 * runs, one transaction each; a cycle that cannot run (no settlement account) moves to its next run time. A
 * failure of one cycle is logged and the others still run.
 */
export async function runDueCycles(
  db: Db,
  opts: SettlementOptions & { log?: (msg: string, data?: object) => void },
): Promise<{ runs: number; effects: Effects }> {
  const now = opts.now ?? new Date();
  const due = await db
    .select({ clientRef: settlementCycles.clientRef, cycleId: settlementCycles.cycleId })
    .from(settlementCycles)
    .where(
      and(
        eq(settlementCycles.enabled, true),
        sql`${settlementCycles.nextRunAt} IS NOT NULL`,
        lte(settlementCycles.nextRunAt, now),
      ),
    )
    .orderBy(asc(settlementCycles.nextRunAt))
    .limit(200);
  let effects = noEffects();
  let runs = 0;
  for (const c of due) {
    try {
      const result = await runCycle(
        db,
        systemActor(c.clientRef, 'settlement-scheduler'),
        c.cycleId,
        'SCHEDULED',
        opts,
      );
      effects = mergeEffects(effects, result.effects);
      if (result.run) runs++;
      else opts.log?.('settlement cycle skipped (no verified settlement account)', { cycle: c.cycleId });
    } catch (err) {
      opts.log?.('settlement cycle run failed', { cycle: c.cycleId, error: (err as Error).message });
    }
  }
  return { runs, effects };
}

/**
 * `POST …/history/{urn}/reattempt`: a FAILED settlement (its money is back in the virtual account) is paid again,
 * to the active settlement account, as a fresh payout (attempts + 1). The settlement row is locked, so concurrent
 * reattempts make one payout. Audited.
 */
export async function reattemptSettlement(
  db: Db,
  actor: Actor,
  urn: string,
  opts: SettlementOptions,
): Promise<{ settlement: Settlement; effects: Effects }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(settlements)
      .where(and(eq(settlements.clientRef, actor.clientRef), eq(settlements.urn, urn)))
      .for('update');
    if (!row) throw notFound(`No settlement with urn ${urn}`);
    if (row.status !== 'FAILED')
      throw unprocessable(
        'settlement_not_failed',
        `Only a FAILED settlement can be reattempted; ${urn} is ${row.status}`,
      );
    const to = await activeAccount(tx, actor.clientRef);
    if (!to || to.status !== 'VERIFIED') throw unprocessable('no_settlement_account', NO_ACCOUNT_MESSAGE);
    const [va] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.clientRef, actor.clientRef), eq(accounts.id, row.accountRef)))
      .for('update');
    if (!va || va.balance < row.amount)
      throw unprocessable(
        'insufficient_balance',
        `The virtual account holds ${formatRupees(va?.balance ?? 0n)}, less than the ${formatRupees(row.amount)} to settle`,
      );
    const [cycle] = await tx
      .select({ name: settlementCycles.name })
      .from(settlementCycles)
      .where(and(eq(settlementCycles.clientRef, row.clientRef), eq(settlementCycles.id, row.cycleRef)));
    const attempt = row.attempts + 1;
    const { payout, effects } = await settlementPayout(
      tx,
      actor,
      {
        urn,
        attempt,
        amount: row.amount,
        accountRef: va.id,
        accountNumber: va.accountNumber,
        cycleName: cycle?.name ?? '',
      },
      to,
      opts,
    );
    await tx
      .update(settlements)
      .set({
        attempts: attempt,
        payoutUrn: payout.urn,
        settlementAccountRef: to.id,
        status: 'PENDING',
        statusMessage: null,
        bankReferenceNumber: null,
        updatedAt: opts.now ?? new Date(),
      })
      .where(and(eq(settlements.clientRef, row.clientRef), eq(settlements.id, row.id)));
    await auditBy(tx, actor, 'settlement.reattempted', urn, {
      attempt,
      payout_urn: payout.urn,
      amount: formatMoney(row.amount),
    });
    return { settlement: await settlementByUrn(tx, actor.clientRef, urn), effects };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Status sync

/**
 * A settlement follows its current payout: PENDING, SETTLED once the rail pays it (with the UTR), FAILED when it
 * fails or comes back (the payout's reversal has already put the money back in the virtual account). The payouts
 * domain calls this inside the rail step's transaction, as the SETTLEMENT kind's listener that the composition
 * gives `advancePayout` (payouts never import settlements, so the folders stay acyclic), so a settlement's status
 * never disagrees with its payout's.
 */
export async function syncSettlementWithPayout(tx: Db, payout: PayoutRow): Promise<void> {
  const status = payout.status === 'SUCCESS' ? 'SETTLED' : payout.status === 'PENDING' ? 'PENDING' : 'FAILED';
  const [row] = await tx
    .update(settlements)
    .set({
      status,
      statusMessage: status === 'FAILED' ? payout.statusMessage : null,
      bankReferenceNumber: payout.bankReferenceNumber,
      updatedAt: payout.updatedAt,
    })
    .where(and(eq(settlements.clientRef, payout.clientRef), eq(settlements.payoutUrn, payout.urn)))
    .returning({ urn: settlements.urn });
  if (row)
    await auditBy(
      tx,
      systemActor(payout.clientRef, 'sandbox-rail'),
      `settlement.${status.toLowerCase()}`,
      row.urn,
      {
        payout_urn: payout.urn,
        ...(payout.statusMessage ? { reason: payout.statusMessage } : {}),
      },
    );
}
