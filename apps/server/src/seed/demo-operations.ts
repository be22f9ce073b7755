import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { systemActor } from '../audit/actor.ts';
import { inTransaction, type Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { clients, creditOperations } from '../db/schema.ts';
import { adjustCompanyCredits } from '../operations/service.ts';

/** Who made the demo's loads: the demo operations user (seed/demo.ts). */
const DEMO_OPS_EMAIL = 'ops@meridian.test';
const DEMO_LOAD = { credits: 1_000, reason: 'Onboarding credits agreed in the pilot contract' };

/**
 * Credit management's demo data (with the full demo data: SEED_DEMO_FLOW), through the operations service: one LOAD with a reason for each customer that
 * has no operation with a reason yet (so the credits-by-company screen shows one), audited in its log as the
 * demo operations user. Idempotent: a customer with a reasoned operation is left alone, and the load's reference is fixed.
 */
export async function seedDemoOperations(db: Db, customers: { id: number }[]): Promise<void> {
  if (!customers.length) return;
  const ids = customers.map((c) => c.id);
  const reasoned = new Set(
    (
      await db
        .selectDistinct({ clientRef: creditOperations.clientRef })
        .from(creditOperations)
        .where(and(inArray(creditOperations.clientRef, ids), isNotNull(creditOperations.reason)))
    ).map((r) => r.clientRef),
  );
  for (const id of ids.filter((ref) => !reasoned.has(ref))) {
    const [client] = await db.select({ clientId: clients.clientId }).from(clients).where(eq(clients.id, id));
    if (!client) continue;
    try {
      await inTransaction(db, (tx) =>
        adjustCompanyCredits(
          tx,
          systemActor(id, DEMO_OPS_EMAIL),
          'LOAD',
          { client_id: client.clientId, ...DEMO_LOAD },
          'DEMO-OPS-LOAD',
        ),
      );
    } catch (err) {
      // Another process seeding at the same time made it (the fixed reference is applied once).
      if (!(err instanceof AppError && err.key === 'already_applied')) throw err;
    }
  }
}
