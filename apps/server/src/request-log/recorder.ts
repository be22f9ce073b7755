import { sql } from 'drizzle-orm';
import { LIST_PAGE_ANSWER } from '@meridian/contract/developers';
import { inTransaction, type Db } from '../db/database.ts';
import { requestLog } from '../db/schema.ts';
import { maskForLog } from './mask.ts';
import { ensurePartitions } from './partitions.ts';
import { ResourceSet } from './resources.ts';

/**
 * The request log's recorder: each answered request of a client's caller is queued in memory as it was answered
 * (cheap: references, no copies), and written in batches off the request's path: every FLUSH_EVERY_MS, or at once
 * when BATCH_SIZE entries wait, and on close. Masking, capping and finding the resources happen at the write.
 * A write that fails is counted and logged, never a failed request; a full queue drops (and counts) new entries.
 */

/** What the HTTP hooks hand over of one answered request (raw; masked when written). */
export type RawEntry = {
  at: Date;
  clientRef: number;
  requestId: string;
  method: string;
  route: string;
  path: string;
  status: number;
  durationMs: number;
  channel: 'dashboard' | 'api_key';
  actor: string;
  userRef: number | null;
  apiKeyId: string | null;
  ip: string | null;
  idempotencyKey: string | null;
  /** The query string as sent (without the `?`), or ''. */
  queryString: string;
  params: unknown;
  /** The parsed request body; undefined when there was none. */
  requestBody: unknown;
  /** The content type of a request body that is not JSON (a file upload), or null. */
  requestBodyType: string | null;
  /** The answer's JSON text, when it was JSON. */
  responseText: string | null;
  /** The content type of an answer that was not JSON text (a file, a stream), or null. */
  responseType: string | null;
};

export type RecorderStats = {
  /** Entries written. */
  recorded: number;
  /** Entries lost: the queue was full, or their batch's write failed. */
  dropped: number;
  /** Batch writes that failed. */
  failures: number;
};

export type Recorder = {
  record(entry: RawEntry): void;
  /** Writes what waits now (tests; close). */
  flush(): Promise<void>;
  stats(): RecorderStats;
  close(): Promise<void>;
};

export type RecorderOptions = {
  db: Db;
  /** REQUEST_LOG_BODY_BYTES: the most a stored body may be, in bytes of JSON. */
  bodyBytes: number;
  log: (msg: string, err: unknown) => void;
  flushEveryMs?: number;
  batchSize?: number;
  /** The most entries that may wait; beyond, new ones are dropped (and counted). */
  maxQueue?: number;
};

export const FLUSH_EVERY_MS = 250;
export const BATCH_SIZE = 500;
export const MAX_QUEUE = 20_000;
/** An answer above this many times the cap is not even parsed: it cannot fit once masked. */
const PARSE_LIMIT_FACTOR = 4;

type Row = typeof requestLog.$inferInsert;

/** A body as stored: the masked JSON, or a marker when it is cut or not JSON. */
type Stored = { value: unknown; truncated: boolean };

/** A masked body, or when its JSON is above `cap` bytes a marker with its size and the masked text's start. */
function capped(masked: unknown, cap: number): Stored {
  if (masked === undefined || masked === null) return { value: null, truncated: false };
  const text = JSON.stringify(masked);
  const bytes = Buffer.byteLength(text);
  if (bytes <= cap) return { value: masked, truncated: false };
  const preview = Buffer.from(text).subarray(0, cap).toString();
  return { value: { _truncated: true, bytes, preview }, truncated: true };
}

/** The query parameters as sent: a repeated key keeps all its values. */
function parseQuery(queryString: string): Record<string, unknown> | null {
  if (!queryString) return null;
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(queryString)) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/** One queued entry as its row: masked, capped, with its resources. */
export function toRow(e: RawEntry, cap: number): Row {
  const opts = { route: e.route };
  const resources = new ResourceSet();
  resources.scanText(e.path);
  resources.scanValue(e.params);
  const query = parseQuery(e.queryString);
  resources.scanValue(query);
  resources.scanValue(e.requestBody);

  const request = e.requestBodyType
    ? { value: { _omitted: e.requestBodyType }, truncated: false }
    : capped(maskForLog(e.requestBody, opts), cap);

  let response: Stored = { value: null, truncated: false };
  if (e.responseText !== null && isListPage(e))
    response = { value: { _omitted: LIST_PAGE_ANSWER }, truncated: false };
  else if (e.responseText !== null) {
    // A write's answer names what it made or changed; a read's (a list page) names what it showed, not touched.
    if (e.method !== 'GET') resources.scanJson(e.responseText);
    if (e.responseText.length > cap * PARSE_LIMIT_FACTOR)
      response = { value: { _truncated: true, bytes: Buffer.byteLength(e.responseText) }, truncated: true };
    else {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(e.responseText) as unknown;
      } catch {
        parsed = { _omitted: 'invalid JSON' };
      }
      response = capped(maskForLog(parsed, opts), cap);
    }
  } else if (e.responseType) response = { value: { _omitted: e.responseType }, truncated: false };

  return {
    clientRef: e.clientRef,
    createdAt: e.at,
    requestId: e.requestId,
    method: e.method,
    route: e.route,
    path: e.path,
    status: e.status,
    durationMs: e.durationMs,
    channel: e.channel,
    actor: e.actor,
    userRef: e.userRef,
    apiKeyId: e.apiKeyId,
    ip: e.ip,
    idempotencyKey: e.idempotencyKey,
    query: query ? (maskForLog(query, opts) as Record<string, unknown>) : null,
    requestBody: request.value,
    responseBody: response.value,
    truncated: request.truncated || response.truncated,
    resources: resources.list(),
  };
}

