import { z } from 'zod';
import { CALLBACK_EVENT_TYPES } from './callbacks.ts';
import { CALLBACK_EVENT_TYPE_INFO } from './callback-configurations.ts';
import { defineList, readPaths } from './lists.ts';
import { livemodeField } from './modes.ts';

/**
 * One trace per request: the API request log (/developers/logs), the events the product emits with their
 * deliveries (/developers/events, resend any of them), and a request's whole path on one page
 * (/trace/{request_id}). Imported as `@meridian/contract/developers`.
 *
 * Paths (`{provider}` is the provider slug):
 * - `GET /{provider}/read/search|count|export/request_logs` — the request log (`REQUEST_LOGS_LIST`);
 * - `GET /{provider}/read/fetch/request_logs/{request_id}` — one request with its bodies (`RequestLogDetails`);
 * - `GET /{provider}/read/search|count|export/events` — the events (`EVENTS_LIST`);
 * - `GET /{provider}/read/fetch/events/{event_id}` — one event with its deliveries (`EventDetails`);
 * - `POST /v2/events/{event_id}/resend` `{ callback_id? }` — a new signed delivery of the event to the
 *   configurations of its type, or to one callback configuration of the client (`EventResendResult`);
 * - `GET /{provider}/read/fetch/trace/{id}` — the trace of a request id, or of a resource (payout urn, KYC call
 *   id…): `Trace`; `…/trace/{id}/evidence.pdf` — the same as a PDF evidence pack.
 */

/** Kept this many days by default (REQUEST_LOG_RETENTION_DAYS). */
export const REQUEST_LOG_RETENTION_DAYS = 30;
/** A body longer than this (bytes of JSON) is cut, and the entry says so (REQUEST_LOG_BODY_BYTES). */
export const REQUEST_LOG_BODY_BYTES = 16_384;
/**
 * A list page's answer (a successful GET of `/{provider}/read/search/…`) is not kept: its query is, and running it
 * again shows the rows; the log stores `{ _omitted: LIST_PAGE_ANSWER }` instead. Keeping every page of every list
 * would cost most of the log's size and of its writing (measured with `npm run bench:http`).
 */
export const LIST_PAGE_ANSWER = 'list page';

export const REQUEST_CHANNELS = ['dashboard', 'api_key'] as const;
export const RequestChannel = z.enum(REQUEST_CHANNELS);
export const REQUEST_CHANNEL_LABELS: Readonly<Record<(typeof REQUEST_CHANNELS)[number], string>> = {
  dashboard: 'Dashboard',
  api_key: 'API key',
};

/** The status classes the list filters by. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** One request of the log, as the list shows it. */
export const RequestLogRecord = z.object({
  request_id: z.string(),
  created_at: z.string(),
  method: z.string(),
  route: z.string().meta({ description: 'The route as registered, e.g. `/v2/mandates/:urn`.' }),
  path: z.string().meta({ description: 'The path as called, without its query string.' }),
  status: z.number().int(),
  duration_ms: z.number(),
  channel: RequestChannel,
  actor: z.string().meta({ description: "A member's e-mail, or the API key's id." }),
  api_key_id: z.string().nullable(),
  ip: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  resources: z.array(z.string()).meta({ description: 'The urns the request named or answered.' }),
  livemode: livemodeField,
});
export type RequestLogRecord = z.infer<typeof RequestLogRecord>;

/** One request with its (masked, capped) query and bodies. */
export const RequestLogDetails = RequestLogRecord.extend({
  query: z.record(z.string(), z.unknown()).nullable(),
  request_body: z.unknown().meta({ description: 'The body as recorded (masked; null when there was none).' }),
  response_body: z
    .unknown()
    .meta({ description: 'The answer as recorded (masked; null when it was not JSON).' }),
  truncated: z.boolean(),
});
export type RequestLogDetails = z.infer<typeof RequestLogDetails>;

export const REQUEST_LOGS_LIST = defineList({
  name: 'request_logs',
  title: 'Request log',
  noun: 'request',
  permission: 'logs.read',
  paths: readPaths('request_logs'),
  searchKeys: [
    { key: 'request_id', label: 'Request id' },
    { key: 'resource', label: 'Resource id (urn)' },
    { key: 'idempotency_key', label: 'Idempotency key' },
    { key: 'route', label: 'Route' },
    { key: 'actor', label: 'User e-mail or API key id' },
  ],
  defaultRange: 'last7',
  filters: {
    status_class: { kind: 'enum', label: 'Status', values: STATUS_CLASSES },
    method: { kind: 'enum', label: 'Method', values: HTTP_METHODS },
    channel: { kind: 'enum', label: 'Caller', values: REQUEST_CHANNELS, valueLabels: REQUEST_CHANNEL_LABELS },
  },
  columns: [
    { key: 'created_at', label: 'Time', format: 'time', priority: 1 },
    { key: 'method', label: 'Method', format: 'code', priority: 1 },
    { key: 'route', label: 'Route', format: 'code', priority: 1 },
    { key: 'status', label: 'Status', format: 'number', priority: 1 },
    { key: 'duration_ms', header: 'duration_ms', label: 'Duration (ms)', format: 'number', priority: 2 },
    { key: 'actor', label: 'User or API key', format: 'text', priority: 2 },
    { key: 'request_id', label: 'Request id', format: 'code', priority: 2 },
    { key: 'channel', label: 'Caller', format: 'text', priority: 3 },
    { key: 'path', label: 'Path', format: 'code', priority: 3 },
    { key: 'ip', label: 'IP address', format: 'code', priority: 3 },
    { key: 'idempotency_key', label: 'Idempotency key', format: 'code', priority: 3 },
    { key: 'resources', label: 'Resources', format: 'code', priority: 3 },
    { key: 'api_key_id', label: 'API key', format: 'code', priority: 3, export: false },
  ],
});

