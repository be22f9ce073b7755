import { and, asc, desc, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import { RAIL_LIMITS } from '@meridian/contract';
import {
  type SetSettlementAccount,
  type Settlement,
  type SettlementAccount,
  type SettlementCycle,
  type UpdateSettlementCycle,
} from '@meridian/contract/accounts';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { accounts, ledgerPostings, settlementAccounts, settlementCycles, settlements } from '../db/schema.ts';
import { auditBy, systemActor, type Actor } from '../audit/actor.ts';
import { AppError, notFound } from '../http/errors.ts';
import { mergeEffects, noEffects, type Effects } from '../jobs/effects.ts';
import { formatMoney, formatRupees, toPaise } from '../lib/money.ts';
import { newId } from '../lib/ids.ts';
import { DEFAULT_TIME_ZONE } from '../lists/list-query.ts';
import type { PayoutRow } from '../payouts/answer.ts';
import { createPayout } from '../payouts/service.ts';
import { validateAccount } from '../validations/service.ts';
import { manualWindow, nextRunAt, normaliseRunTimes, scheduledWindow, type Window } from './schedule.ts';

/**
 * Settlements: the money collected in a client's virtual accounts swept, by cycle, to the client's verified
 * settlement account, as payouts of kind SETTLEMENT on the sandbox rail (docs/using/settlements.md).
 */

type AccountRow = typeof settlementAccounts.$inferSelect;
type CycleRow = typeof settlementCycles.$inferSelect;
type SettlementRow = typeof settlements.$inferSelect;
export type SettlementOptions = { railTimeScale: number; now?: Date };

const unprocessable = (key: string, message: string) => new AppError(422, key, message);
const NO_ACCOUNT_MESSAGE = 'Add and verify a settlement account first';

/** Serialises one client's writes of one kind (setting the account, creating the default cycles). */
const lockClient = (tx: Db, kind: number, clientRef: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${kind}::int, ${clientRef}::int)`);
const LOCK_ACCOUNT = 7301;
const LOCK_CYCLES = 7302;

// ---------------------------------------------------------------------------------------------------------
// The settlement account

export const toSettlementAccount = (a: AccountRow): SettlementAccount => ({
  account_number: a.accountNumber,
  ifsc: a.ifsc,
  account_holder_name: a.accountHolderName,
  bank_name: a.bankName,
  status: a.status as SettlementAccount['status'],
  status_message: a.statusMessage,
  registered_name: a.registeredName,
  name_match_score: a.nameMatchScore,
  validation_urn: a.validationUrn,
  is_active: a.isActive,
  created_at: a.createdAt.toISOString(),
});

async function activeAccount(db: Db, clientRef: number): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(settlementAccounts)
    .where(and(eq(settlementAccounts.clientRef, clientRef), eq(settlementAccounts.isActive, true)));
  return row ?? null;
}

export async function getSettlementAccount(db: Db, clientRef: number): Promise<SettlementAccount | null> {
  const row = await activeAccount(db, clientRef);
  return row ? toSettlementAccount(row) : null;
}

/**
 * Checks the account by penny drop (the validation service: its fee is charged to the client's current account,
 * its callback queued) and records the answer: VERIFIED when the bank knows the account and its holder's name
 * matches (name match MATCH: score ≥ 85), which then replaces the active account; else REJECTED with the reason,
 * not active. One transaction, one client at a time.
 */
export async function setSettlementAccount(
  db: Db,
  actor: Actor,
  input: z.infer<typeof SetSettlementAccount>,
  opts: { at?: Date } = {},
): Promise<{ account: SettlementAccount; effects: Effects }> {
  return db.transaction(async (tx) => {
    await lockClient(tx, LOCK_ACCOUNT, actor.clientRef);
    const { validation, effects } = await validateAccount(
      tx,
      actor,
      {
        beneficiary_account_number: input.account_number,
        ifsc_code: input.ifsc,
        beneficiary_name: input.account_holder_name,
      },
      opts,
    );
    const score = validation.name_match_score;
    const verified = validation.status === 'SUCCESS' && validation.name_match === 'MATCH';
    const message = verified
      ? null
      : validation.status !== 'SUCCESS'
        ? `The bank refused the account: ${validation.status_message ?? 'validation failed'}`
        : `The name does not match the account holder registered with the bank (${validation.registered_name}, match ${score}%)`;
    if (verified)
      await tx
        .update(settlementAccounts)
        .set({ isActive: false })
        .where(and(eq(settlementAccounts.clientRef, actor.clientRef), eq(settlementAccounts.isActive, true)));
    const [row] = await tx
      .insert(settlementAccounts)
      .values({
        clientRef: actor.clientRef,
        accountNumber: input.account_number,
        ifsc: validation.ifsc_code,
        accountHolderName: input.account_holder_name,
        bankName: validation.bank_name,
        status: verified ? 'VERIFIED' : 'REJECTED',
        statusMessage: message,
        validationUrn: validation.urn,
        registeredName: validation.registered_name,
        nameMatchScore: score,
        isActive: verified,
        createdBy: actor.email,
        ...(opts.at ? { createdAt: opts.at } : {}),
      })
      .returning();
    await auditBy(
      tx,
      actor,
      verified ? 'settlement.account_verified' : 'settlement.account_rejected',
      validation.urn,
      {
        account_number: input.account_number,
        ifsc: validation.ifsc_code,
        ...(message ? { reason: message } : {}),
      },
    );
    return { account: toSettlementAccount(row!), effects };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Cycles

const DEFAULT_CYCLES = [
  { slot: 'T1', name: 'Daily T+1', type: 'T1', runTimes: ['10:00'], minAmount: 100_00n, enabled: true },
  {
    slot: 'T0',
    name: 'Same day T+0',
    type: 'T0',
    runTimes: ['13:00', '17:00'],
    minAmount: 1000_00n,
    enabled: false,
  },
] as const;

export const toCycle = (c: CycleRow): SettlementCycle => ({
  cycle_id: c.cycleId,
  name: c.name,
  type: c.type as SettlementCycle['type'],
  run_times: c.runTimes,
  time_zone: c.timeZone,
  min_amount: formatMoney(c.minAmount),
  enabled: c.enabled,
  next_run_at: c.nextRunAt?.toISOString() ?? null,
  last_run_at: c.lastRunAt?.toISOString() ?? null,
  updated_at: c.updatedAt.toISOString(),
});

const cyclesOf = (db: Db, clientRef: number) =>
  db
    .select()
    .from(settlementCycles)
    .where(eq(settlementCycles.clientRef, clientRef))
    .orderBy(asc(settlementCycles.id));

/**
 * The client's cycles; a client without any gets the two default cycles first (once: concurrent first reads of
 * one client are serialised, and the second finds the first's).
 */
export async function ensureCycles(db: Db, clientRef: number, now = new Date()): Promise<CycleRow[]> {
  const existing = await cyclesOf(db, clientRef);
  if (existing.length) return existing;
  return db.transaction(async (tx) => {
    await lockClient(tx, LOCK_CYCLES, clientRef);
    const again = await cyclesOf(tx, clientRef);
    if (again.length) return again;
    await tx.insert(settlementCycles).values(
      DEFAULT_CYCLES.map((c, i) => ({
        clientRef,
        cycleId: newId('CYC', now.getTime() + i),
        name: c.name,
        type: c.type,
        runTimes: [...c.runTimes],
        timeZone: DEFAULT_TIME_ZONE,
        minAmount: c.minAmount,
        enabled: c.enabled,
        nextRunAt: nextRunAt(
          { type: c.type, runTimes: [...c.runTimes], timeZone: DEFAULT_TIME_ZONE, enabled: c.enabled },
          now,
        ),
      })),
    );
    return cyclesOf(tx, clientRef);
  });
}

export async function listCycles(db: Db, clientRef: number): Promise<SettlementCycle[]> {
  return (await ensureCycles(db, clientRef)).map(toCycle);
}

async function cycleRow(db: Db, clientRef: number, cycleId: string, lock = false): Promise<CycleRow> {
  await ensureCycles(db, clientRef);
  const query = db
    .select()
    .from(settlementCycles)
    .where(and(eq(settlementCycles.clientRef, clientRef), eq(settlementCycles.cycleId, cycleId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`No settlement cycle ${cycleId}`);
  return row;
}

export async function getCycle(db: Db, clientRef: number, cycleId: string): Promise<SettlementCycle> {
  return toCycle(await cycleRow(db, clientRef, cycleId));
}

/** Changes a cycle; run times are kept sorted and distinct, and the next run is recomputed. Audited. */
export async function updateCycle(
  db: Db,
  actor: Actor,
  cycleId: string,
  input: UpdateSettlementCycle,
  now = new Date(),
): Promise<SettlementCycle> {
  await ensureCycles(db, actor.clientRef, now);
  return db.transaction(async (tx) => {
    const before = await cycleRow(tx, actor.clientRef, cycleId, true);
    const next = {
      name: input.name ?? before.name,
      type: input.type ?? before.type,
      runTimes: input.run_times ? normaliseRunTimes(input.run_times) : before.runTimes,
      minAmount: input.min_amount !== undefined ? toPaise(input.min_amount, 'min_amount') : before.minAmount,
      enabled: input.enabled ?? before.enabled,
    };
    const [after] = await tx
      .update(settlementCycles)
      .set({
        ...next,
        nextRunAt: nextRunAt({ ...next, timeZone: before.timeZone }, now),
        updatedAt: now,
      })
      .where(and(eq(settlementCycles.clientRef, actor.clientRef), eq(settlementCycles.id, before.id)))
      .returning();
    const answer = toCycle(after!);
    await auditBy(tx, actor, 'settlement.cycle_updated', cycleId, { before: toCycle(before), after: answer });
    return answer;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Settlements and runs

/** A settlement with the virtual account's number and the settlement account's (joins within the client). */
const settlementColumns = {
  s: settlements,
  cycleId: settlementCycles.cycleId,
  accountNumber: accounts.accountNumber,
  settlementAccountNumber: settlementAccounts.accountNumber,
};

/** Settlements with what their answers show; `extra` columns beside (a report's keyset cursor). */
export function selectSettlements<E extends Record<string, SQL.Aliased | SQL>>(db: Db, extra?: E) {
  return db
    .select({ ...settlementColumns, ...(extra ?? ({} as E)) })
    .from(settlements)
    .innerJoin(
      settlementCycles,
      and(
        eq(settlementCycles.clientRef, settlements.clientRef),
        eq(settlementCycles.id, settlements.cycleRef),
      ),
    )
    .innerJoin(
      accounts,
      and(eq(accounts.clientRef, settlements.clientRef), eq(accounts.id, settlements.accountRef)),
    )
    .innerJoin(
      settlementAccounts,
      and(
        eq(settlementAccounts.clientRef, settlements.clientRef),
        eq(settlementAccounts.id, settlements.settlementAccountRef),
      ),
    )
    .$dynamic();
}

export const toSettlement = (r: {
  s: SettlementRow;
  cycleId: string;
  accountNumber: string;
  settlementAccountNumber: string;
}): Settlement => ({
  urn: r.s.urn,
  cycle_id: r.cycleId,
  type: r.s.type as Settlement['type'],
  trigger: r.s.trigger as Settlement['trigger'],
  window_start: r.s.windowStart.toISOString(),
  window_end: r.s.windowEnd.toISOString(),
  account_number: r.accountNumber,
  settlement_account_number: r.settlementAccountNumber,
  amount: formatMoney(r.s.amount),
  status: r.s.status as Settlement['status'],
  status_message: r.s.statusMessage,
  payout_urn: r.s.payoutUrn,
  bank_reference_number: r.s.bankReferenceNumber,
  attempts: r.s.attempts,
  created_at: r.s.createdAt.toISOString(),
  updated_at: r.s.updatedAt.toISOString(),
});

async function settlementByUrn(db: Db, clientRef: number, urn: string): Promise<Settlement> {
  const [row] = await selectSettlements(db).where(
    and(eq(settlements.clientRef, clientRef), eq(settlements.urn, urn)),
  );
  if (!row) throw notFound(`No settlement with urn ${urn}`);
  return toSettlement(row);
}

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
  if (trigger === 'MANUAL') await ensureCycles(db, actor.clientRef, now);
  return db.transaction(async (tx) => {
    const cycle = await cycleRow(tx, actor.clientRef, cycleId, true);
    const due = cycle.nextRunAt;
    if (trigger === 'SCHEDULED' && (!cycle.enabled || !due || due.getTime() > now.getTime()))
      return { run: null, effects: noEffects() };
    const thisCycle = and(eq(settlementCycles.clientRef, cycle.clientRef), eq(settlementCycles.id, cycle.id));
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
      await tx.update(settlementCycles).set(advance).where(thisCycle);
      return { run: null, effects: noEffects() };
    }
    let window: Window;
    if (trigger === 'SCHEDULED') window = scheduledWindow(cycle, due!);
    else {
      const [last] = await tx
        .select({ end: sql<Date | null>`max(${settlements.windowEnd})`.mapWith(settlements.windowEnd) })
        .from(settlements)
        .where(and(eq(settlements.clientRef, cycle.clientRef), eq(settlements.cycleRef, cycle.id)));
      window = manualWindow(cycle.timeZone, now, last?.end ?? null);
    }

    const vas = await tx
      .select({ id: accounts.id, balance: accounts.balance, accountNumber: accounts.accountNumber })
      .from(accounts)
      .where(and(eq(accounts.clientRef, actor.clientRef), eq(accounts.kind, 'virtual')))
      .orderBy(asc(accounts.id))
      .for('update');
    const sweeps: { id: number; accountNumber: string; amount: bigint }[] = [];
    for (const va of vas) {
      if (va.balance <= 0n) continue;
      const atEnd = await balanceBefore(tx, actor.clientRef, va.id, window.end);
      const amount = va.balance < atEnd ? va.balance : atEnd;
      // The rail's NEFT minimum (₹1): less than that stays for a later run.
      if (amount >= BigInt(RAIL_LIMITS.NEFT.min)) sweeps.push({ ...va, amount });
    }
    const total = sweeps.reduce((sum, s) => sum + s.amount, 0n);
    const answer = (list: Settlement[], message: string | null): SettlementRunAnswer => ({
      cycle_id: cycle.cycleId,
      window_start: window.start.toISOString(),
      window_end: window.end.toISOString(),
      settlements: list,
      message,
    });
    const finish = async (list: Settlement[], message: string | null) => {
      await tx
        .update(settlementCycles)
        .set({ ...advance, lastRunAt: now })
        .where(thisCycle);
      await auditBy(tx, actor, 'settlement.run', cycle.cycleId, {
        trigger,
        window_start: window.start.toISOString(),
        window_end: window.end.toISOString(),
        settlements: list.map((s) => s.urn),
        total: formatMoney(list.reduce((sum, s) => sum + toPaise(s.amount), 0n)),
        ...(message ? { message } : {}),
      });
      return answer(list, message);
    };
    if (!sweeps.length)
      return { run: await finish([], 'Nothing to settle in this window'), effects: noEffects() };
    if (total < cycle.minAmount)
      return {
        run: await finish([], `Below the cycle minimum of ${formatRupees(cycle.minAmount)}`),
        effects: noEffects(),
      };

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
    return {
      run: await finish(created, created.length ? null : 'This window was settled already'),
      effects,
    };
  });
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
