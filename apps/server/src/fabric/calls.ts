import { eq, sql } from 'drizzle-orm';
import type {
  FabricCall,
  FabricCallDetails,
  FabricCallStatus,
  FabricProductSlug,
} from '@meridian/contract/fabric';
import type { Db } from '../db/database.ts';
import { clientSequences, clients, fabricCalls } from '../db/schema.ts';
import { livemodeOf } from '../db/tenants.ts';
import { processCache } from '../lib/process-cache.ts';

export type CallRow = typeof fabricCalls.$inferSelect;

/** The channel every process LISTENs on; the payload is the client's ref (its stream then reads the rows). */
export const FABRIC_EVENTS_CHANNEL = 'meridian_fabric';

/**
 * The next number of the client's fabric counter: a call's `seq` and every event's id. The upsert locks the
 * client's counter row until the transaction ends, so numbers are handed out in commit order per client.
 */
export async function nextFabricSeq(tx: Db, clientRef: number): Promise<number> {
  const [row] = await tx
    .insert(clientSequences)
    .values({ clientRef, name: 'fabric', value: 1 })
    .onConflictDoUpdate({
      target: [clientSequences.clientRef, clientSequences.name],
      set: { value: sql`${clientSequences.value} + 1` },
    })
    .returning({ value: clientSequences.value });
  return row!.value;
}

/** Tells every process's event stream that this client has a new event (delivered when the transaction commits). */
export async function notifyFabricEvent(tx: Db, clientRef: number): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${FABRIC_EVENTS_CHANNEL}, ${String(clientRef)})`);
}

export type NewCall = {
  clientRef: number;
  urn: string;
  product: FabricProductSlug;
  status: FabricCallStatus;
  resultCode: string | null;
  message: string | null;
  customerReferenceNumber: string;
  referenceId?: string | null;
  transactionId?: string | null;
  initiationTransactionId?: string | null;
  credits: number;
  latencyMs: number;
  channel: 'api_key' | 'dashboard';
  apiKeyId: string | null;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  state?: Record<string, unknown> | null;
  at?: Date;
};

/** Writes a call's log row inside the caller's transaction, with its seq and event, and notifies the streams. */
export async function insertCall(tx: Db, call: NewCall): Promise<CallRow> {
  const seq = await nextFabricSeq(tx, call.clientRef);
  // clock_timestamp() is taken while the client's counter row is locked: created_at never decreases in seq.
  const at = call.at ?? sql`clock_timestamp()`;
  const [row] = await tx
    .insert(fabricCalls)
    .values({
      clientRef: call.clientRef,
      seq,
      eventSeq: seq,
      urn: call.urn,
      product: call.product,
      status: call.status,
      resultCode: call.resultCode,
      message: call.message,
      customerReferenceNumber: call.customerReferenceNumber,
      referenceId: call.referenceId ?? null,
      transactionId: call.transactionId ?? null,
      initiationTransactionId: call.initiationTransactionId ?? null,
      credits: call.credits,
      latencyMs: call.latencyMs,
      channel: call.channel,
      apiKeyId: call.apiKeyId,
      request: call.request,
      response: call.response,
      state: call.state ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  await notifyFabricEvent(tx, call.clientRef);
  return row!;
}

const companyUrns = processCache<number, string>();

/** The client's company urn (`{product}_company_urn`); it never changes, so each process keeps it once read. */
export async function companyUrnOf(db: Db, clientRef: number): Promise<string> {
  const known = companyUrns.get(clientRef);
  if (known) return known;
  const [row] = await db.select({ urn: clients.companyUrn }).from(clients).where(eq(clients.id, clientRef));
  if (!row) throw new Error(`no client ${clientRef}`);
  if (companyUrns.size < 100_000) companyUrns.set(clientRef, row.urn);
  return row.urn;
}

export const toFabricCall = (r: CallRow, companyUrn: string): FabricCall => ({
  urn: r.urn,
  product: r.product as FabricProductSlug,
  status: r.status as FabricCallStatus,
  result_code: r.resultCode,
  message: r.message,
  customer_reference_number: r.customerReferenceNumber,
  company_urn: companyUrn,
  reference_id: r.referenceId,
  transaction_id: r.transactionId,
  initiation_transaction_id: r.initiationTransactionId,
  credits: r.credits,
  latency_ms: r.latencyMs,
  channel: r.channel as FabricCall['channel'],
  api_key_id: r.apiKeyId,
  livemode: livemodeOf(r.clientRef),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The row with its masked request and response; the server-side `state` is never part of it. */
export const toFabricCallDetails = (r: CallRow, companyUrn: string): FabricCallDetails => ({
  ...toFabricCall(r, companyUrn),
  request: r.request,
  response: r.response,
});

/**
 * A call by urn alone, whatever its client: only for the public hosted pages (digilocker consent), where the
 * urn (80 random bits) is the capability and no session names the client. On Citus this query visits every
 * shard; it runs once per consent page view.
 */
export async function hostedCallByUrn(db: Db, urn: string): Promise<CallRow | null> {
  const [row] = await db.select().from(fabricCalls).where(eq(fabricCalls.urn, urn)).limit(1);
  return row ?? null;
}
