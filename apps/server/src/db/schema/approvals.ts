import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientRefColumn } from './client-ref.ts';
import { createdAt, ts } from './columns.ts';

// Maker-checker: approval rules, requests and decisions.

/**
 * Maker-checker rules of a client: what they cover (`action`), when (`conditions`: amount band in paise,
 * transfer types, sources) and who approves (`steps`: 1–3 sequential steps of N people with one of the roles).
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    name: text('name').notNull(),
    action: text('action').notNull(),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull().default({}),
    steps: jsonb('steps').$type<Array<{ approvals: number; roles: string[] }>>().notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'approval_rules_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('approval_rules_client_urn_uq').on(t.clientRef, t.urn),
  ],
);

/** A request that waits for approval: what runs when approved (`payload`), its steps and where it stands. */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    urn: text('urn').notNull(),
    action: text('action').notNull(),
    ruleUrn: text('rule_urn'),
    /** The rule's steps when the request was made (a later change of the rule does not move it). */
    steps: jsonb('steps').$type<Array<{ approvals: number; roles: string[] }>>().notNull(),
    /** `PENDING`, `APPROVED`, `REJECTED`, `EXPIRED` or `FAILED` (approved, but the action was refused). */
    status: text('status').notNull().default('PENDING'),
    /** The step waiting (0-based). */
    currentStep: integer('current_step').notNull().default(0),
    summary: text('summary').notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    /** The payout, bulk or setting it holds (a payout's or bulk's urn). */
    resourceUrn: text('resource_urn'),
    /** What the action needs to run once approved. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** For a settings change: before and after, as shown to the approvers. */
    diff: jsonb('diff').$type<{ before: unknown; after: unknown } | null>(),
    source: text('source').notNull(),
    requestedByRef: bigint('requested_by_ref', { mode: 'number' }),
    requestedBy: text('requested_by').notNull(),
    outcome: text('outcome'),
    expiresAt: ts('expires_at').notNull(),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'approval_requests_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('approval_requests_client_urn_uq').on(t.clientRef, t.urn),
    index('approval_requests_client_status_idx').on(t.clientRef, t.status, t.createdAt),
    index('approval_requests_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** One decision on one step of a request; a person decides a request at most once. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    clientRef: clientRefColumn(),
    requestRef: bigint('request_ref', { mode: 'number' }).notNull(),
    step: integer('step').notNull(),
    userRef: bigint('user_ref', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    /** `APPROVE` or `REJECT` */
    decision: text('decision').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'approval_decisions_pkey', columns: [t.clientRef, t.id] }),
    uniqueIndex('approval_decisions_once_uq').on(t.clientRef, t.requestRef, t.userRef),
    foreignKey({
      name: 'approval_decisions_request_fk',
      columns: [t.clientRef, t.requestRef],
      foreignColumns: [approvalRequests.clientRef, approvalRequests.id],
    }),
  ],
);
