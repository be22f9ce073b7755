import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { RequestLogDetails, Trace, TraceStep } from '@meridian/contract/developers';
import { deliveriesFor } from '../callbacks/delivery.ts';
import type { Db } from '../db/database.ts';
import {
  accounts,
  approvalDecisions,
  approvalRequests,
  bulks,
  creditOperations,
  events,
  fabricCalls,
  ledgerEntries,
  ledgerPostings,
  mandates,
  paymentLinks,
  payoutEvents,
  payouts,
  requestLog,
  validations,
  virtualAccountCredits,
  virtualAccounts,
} from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { formatMoney, formatRupees } from '../lib/money.ts';
import { toRequestLogRecord } from '../request-log/queries.ts';

/** A request id as the server makes them (`REQ` + 26 characters of Crockford base32: app.ts's genReqId). */
export const REQUEST_ID = /^REQ[0-9A-HJKMNP-TV-Z]{26}$/;

/** A request names many resources at most (a list answers a page of them): the trace follows the first ones. */
export const TRACED_RESOURCES_MAX = 20;

/** Steps at the same instant keep the path's order: the call, then approvals, money, rail, events, answers. */
const KIND_ORDER: Record<TraceStep['kind'], number> = {
  request: 0,
  approval: 1,
  ledger: 2,
  rail: 3,
  event: 4,
  callback_attempt: 5,
  credits: 6,
};

type RequestRow = typeof requestLog.$inferSelect;

const requestDetails = (r: RequestRow): RequestLogDetails => ({
  ...toRequestLogRecord(r),
  duration_ms: r.durationMs,
  query: r.query ?? null,
  request_body: r.requestBody ?? null,
  response_body: r.responseBody ?? null,
  truncated: r.truncated,
});

const requestStep = (r: RequestRow): TraceStep => ({
  at: r.createdAt.toISOString(),
  kind: 'request',
  title: `${r.method} ${r.route} → ${r.status}`,
  subject: null,
  details: {
    request_id: r.requestId,
    path: r.path,
    duration_ms: r.durationMs,
    actor: r.actor,
    channel: r.channel,
    ip: r.ip,
    idempotency_key: r.idempotencyKey,
  },
});

