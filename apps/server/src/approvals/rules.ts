import { and, asc, eq, gte, sql } from 'drizzle-orm';
import {
  AMOUNT_ACTIONS,
  APPROVAL_PREVIEW_DAYS,
  SOURCE_ACTIONS,
  TRANSFER_TYPE_ACTIONS,
  type ApprovalAction,
  type ApprovalRule,
  type ApprovalRulePreview,
  type ApprovalRuleInput,
  type ApprovalSource,
  ApprovalRuleInput as RuleInputSchema,
} from '@meridian/contract/approvals';
import type { z } from 'zod';
import { auditBy, type Actor } from '../audit/actor.ts';
import { permissionsOf } from '../auth/permissions.ts';
import type { Db } from '../db/database.ts';
import { approvalRules, bulks, payouts } from '../db/schema.ts';
import { livemodeOf, tenantOf } from '../db/tenants.ts';
import { AppError, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { formatMoney } from '../lib/money.ts';
import { conditionsSql, conditionsView, storedConditions, type StoredConditions } from './conditions.ts';

type RuleRow = typeof approvalRules.$inferSelect;
/** A rule as checked (the contract's parse output). */
export type RuleInput = z.output<typeof RuleInputSchema>;

export const toRule = (r: RuleRow): ApprovalRule => ({
  urn: r.urn,
  name: r.name,
  action: r.action as ApprovalAction,
  conditions: conditionsView(r.conditions as StoredConditions),
  steps: r.steps,
  active: r.active,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  livemode: livemodeOf(r.clientRef),
});

const unprocessable = (message: string, field: string, why: string) =>
  new AppError(422, 'invalid_rule', message, { fields: { [field]: why } });

/**
 * What a rule may say beyond its shape: an amount band only for actions with an amount (payouts, bulks, credit
 * loads), transfer types only for payouts, sources only for payouts and bulks; every role of every step must be a
 * role of the client that may decide approvals (`approvals.decide`).
 */
export async function checkRule(db: Db, clientRef: number, input: RuleInput): Promise<void> {
  const c = input.conditions;
  const action = input.action;
  if ((c.amount_min !== undefined || c.amount_max !== undefined) && !AMOUNT_ACTIONS.includes(action))
    throw unprocessable(`A ${action} rule has no amount band`, 'conditions.amount_min', 'does not apply');
  if (c.transfer_types && !TRANSFER_TYPE_ACTIONS.includes(action))
    throw unprocessable(
      `A ${action} rule has no transfer types`,
      'conditions.transfer_types',
      'does not apply',
    );
  if (c.sources && !SOURCE_ACTIONS.includes(action))
    throw unprocessable(`A ${action} rule has no sources`, 'conditions.sources', 'does not apply');
  for (const [i, step] of input.steps.entries())
    for (const role of step.roles) {
      const permissions = await permissionsOf(db, clientRef, role);
      if (!permissions.has('approvals.decide'))
        throw unprocessable(
          `The role ${role} cannot approve: it is not a role of your company with the approvals.decide permission`,
          `steps.${i}.roles`,
          `${role} cannot approve`,
        );
    }
}

export async function listRules(db: Db, clientRef: number): Promise<ApprovalRule[]> {
  const rows = await db
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.clientRef, clientRef))
    .orderBy(asc(approvalRules.action), asc(approvalRules.id));
  return rows.map(toRule);
}

async function ruleRow(tx: Db, clientRef: number, urn: string, lock = false): Promise<RuleRow> {
  const q = tx
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.clientRef, clientRef), eq(approvalRules.urn, urn)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(`There is no approval rule ${urn}`);
  return row;
}

export async function getRule(db: Db, clientRef: number, urn: string): Promise<ApprovalRule> {
  return toRule(await ruleRow(db, clientRef, urn));
}

/** Creates a rule (checked) and audits it. Requests already waiting keep the steps they were made with. */
export async function createRule(tx: Db, actor: Actor, input: RuleInput): Promise<ApprovalRule> {
  await checkRule(tx, actor.clientRef, input);
  const [row] = await tx
    .insert(approvalRules)
    .values({
      clientRef: actor.clientRef,
      urn: newId('APRL'),
      name: input.name,
      action: input.action,
      conditions: storedConditions(input.conditions),
      steps: input.steps,
      active: input.active,
      createdBy: actor.email,
    })
    .returning();
  await tenantOf(tx, actor.clientRef); // the seed makes rules before the tenants are loaded
  const rule = toRule(row!);
  await auditBy(tx, actor, 'approval_rule.created', rule.urn, { rule });
  return rule;
}

