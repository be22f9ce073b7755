import { and, asc, eq } from 'drizzle-orm';
import type { SettlementCycle, UpdateSettlementCycle } from '@meridian/contract/accounts';
import type { Db } from '../db/database.ts';
import { settlementCycles } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { auditBy, type Actor } from '../audit/actor.ts';
import { notFound } from '../http/errors.ts';
import { formatMoney, toPaise } from '../lib/money.ts';
import { newId } from '../lib/ids.ts';
import { DEFAULT_TIME_ZONE } from '../lists/list-query.ts';
import { LOCK_CYCLES, lockClient } from './lock.ts';
import { nextRunAt, normaliseRunTimes } from './schedule.ts';

/** Settlement cycles: when a client's collections are swept (T+0 or T+1, run times, a minimum amount). */

export type CycleRow = typeof settlementCycles.$inferSelect;

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
  livemode: livemodeOf(c.clientRef),
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

export async function cycleRow(db: Db, clientRef: number, cycleId: string, lock = false): Promise<CycleRow> {
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