/** The approval requests holding the resource (or the approval itself), each decision, and how it ended. */
async function approvalSteps(db: Db, clientRef: number, urn: string): Promise<TraceStep[]> {
  const requests = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.clientRef, clientRef),
        or(eq(approvalRequests.resourceUrn, urn), eq(approvalRequests.urn, urn)),
      ),
    )
    .orderBy(asc(approvalRequests.createdAt), asc(approvalRequests.id));
  if (!requests.length) return [];
  const decisions = await db
    .select()
    .from(approvalDecisions)
    .where(
      and(
        eq(approvalDecisions.clientRef, clientRef),
        inArray(
          approvalDecisions.requestRef,
          requests.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(approvalDecisions.createdAt), asc(approvalDecisions.id));
  const steps: TraceStep[] = [];
  for (const r of requests) {
    steps.push({
      at: r.createdAt.toISOString(),
      kind: 'approval',
      title: `Approval requested: ${r.summary}`,
      subject: urn,
      details: {
        approval_urn: r.urn,
        action: r.action,
        rule_urn: r.ruleUrn,
        requested_by: r.requestedBy,
        source: r.source,
        status: r.status,
        ...(r.amount !== null ? { amount: formatMoney(r.amount) } : {}),
      },
    });
    for (const d of decisions.filter((x) => x.requestRef === r.id))
      steps.push({
        at: d.createdAt.toISOString(),
        kind: 'approval',
        title: `${d.decision === 'APPROVE' ? 'Approved' : 'Rejected'} by ${d.email}`,
        subject: urn,
        details: { approval_urn: r.urn, step: d.step + 1, decision: d.decision, reason: d.reason },
      });
    // An approval that ended without a decision of its own (expired, or approved but refused) says so.
    if (r.decidedAt && (r.status === 'EXPIRED' || r.status === 'FAILED'))
      steps.push({
        at: r.decidedAt.toISOString(),
        kind: 'approval',
        title: `Approval ${r.status.toLowerCase()}`,
        subject: urn,
        details: { approval_urn: r.urn, status: r.status, outcome: r.outcome },
      });
  }
  return steps;
}

/**
 * The ledger entries referencing the resource: each leg on one of the client's accounts, with the balance after
 * it (as posted) and before it (after − amount); the other leg names the system account it moved against.
 */
async function ledgerSteps(db: Db, clientRef: number, urn: string): Promise<TraceStep[]> {
  const rows = await db
    .select({ entry: ledgerEntries, posting: ledgerPostings, accountNumber: accounts.accountNumber })
    .from(ledgerEntries)
    .innerJoin(
      ledgerPostings,
      and(
        eq(ledgerPostings.clientRef, ledgerEntries.clientRef),
        eq(ledgerPostings.entryRef, ledgerEntries.id),
      ),
    )
    .leftJoin(
      accounts,
      and(eq(accounts.clientRef, ledgerPostings.clientRef), eq(accounts.id, ledgerPostings.accountRef)),
    )
    .where(and(eq(ledgerEntries.clientRef, clientRef), eq(ledgerEntries.referenceUrn, urn)))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id), asc(ledgerPostings.id));
  return rows
    .filter((r) => r.posting.accountRef !== null)
    .map(({ entry, posting, accountNumber }) => {
      const after = posting.balanceAfter ?? 0n;
      const counterparty = rows.find((o) => o.entry.id === entry.id && o.posting.systemAccount !== null)
        ?.posting.systemAccount;
      const debit = posting.amount < 0n;
      return {
        at: posting.createdAt.toISOString(),
        kind: 'ledger' as const,
        title: `${debit ? 'Debit' : 'Credit'} ${formatRupees(debit ? -posting.amount : posting.amount)}`,
        subject: urn,
        details: {
          entry_id: entry.entryId,
          category: entry.category,
          description: entry.description,
          account_number: accountNumber,
          amount: formatMoney(posting.amount),
          balance_before: formatMoney(after - posting.amount),
          balance_after: formatMoney(after),
          counterparty: counterparty ?? null,
          bank_reference_number: entry.bankReferenceNumber,
        },
      };
    });
}

/** A payout's states on the rail, the bank's reference (UTR) on the states the bank answered with it. */
async function payoutSteps(db: Db, clientRef: number, urn: string): Promise<TraceStep[] | null> {
  const [payout] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.clientRef, clientRef), eq(payouts.urn, urn)));
  if (!payout) return null;
  const states = await db
    .select()
    .from(payoutEvents)
    .where(and(eq(payoutEvents.clientRef, clientRef), eq(payoutEvents.payoutRef, payout.id)))
    .orderBy(asc(payoutEvents.createdAt), asc(payoutEvents.id));
  return states.map((s) => {
    const withUtr = (s.status === 'SUCCESS' || s.status === 'RETURNED') && payout.bankReferenceNumber;
    return {
      at: s.createdAt.toISOString(),
      kind: 'rail' as const,
      title: `Payout ${s.status}${withUtr ? ` · UTR ${payout.bankReferenceNumber}` : ''}`,
      subject: urn,
      details: {
        status: s.status,
        message: s.message,
        transfer_type: payout.transferType,
        amount: formatMoney(payout.amount),
        beneficiary: `${payout.beneficiaryName} (${payout.beneficiaryCode})`,
        ...(withUtr ? { bank_reference_number: payout.bankReferenceNumber } : {}),
      },
    };
  });
}

/** Money that arrived in a virtual account: the rail's credit with its UTR, credited or returned. */
async function creditSteps(db: Db, clientRef: number, urn: string): Promise<TraceStep[] | null> {
  const [credit] = await db
    .select({ credit: virtualAccountCredits, accountNumber: virtualAccounts.accountNumber })
    .from(virtualAccountCredits)
    .innerJoin(
      virtualAccounts,
      and(
        eq(virtualAccounts.clientRef, virtualAccountCredits.clientRef),
        eq(virtualAccounts.id, virtualAccountCredits.virtualAccountRef),
      ),
    )
    .where(and(eq(virtualAccountCredits.clientRef, clientRef), eq(virtualAccountCredits.urn, urn)));
  if (!credit) return null;
  const c = credit.credit;
  return [
    {
      at: c.createdAt.toISOString(),
      kind: 'rail',
      title: `${c.mode} credit ${c.status} · UTR ${c.utr}`,
      subject: urn,
      details: {
        status: c.status,
        mode: c.mode,
        amount: formatMoney(c.amount),
        virtual_account_number: credit.accountNumber,
        remitter_name: c.remitterName,
        bank_reference_number: c.utr,
        ...(c.returnReason ? { return_reason: c.returnReason } : {}),
      },
    },
  ];
}

