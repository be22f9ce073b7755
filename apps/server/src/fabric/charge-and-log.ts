import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { meterPriceSql } from '../credits/meters.ts';
import { isTransactionPooled, queryRows, type Db } from '../db/database.ts';
import {
  callbackConfigs,
  clients,
  clientSequences,
  creditAccounts,
  creditOperations,
  events,
  fabricCalls,
} from '../db/schema.ts';
import { currentRequestId } from '../http/request-context.ts';
import { newId } from '../lib/ids.ts';
import { FABRIC_EVENTS_CHANNEL, type NewCall } from './calls.ts';

export type ChargeAndLog = {
  /** The client has active FABRIC callbacks and the call is not PENDING: nothing was written. */
  needsCallbacks: boolean;
  /** The balance after the charge; null when it could not pay (nothing was written). */
  balance: number | null;
  /** The call's seq when its row was written. */
  seq: number | null;
  /** The price of the call for this client (charged, and logged as the row's credits, when it was written). */
  price: number;
};

const dialect = new PgDialect();
/** Statement text → its prepared statement's name (a handful of texts: PENDING or not, backdated). */
const prepared = new Map<string, string>();

/**
 * Runs the statement as a named prepared statement on PostgreSQL (each pooled connection parses and plans it
 * once, then only binds and executes); PGlite runs it as any other statement.
 */
async function queryPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  // Behind a transaction-mode pooler a named statement may meet a server connection that never prepared it.
  if (!(client instanceof pg.Pool) || isTransactionPooled(client)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = prepared.get(text);
  if (!name) {
    if (prepared.size >= 16) return queryRows<T>(db, query);
    name = `meridian_fabric_charge_${prepared.size}`;
    prepared.set(text, name);
  }
  const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params });
  return result.rows;
}

/**
 * A finished call's charge and log row in ONE statement (one round trip, its own transaction): the call's price
 * (the company's meter price when it has one, else `call.credits`, the product's default: credits/meters.ts),
 * the guarded debit of the client's credits (`balance - price >= 0`, rechecked on the latest row version when
 * calls race, as in credits.ts), its CONSUME operation, the client's fabric counter (seq and event id), the log
 * row (with the price charged) and the `NOTIFY` of the event streams. A price of 0 is free: no debit, no
 * operation, the credit row is not even locked. The sub-statements are chained (each reads the one before), so
 * the credit row is locked before the counter row, in the order every other writer takes them, and nothing is
 * written when the debit does not fit. `clock_timestamp()` is read while the counter row is locked: created_at
 * never decreases in seq. When the client has an active FABRIC callback configuration and the call is not
 * PENDING, nothing is written (`needsCallbacks`): the caller then writes it in a transaction that also queues
 * the callbacks. Every table is read and written for one `client_ref` only (single-shard on Citus).
 */