/** One event the product emitted, as the list shows it. */
export const EventRecord = z.object({
  event_id: z.string(),
  created_at: z.string(),
  event_type: z.string(),
  event: z.string(),
  subject_urn: z.string(),
  request_id: z.string().nullable(),
  deliveries: z.number().int().meta({ description: 'How many callback deliveries it has had.' }),
  last_delivery_status: z.string().nullable(),
  livemode: livemodeField,
});
export type EventRecord = z.infer<typeof EventRecord>;

/** One delivery of an event: to which configuration and URL, its status and attempts. */
export const EventDelivery = z.object({
  webhook_id: z.string(),
  callback_id: z.string(),
  url: z.string(),
  status: z.string(),
  attempt_count: z.number().int(),
  last_status_code: z.number().int().nullable(),
  created_at: z.string(),
  resent: z.boolean().meta({ description: 'Made by a resend of the event.' }),
});

export const EventDetails = EventRecord.extend({
  data: z.unknown(),
  delivery_list: z.array(EventDelivery),
});
export type EventDetails = z.infer<typeof EventDetails>;

export const EventResendRequest = z.object({
  callback_id: z.string().trim().min(1).max(64).optional().meta({
    description:
      "One of the client's callback configurations (of any event type; it must be switched on) to send it to; default: the active configurations of the event's type.",
  }),
});
export const EventResendResult = z.object({
  event_id: z.string(),
  deliveries: z.array(z.object({ webhook_id: z.string(), callback_id: z.string(), url: z.string() })),
  livemode: livemodeField,
});

export const EVENTS_LIST = defineList({
  name: 'events',
  title: 'Events',
  noun: 'event',
  permission: 'callbacks.read',
  paths: readPaths('events'),
  searchKeys: [
    { key: 'event_id', label: 'Event id' },
    { key: 'subject_urn', label: 'Subject URN' },
    { key: 'request_id', label: 'Request id' },
  ],
  defaultRange: 'last7',
  filters: {
    event_type: {
      kind: 'enum',
      label: 'Event type',
      values: CALLBACK_EVENT_TYPES,
      valueLabels: Object.fromEntries(
        CALLBACK_EVENT_TYPES.map((t) => [t, CALLBACK_EVENT_TYPE_INFO[t].label]),
      ),
    },
  },
  columns: [
    { key: 'created_at', label: 'Time', format: 'time', priority: 1 },
    { key: 'event_id', label: 'Event id', format: 'code', priority: 1 },
    { key: 'event', label: 'Event', format: 'code', priority: 1 },
    { key: 'subject_urn', label: 'Subject', format: 'code', priority: 1 },
    { key: 'deliveries', label: 'Deliveries', format: 'number', priority: 2 },
    { key: 'last_delivery_status', label: 'Last delivery', format: 'status', priority: 2 },
    { key: 'event_type', label: 'Event type', format: 'text', priority: 3 },
    { key: 'request_id', label: 'Request id', format: 'code', priority: 3 },
  ],
});

/** What a step of a trace is. */
export const TRACE_KINDS = [
  'request',
  'approval',
  'ledger',
  'rail',
  'event',
  'callback_attempt',
  'credits',
] as const;
export const TraceKind = z.enum(TRACE_KINDS);

/** One step of a trace's timeline, in time order. */
export const TraceStep = z.object({
  at: z.string(),
  kind: TraceKind,
  title: z
    .string()
    .meta({ examples: ['POST /core_banking/money_transfer/initiate → 201', 'Debit ₹1,234.50'] }),
  /** The resource the step is about (payout urn, KYC call id…). */
  subject: z.string().nullable(),
  /** What the step holds, by kind: the ledger's amount and balances before/after, the rail's UTR, an attempt's answer… */
  details: z.record(z.string(), z.unknown()),
});
export type TraceStep = z.infer<typeof TraceStep>;

export const Trace = z.object({
  /** What was asked for: a request id or a resource id. */
  id: z.string(),
  request: RequestLogDetails.nullable(),
  resources: z.array(z.string()),
  steps: z.array(TraceStep),
  generated_at: z.string(),
});
export type Trace = z.infer<typeof Trace>;