type FabricCallRow = typeof fabricCalls.$inferSelect;

/** A KYC (fabric) call with no request in the log: the call's own record stands for it. */
const fabricCallStep = (c: FabricCallRow): TraceStep => ({
  at: c.createdAt.toISOString(),
  kind: 'request',
  title: `${c.product} call → ${c.status}`,
  subject: c.urn,
  details: {
    product: c.product,
    status: c.status,
    result_code: c.resultCode,
    message: c.message,
    channel: c.channel,
    api_key_id: c.apiKeyId,
    latency_ms: c.latencyMs,
    credits: c.credits,
  },
});

/** The events emitted about the resource, and every attempt to deliver them with the endpoint's answer. */
async function eventSteps(db: Db, clientRef: number, urn: string): Promise<TraceStep[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.clientRef, clientRef), eq(events.subjectUrn, urn)))
    .orderBy(asc(events.createdAt), asc(events.id));
  const steps: TraceStep[] = rows.map((e) => ({
    at: e.createdAt.toISOString(),
    kind: 'event',
    title: e.event,
    subject: urn,
    details: { event_id: e.eventId, event_type: e.eventType, request_id: e.requestId },
  }));
  for (const delivery of await deliveriesFor(db, clientRef, urn))
    for (const a of delivery.attempts)
      steps.push({
        at: a.started_at,
        kind: 'callback_attempt',
        title: `Callback ${delivery.event} attempt ${a.attempt} → ${
          a.status_code ?? 'no answer'
        }${a.latency_ms === null ? '' : ` (${a.latency_ms} ms)`}`,
        subject: urn,
        details: {
          webhook_id: delivery.webhook_id,
          event: delivery.event,
          url: delivery.url,
          attempt: a.attempt,
          status_code: a.status_code,
          latency_ms: a.latency_ms,
          answer: a.response_excerpt,
          error: a.error,
          delivery_status: delivery.status,
        },
      });
  return steps;
}

/** Credits a call consumed (and any refund of them), with the credit balance before and after. */
async function creditsSteps(db: Db, clientRef: number, urn: string): Promise<TraceStep[]> {
  const ops = await db
    .select()
    .from(creditOperations)
    .where(
      and(
        eq(creditOperations.clientRef, clientRef),
        eq(creditOperations.reference, urn),
        inArray(creditOperations.kind, ['CONSUME', 'REFUND']),
      ),
    )
    .orderBy(asc(creditOperations.createdAt), asc(creditOperations.id));
  return ops.map((o) => ({
    at: o.createdAt.toISOString(),
    kind: 'credits' as const,
    title:
      o.kind === 'CONSUME'
        ? `${-o.credits} credit${o.credits === -1 ? '' : 's'} consumed`
        : `${o.credits} credit${o.credits === 1 ? '' : 's'} refunded`,
    subject: urn,
    details: {
      kind: o.kind,
      credits: o.credits,
      balance_before: o.balanceAfter - o.credits,
      balance_after: o.balanceAfter,
    },
  }));
}

/** Whether a record of the client answers to this id in a table that names its records by urn. */
async function isKnownResource(db: Db, clientRef: number, urn: string): Promise<boolean> {
  const tables = [
    [bulks, bulks.clientRef, bulks.urn],
    [mandates, mandates.clientRef, mandates.urn],
    [paymentLinks, paymentLinks.clientRef, paymentLinks.urn],
    [virtualAccounts, virtualAccounts.clientRef, virtualAccounts.urn],
    [validations, validations.clientRef, validations.urn],
    [approvalRequests, approvalRequests.clientRef, approvalRequests.urn],
  ] as const;
  for (const [table, client, column] of tables) {
    const [hit] = await db
      .select({ one: sql<number>`1` })
      .from(table)
      .where(and(eq(client, clientRef), eq(column, urn)))
      .limit(1);
    if (hit) return true;
  }
  return false;
}