/** Replaces a rule's name, action, conditions, steps and active flag (checked), and audits before and after. */
export async function updateRule(tx: Db, actor: Actor, urn: string, input: RuleInput): Promise<ApprovalRule> {
  const before = await ruleRow(tx, actor.clientRef, urn, true);
  await checkRule(tx, actor.clientRef, input);
  const [row] = await tx
    .update(approvalRules)
    .set({
      name: input.name,
      action: input.action,
      conditions: storedConditions(input.conditions),
      steps: input.steps,
      active: input.active,
      updatedAt: new Date(),
    })
    .where(and(eq(approvalRules.clientRef, actor.clientRef), eq(approvalRules.id, before.id)))
    .returning();
  const rule = toRule(row!);
  await auditBy(tx, actor, 'approval_rule.updated', urn, { before: toRule(before), after: rule });
  return rule;
}

export async function deleteRule(tx: Db, actor: Actor, urn: string): Promise<ApprovalRule> {
  const before = await ruleRow(tx, actor.clientRef, urn, true);
  await tx
    .delete(approvalRules)
    .where(and(eq(approvalRules.clientRef, actor.clientRef), eq(approvalRules.id, before.id)));
  const rule = toRule(before);
  await auditBy(tx, actor, 'approval_rule.deleted', urn, { rule });
  return rule;
}

/**
 * Where a past payout came from, for the preview: a bulk's row ('bulk'), made with an API key ('api': its
 * `payout.initiated` audit entry names the key) or on the dashboard.
 */
const payoutSource = sql<ApprovalSource>`CASE
  WHEN EXISTS (SELECT 1 FROM bulk_line_items li
    WHERE li.client_ref = ${payouts.clientRef} AND li.payout_ref = ${payouts.id}) THEN 'bulk'
  WHEN EXISTS (SELECT 1 FROM audit_log a
    WHERE a.client_ref = ${payouts.clientRef} AND a.target = ${payouts.urn}
      AND a.action = 'payout.initiated' AND a.actor LIKE 'api_key:%') THEN 'api'
  ELSE 'dashboard' END`;

/**
 * What a draft rule would have held over the last APPROVAL_PREVIEW_DAYS days, by the same conditions as
 * `holdForApproval` (`conditionsSql`), in one SQL aggregate: a payout rule over the client's payouts (not
 * settlements), a bulk rule over its bulks (their totals). Other actions have no money history: 0.
 */
export async function previewRule(
  db: Db,
  clientRef: number,
  input: ApprovalRuleInput,
  now = new Date(),
): Promise<ApprovalRulePreview> {
  const rule = RuleInputSchema.parse(input);
  const conditions = storedConditions(rule.conditions);
  const since = new Date(now.getTime() - APPROVAL_PREVIEW_DAYS * 86_400_000);
  const empty = { days: APPROVAL_PREVIEW_DAYS, count: 0, amount: '0.00' };
  let row: { n: number; sum: string | null } | undefined;
  if (rule.action === 'payout')
    [row] = await db
      .select({ n: sql<number>`count(*)::int`, sum: sql<string | null>`sum(${payouts.amount})::text` })
      .from(payouts)
      .where(
        and(
          eq(payouts.clientRef, clientRef),
          eq(payouts.kind, 'PAYOUT'),
          gte(payouts.createdAt, since),
          conditionsSql(conditions, {
            amount: payouts.amount,
            transferType: payouts.transferType,
            source: payoutSource,
          }),
        ),
      );
  else if (rule.action === 'bulk')
    [row] = await db
      .select({ n: sql<number>`count(*)::int`, sum: sql<string | null>`sum(${bulks.totalAmount})::text` })
      .from(bulks)
      .where(
        and(
          eq(bulks.clientRef, clientRef),
          gte(bulks.createdAt, since),
          conditionsSql(conditions, {
            amount: bulks.totalAmount,
            transferType: sql`NULL`,
            // Bulks come from the dashboard or the API; the preview counts them as the dashboard's.
            source: sql`'dashboard'`,
          }),
        ),
      );
  if (!row) return empty;
  return { ...empty, count: row.n, amount: formatMoney(BigInt(row.sum ?? '0')) };
}
