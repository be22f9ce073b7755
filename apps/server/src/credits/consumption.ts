import { sql } from 'drizzle-orm';
import type { CreditConsumptionDay } from '@meridian/contract/reports';
import type { Db } from '../db/database.ts';

/**
 * Credit consumption per day (in the zone) and product: credits used by each product's calls (CONSUME less
 * REFUND, the product found from the call's urn), and the day's loads and unloads on a row without product, each
 * row with the balance at the end of its day. At most a row per day and product, oldest day first.
 */
export async function creditConsumption(
  db: Db,
  scope: { clientRef: number; from: Date; to: Date; timeZone: string },
): Promise<CreditConsumptionDay[]> {
  type Row = {
    date: string;
    product: string | null;
    used: string;
    loaded: string;
    unloaded: string;
    balance: string;
  };
  // Both drivers answer `{ rows }` (node-postgres' QueryResult, PGlite's Results).
  const result = (await db.execute(sql`
    WITH ops AS (
      SELECT o.id, o.kind, o.credits, o.balance_after, o.created_at,
        to_char(o.created_at AT TIME ZONE ${scope.timeZone}, 'YYYY-MM-DD') AS day,
        CASE WHEN o.kind IN ('CONSUME', 'REFUND') THEN (
          SELECT f.product FROM fabric_calls f WHERE f.client_ref = o.client_ref AND f.urn = o.reference
        ) END AS product
      FROM credit_operations o
      WHERE o.client_ref = ${scope.clientRef}
        AND o.created_at >= ${scope.from.toISOString()} AND o.created_at < ${scope.to.toISOString()}
    ), closing AS (
      SELECT DISTINCT ON (day) day, balance_after FROM ops ORDER BY day, created_at DESC, id DESC
    )
    SELECT ops.day AS date, ops.product,
      (coalesce(sum(-ops.credits) FILTER (WHERE ops.kind = 'CONSUME'), 0)
        - coalesce(sum(ops.credits) FILTER (WHERE ops.kind = 'REFUND'), 0))::text AS used,
      coalesce(sum(ops.credits) FILTER (WHERE ops.kind = 'LOAD'), 0)::text AS loaded,
      coalesce(sum(-ops.credits) FILTER (WHERE ops.kind = 'UNLOAD'), 0)::text AS unloaded,
      closing.balance_after::text AS balance
    FROM ops JOIN closing USING (day)
    GROUP BY ops.day, ops.product, closing.balance_after
    ORDER BY ops.day, ops.product NULLS FIRST`)) as unknown as { rows: Row[] };
  return result.rows.map((r) => ({
    date: r.date,
    product: r.product,
    used: Number(r.used),
    loaded: Number(r.loaded),
    unloaded: Number(r.unloaded),
    balance: Number(r.balance),
  }));
}