/** Every step about one resource, and whether the client has anything of that id at all. */
async function resourceSteps(
  db: Db,
  clientRef: number,
  urn: string,
  withRequest: boolean,
): Promise<{ steps: TraceStep[]; found: boolean }> {
  const [call] = await db
    .select()
    .from(fabricCalls)
    .where(and(eq(fabricCalls.clientRef, clientRef), eq(fabricCalls.urn, urn)));
  const payout = await payoutSteps(db, clientRef, urn);
  const credit = payout ? null : await creditSteps(db, clientRef, urn);
  const steps = [
    ...(call && !withRequest ? [fabricCallStep(call)] : []),
    ...(await approvalSteps(db, clientRef, urn)),
    ...(await ledgerSteps(db, clientRef, urn)),
    ...(payout ?? []),
    ...(credit ?? []),
    ...(await eventSteps(db, clientRef, urn)),
    ...(await creditsSteps(db, clientRef, urn)),
  ];
  const found =
    Boolean(call || payout || credit) || steps.length > 0 || (await isKnownResource(db, clientRef, urn));
  return { steps, found };
}

/**
 * The trace of a request id (its row of the request log, and everything about the resources it named or
 * answered or whose events its handling emitted) or of a resource id (the earliest request that named it, when
 * the log holds one, and the resource itself, so a payout the demo made has a trace too). Steps in time order:
 * the call, approvals and their decisions, ledger postings with balances before and after, the rail's states and
 * the UTR, the events and each callback attempt with its answer, credits consumed. Only the client's own records:
 * an id of another client is a 404, as an unknown one is.
 */
export async function traceOf(db: Db, clientRef: number, id: string, now = new Date()): Promise<Trace> {
  let request: RequestRow | undefined;
  let resources: string[];
  if (REQUEST_ID.test(id)) {
    [request] = await db
      .select()
      .from(requestLog)
      .where(and(eq(requestLog.clientRef, clientRef), eq(requestLog.requestId, id)))
      .orderBy(asc(requestLog.createdAt))
      .limit(1);
    if (!request) throw notFound(`No request ${id}`);
    const emitted = await db
      .selectDistinct({ urn: events.subjectUrn })
      .from(events)
      .where(and(eq(events.clientRef, clientRef), eq(events.requestId, id)));
    resources = [...new Set([...request.resources, ...emitted.map((e) => e.urn)])];
  } else {
    [request] = await db
      .select()
      .from(requestLog)
      .where(
        and(
          eq(requestLog.clientRef, clientRef),
          // the call that made or changed it: a read (its details, this very trace) is not its story
          sql`${requestLog.method} <> 'GET'`,
          sql`${requestLog.resources} <> '{}'::text[] AND ${requestLog.resources} @> ARRAY[${id}]::text[]`,
        ),
      )
      .orderBy(asc(requestLog.createdAt), asc(requestLog.id))
      .limit(1);
    resources = [id];
  }
  const steps: TraceStep[] = request ? [requestStep(request)] : [];
  let found = Boolean(request);
  for (const urn of resources.slice(0, TRACED_RESOURCES_MAX)) {
    const of = await resourceSteps(db, clientRef, urn, Boolean(request));
    steps.push(...of.steps);
    found ||= of.found;
  }
  if (!found) throw notFound(`Nothing with id ${id} to trace`);
  // The call comes before what its handling did: it is ordered by its logged time less its duration, so that
  // the clocks of the server (the log's arrival time) and of the database (the postings' now()) never swap them.
  const sortAt = (step: TraceStep) =>
    Date.parse(step.at) -
    (step.kind === 'request' && request && step.subject === null ? request.durationMs : 0);
  const ordered = steps
    .map((step, i) => ({ step, i }))
    .sort(
      (a, b) =>
        sortAt(a.step) - sortAt(b.step) || KIND_ORDER[a.step.kind] - KIND_ORDER[b.step.kind] || a.i - b.i,
    )
    .map(({ step }) => step);
  return {
    id,
    request: request ? requestDetails(request) : null,
    resources,
    steps: ordered,
    generated_at: now.toISOString(),
  };
}
