import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalConditions, ApprovalSource } from '@meridian/contract/approvals';
import type { TransferType } from '@meridian/contract';
import { formatMoney, toPaise } from '../lib/money.ts';

/*
 * An approval rule's conditions: as the API gives them (rupees), as stored (paise) and as matched, over values
 * (`holdForApproval`) or columns (the preview's SQL).
 */

/** A rule's conditions as stored: amounts in paise (decimal strings, jsonb keeps no bigint). */
export type StoredConditions = {
  amount_min?: string;
  amount_max?: string;
  transfer_types?: TransferType[];
  sources?: ApprovalSource[];
};

/** The conditions of the API (rupees) as stored (paise). */
export function storedConditions(c: ApprovalConditions): StoredConditions {
  return {
    ...(c.amount_min !== undefined ? { amount_min: toPaise(c.amount_min, 'amount_min').toString() } : {}),
    ...(c.amount_max !== undefined ? { amount_max: toPaise(c.amount_max, 'amount_max').toString() } : {}),
    ...(c.transfer_types ? { transfer_types: [...new Set(c.transfer_types)] } : {}),
    ...(c.sources ? { sources: [...new Set(c.sources)] } : {}),
  };
}

/** The stored conditions as the API shows them (rupees). */
export function conditionsView(c: StoredConditions): ApprovalRecordConditions {
  return {
    ...(c.amount_min !== undefined ? { amount_min: formatMoney(BigInt(c.amount_min)) } : {}),
    ...(c.amount_max !== undefined ? { amount_max: formatMoney(BigInt(c.amount_max)) } : {}),
    ...(c.transfer_types ? { transfer_types: c.transfer_types } : {}),
    ...(c.sources ? { sources: c.sources } : {}),
  };
}
type ApprovalRecordConditions = {
  amount_min?: string;
  amount_max?: string;
  transfer_types?: TransferType[];
  sources?: ApprovalSource[];
};

/** What is known of a held action for matching. */
export type MatchFacts = { amount?: bigint; transferType?: TransferType; source: ApprovalSource };

/**
 * The one matching rule, over values (`holdForApproval`) or columns (the preview's SQL): every condition given
 * must hold, both ends of the amount band included; a condition about something the action does not have (an
 * amount of a settings change) holds, so a rule never lets through what it cannot judge.
 */
function matchTerms<T>(
  c: StoredConditions,
  ops: {
    amountAtLeast: (paise: bigint) => T | null;
    amountAtMost: (paise: bigint) => T | null;
    transferTypeIn: (types: TransferType[]) => T | null;
    sourceIn: (sources: ApprovalSource[]) => T | null;
  },
): T[] {
  const terms: (T | null)[] = [
    c.amount_min !== undefined ? ops.amountAtLeast(BigInt(c.amount_min)) : null,
    c.amount_max !== undefined ? ops.amountAtMost(BigInt(c.amount_max)) : null,
    c.transfer_types ? ops.transferTypeIn(c.transfer_types) : null,
    c.sources ? ops.sourceIn(c.sources) : null,
  ];
  return terms.filter((t): t is T => t !== null);
}

export function conditionsHold(c: StoredConditions, facts: MatchFacts): boolean {
  return matchTerms<boolean>(c, {
    amountAtLeast: (min) => (facts.amount === undefined ? null : facts.amount >= min),
    amountAtMost: (max) => (facts.amount === undefined ? null : facts.amount <= max),
    transferTypeIn: (types) => (facts.transferType === undefined ? null : types.includes(facts.transferType)),
    sourceIn: (sources) => sources.includes(facts.source),
  }).every(Boolean);
}

/** The same conditions as a SQL predicate over an amount (paise), a transfer type and a source expression. */
export function conditionsSql(
  c: StoredConditions,
  cols: { amount: SQL | SQL.Aliased | unknown; transferType: unknown; source: SQL },
): SQL {
  const terms = matchTerms<SQL>(c, {
    amountAtLeast: (min) => sql`${cols.amount} >= ${min.toString()}::bigint`,
    amountAtMost: (max) => sql`${cols.amount} <= ${max.toString()}::bigint`,
    transferTypeIn: (types) =>
      sql`${cols.transferType} IN (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    sourceIn: (sources) =>
      sql`${cols.source} IN (${sql.join(
        sources.map((s) => sql`${s}`),
        sql`, `,
      )})`,
  });
  return terms.length ? sql.join(terms, sql` AND `) : sql`TRUE`;
}