const DAY_MS = 86_400_000;
/** The list routes whose successful answers (pages of rows) are not kept (LIST_PAGE_ANSWER). */
const LIST_PAGE = /\/read\/search\//;
const isListPage = (e: Pick<RawEntry, 'method' | 'status' | 'route'>) =>
  e.method === 'GET' && e.status < 400 && LIST_PAGE.test(e.route);

/**
 * Inserts a batch as ONE parameter: the rows as a JSON array read by `jsonb_populate_recordset` (the bodies are
 * JSON already, so nothing is encoded twice and no statement has thousands of parameters). `id` takes its
 * default.
 */
async function insertRows(db: Db, rows: Row[]): Promise<void> {
  const json = JSON.stringify(
    rows.map((r) => ({
      client_ref: r.clientRef,
      created_at: r.createdAt,
      request_id: r.requestId,
      method: r.method,
      route: r.route,
      path: r.path,
      status: r.status,
      duration_ms: r.durationMs,
      channel: r.channel,
      actor: r.actor,
      user_ref: r.userRef,
      api_key_id: r.apiKeyId,
      ip: r.ip,
      idempotency_key: r.idempotencyKey,
      query: r.query,
      request_body: r.requestBody,
      response_body: r.responseBody,
      truncated: r.truncated,
      resources: r.resources,
    })),
  );
  // A log write need not wait for its WAL to reach the disk (a crash may lose the last moment of the log, never
  // a payment): the commit returns at once and the pooled connection goes back to the requests sooner.
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    await tx.execute(sql`INSERT INTO ${requestLog} (client_ref, created_at, request_id, method, route, path, status,
      duration_ms, channel, actor, user_ref, api_key_id, ip, idempotency_key, query, request_body, response_body,
      truncated, resources)
    SELECT client_ref, created_at, request_id, method, route, path, status, duration_ms, channel, actor, user_ref,
      api_key_id, ip, idempotency_key, query, request_body, response_body, truncated, resources
    FROM jsonb_populate_recordset(NULL::request_log, ${json}::jsonb)`);
  });
}

/** Every open recorder of this process (`flush()` and `recorderStats()` below). */
const open = new Set<Recorder>();

export function createRecorder(opts: RecorderOptions): Recorder {
  const every = opts.flushEveryMs ?? FLUSH_EVERY_MS;
  const batchSize = opts.batchSize ?? BATCH_SIZE;
  const maxQueue = opts.maxQueue ?? MAX_QUEUE;
  const counts: RecorderStats = { recorded: 0, dropped: 0, failures: 0 };
  let queue: RawEntry[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  /** The UTC day whose partitions this recorder made sure of. */
  let partitionsDay = Math.floor(Date.now() / DAY_MS);
  let closed = false;

  async function write(batch: RawEntry[]): Promise<void> {
    try {
      const rows = batch.map((e) => toRow(e, opts.bodyBytes));
      const day = Math.floor(Date.now() / DAY_MS);
      // A new day began since the last write: make sure its partitions exist (the sweeper may be off).
      if (day !== partitionsDay) {
        partitionsDay = day;
        await ensurePartitions(opts.db);
      }
      for (let i = 0; i < rows.length; i += batchSize)
        await insertRows(opts.db, rows.slice(i, i + batchSize));
      counts.recorded += rows.length;
    } catch (err) {
      counts.failures += 1;
      counts.dropped += batch.length;
      opts.log('request log write failed', err);
    }
  }

  /** Takes what waits and writes it after the previous write: one write at a time, in order. */
  function drain(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = queue;
    queue = [];
    if (batch.length) writing = writing.then(() => write(batch));
    return writing;
  }

  const recorder: Recorder = {
    record(entry) {
      if (closed || queue.length >= maxQueue) {
        counts.dropped += 1;
        return;
      }
      // A list page's answer is not kept: its text is let go now, not held in the queue until the write (every
      // page's text would outlive the young generation and be collected again in the old one).
      queue.push(entry.responseText && isListPage(entry) ? { ...entry, responseText: '' } : entry);
      if (queue.length >= batchSize) void drain();
      else if (!timer) {
        timer = setTimeout(() => void drain(), every);
        timer.unref();
      }
    },
    flush: async () => {
      await drain();
      // entries queued while the last batch was written
      if (queue.length) await drain();
    },
    stats: () => ({ ...counts }),
    async close() {
      await recorder.flush();
      closed = true;
      open.delete(recorder);
    },
  };
  open.add(recorder);
  return recorder;
}

/** Writes what every open recorder of this process holds now (tests flush instead of sleeping). */
export async function flush(): Promise<void> {
  await Promise.all([...open].map((r) => r.flush()));
}

/** The figures of the open recorders of this process, summed. */
export function recorderStats(): RecorderStats {
  const sum: RecorderStats = { recorded: 0, dropped: 0, failures: 0 };
  for (const r of open) {
    const s = r.stats();
    sum.recorded += s.recorded;
    sum.dropped += s.dropped;
    sum.failures += s.failures;
  }
  return sum;
}