export async function chargeAndLog(db: Db, call: NewCall & { actor: string }): Promise<ChargeAndLog> {
  const c = call.clientRef;
  const opAt = call.at ? sql`${call.at.toISOString()}::timestamptz` : sql`now()`;
  const rowAt = call.at ? sql`${call.at.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  // The counter's source: the CONSUME operation when the call is charged; one row when it is free (price 0);
  // none when callbacks wait or the debit does not fit.
  const [row] = await queryPrepared<{
    has_callbacks: boolean;
    balance: string | number | null;
    price: string | number;
    seq: string | number | null;
  }>(
    db,
    sql`WITH cb AS (${hasCallbacks(call)}), pr AS (
          SELECT ${meterPriceSql(c, call.product, call.credits)}::bigint AS price
        ), updated AS (
          UPDATE ${creditAccounts} SET balance = balance - (SELECT price FROM pr), updated_at = now()
          WHERE client_ref = ${c} AND (SELECT price FROM pr) > 0 AND balance - (SELECT price FROM pr) >= 0
            AND NOT (SELECT has FROM cb)
          RETURNING client_ref, balance
        ), charged AS (
          INSERT INTO ${creditOperations}
            (client_ref, kind, credits, balance_after, reference, idempotency_key, actor, created_at)
          SELECT client_ref, 'CONSUME', -(SELECT price FROM pr), balance, ${call.urn}, ${`consume:${call.urn}`},
            ${call.actor}, ${opAt}
          FROM updated
          RETURNING client_ref
        ), op AS (
          SELECT client_ref FROM charged
          UNION ALL
          SELECT ${c}::bigint FROM pr WHERE pr.price = 0 AND NOT (SELECT has FROM cb)
        ), counter AS (
          INSERT INTO ${clientSequences} (client_ref, name, value)
          SELECT client_ref, 'fabric', 1 FROM op
          ON CONFLICT (client_ref, name) DO UPDATE SET value = ${clientSequences}.value + 1
          RETURNING value, ${rowAt} AS at
        ), logged AS (
          INSERT INTO ${fabricCalls}
            (client_ref, seq, event_seq, urn, product, status, result_code, message, customer_reference_number,
             reference_id, transaction_id, initiation_transaction_id, credits, latency_ms, channel, api_key_id,
             request, response, state, created_at, updated_at)
          SELECT ${c}, value, value, ${call.urn}, ${call.product}, ${call.status}, ${call.resultCode},
            ${call.message}, ${call.customerReferenceNumber}, ${call.referenceId ?? null},
            ${call.transactionId ?? null}, ${call.initiationTransactionId ?? null}, (SELECT price FROM pr),
            ${call.latencyMs}, ${call.channel}, ${call.apiKeyId}, ${JSON.stringify(call.request)}::jsonb,
            ${JSON.stringify(call.response)}::jsonb, ${call.state ? JSON.stringify(call.state) : null}::jsonb,
            at, at
          FROM counter
          RETURNING seq
        )${finishedEvent(call)}
        SELECT (SELECT has FROM cb) AS has_callbacks, (SELECT balance FROM updated) AS balance,
          (SELECT price FROM pr) AS price, (SELECT seq FROM logged) AS seq,
          (SELECT pg_notify(${FABRIC_EVENTS_CHANNEL}, ${String(c)}) FROM logged) AS notified`,
  );
  const seq = row?.seq == null ? null : Number(row.seq);
  return {
    needsCallbacks: Boolean(row?.has_callbacks),
    balance: row?.balance == null ? null : Number(row.balance),
    price: Number(row?.price ?? call.credits),
    seq,
  };
}

/** Whether the call's callbacks wait: the client has an active FABRIC configuration and the call is not PENDING. */
function hasCallbacks(call: NewCall): SQL {
  const c = call.clientRef;
  return call.status === 'PENDING'
    ? sql`SELECT false AS has`
    : sql`SELECT EXISTS (SELECT 1 FROM ${callbackConfigs}
          WHERE client_ref = ${c} AND event_type = 'FABRIC' AND is_active) AS has`;
}

/**
 * The CTE of a finished call's event (`fabric.call.<status>`, recorded once as every event is: events/outbox.ts),
 * written with its row: its data is the call as its callback carries it (the log record and its masked result).
 * None for a PENDING call.
 */
function finishedEvent(call: NewCall): SQL {
  const c = call.clientRef;
  return call.status === 'PENDING'
    ? sql``
    : sql`, event AS (
          INSERT INTO ${events} (client_ref, event_id, event_type, event, subject_urn, data, request_id, created_at)
          SELECT ${c}, ${newId('evt_')}, 'FABRIC', ${`fabric.call.${call.status.toLowerCase()}`}, ${call.urn},
            jsonb_build_object('urn', ${call.urn}::text, 'product', ${call.product}::text,
              'status', ${call.status}::text, 'result_code', ${call.resultCode}::text,
              'message', ${call.message}::text, 'customer_reference_number', ${call.customerReferenceNumber}::text,
              'company_urn', (SELECT company_urn FROM ${clients} WHERE id = ${c}),
              'reference_id', ${call.referenceId ?? null}::text, 'transaction_id', ${call.transactionId ?? null}::text,
              'initiation_transaction_id', ${call.initiationTransactionId ?? null}::text,
              'credits', (SELECT price FROM pr), 'latency_ms', ${call.latencyMs}::int,
              'channel', ${call.channel}::text, 'api_key_id', ${call.apiKeyId}::text,
              'created_at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'updated_at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'response', ${JSON.stringify(call.response)}::jsonb),
            ${currentRequestId()}, at
          FROM counter
          RETURNING 1
        )`;
}
