import { z } from 'zod';
import {
  CALLBACK_HTTP_METHODS,
  CALLBACK_EVENT_TYPES,
  CallbackEventType,
  CallbackHttpMethod,
  type CallbackEventType as EventType,
} from './callbacks.ts';
import { CalendarDate } from './flow.ts';
import { defineList, readPaths } from './lists.ts';
import { livemodeField } from './modes.ts';

/**
 * The callback configuration screen's calls and the
 * delivery log. A subpath outside the barrel: only that screen and the server use it.
 */

/**
 * What each event type is, for people choosing one. `satisfies Record<…>`: a module that adds an event type to
 * CALLBACK_EVENT_TYPES must describe it here (the build fails otherwise), and it then appears on the screen.
 */
export const CALLBACK_EVENT_TYPE_INFO = {
  PAYOUT: {
    label: 'Payouts',
    description:
      'Every state change of a payout: pending approval, pending, success, failure, return or rejection.',
    events: [
      'payout.pending_approval',
      'payout.pending',
      'payout.success',
      'payout.failure',
      'payout.returned',
      'payout.rejected',
    ],
  },
  BANK_ACCOUNT_VALIDATION: {
    label: 'Bank account validations',
    description: 'The outcome of each bank-account validation (penny drop), with the registered name.',
    events: ['validation.success', 'validation.failure'],
  },
  FABRIC: {
    label: 'KYC (fabric) calls',
    description: 'Every finished identity-verification call, masked as in its log.',
    events: ['fabric.call.success', 'fabric.call.failure'],
  },
  VIRTUAL_ACCOUNT_CREDIT: {
    label: 'Virtual account credits',
    description: 'Money arriving in one of your virtual accounts, credited or returned.',
    events: ['virtual_account.credited', 'virtual_account.returned'],
  },
  MANDATE: {
    label: 'E-mandates',
    description: 'Mandate registrations and their debits (presentations): authorised, rejected, bounced…',
    events: ['mandate.active', 'mandate.rejected', 'presentation.success', 'presentation.bounced'],
  },
  PAYMENT_LINK: {
    label: 'Payment links',
    description: 'Payment links created, paid, failed, expired or cancelled.',
    events: ['payment_link.created', 'payment_link.paid', 'payment_link.expired', 'payment_link.cancelled'],
  },
  APPROVAL: {
    label: 'Approvals',
    description: 'Requests that wait for a checker (payouts, bulks, settings changes) and their decisions.',
    events: ['approval.requested', 'approval.approved', 'approval.rejected', 'approval.expired'],
  },
} as const satisfies Record<EventType, { label: string; description: string; events: readonly string[] }>;

/** The event of a test message (`POST /v2/company/callback/test`), sent to one configuration only. */
export const CALLBACK_TEST_EVENT = 'callback.test';

export const CallbackTypeOption = z.object({
  event_type: CallbackEventType,
  label: z.string(),
  description: z.string(),
  /** The `type` values its messages carry. */
  events: z.array(z.string()),
});
export type CallbackTypeOption = z.infer<typeof CallbackTypeOption>;

export const CallbackHttpMethodOption = z.object({ http_method: CallbackHttpMethod, label: z.string() });
export type CallbackHttpMethodOption = z.infer<typeof CallbackHttpMethodOption>;

export const callbackTypeOptions = (): CallbackTypeOption[] =>
  CALLBACK_EVENT_TYPES.map((t) => ({
    event_type: t,
    label: CALLBACK_EVENT_TYPE_INFO[t].label,
    description: CALLBACK_EVENT_TYPE_INFO[t].description,
    events: [...CALLBACK_EVENT_TYPE_INFO[t].events],
  }));

export const callbackHttpMethodOptions = (): CallbackHttpMethodOption[] =>
  CALLBACK_HTTP_METHODS.map((m) => ({ http_method: m, label: m }));

/** Per event type: whether the client receives it (an active URL) and where. */
export const CallbackSubscription = z.object({
  event_type: CallbackEventType,
  label: z.string(),
  subscribed: z.boolean(),
  active_urls: z.number().int(),
  configurations: z.array(
    z.object({
      callback_id: z.string(),
      url: z.string(),
      http_method: CallbackHttpMethod,
      is_active: z.boolean(),
    }),
  ),
});
export type CallbackSubscription = z.infer<typeof CallbackSubscription>;

export const CALLBACK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const CallbackDeliveryStatus = z.enum(CALLBACK_DELIVERY_STATUSES);
export type CallbackDeliveryStatus = z.infer<typeof CallbackDeliveryStatus>;

export const CALLBACK_DELIVERY_STATUS_LABELS = {
  PENDING: 'Pending',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
} as const;

/** The delivery log (one key and its value: a webhook id or the subject's urn), filtered by event type and status. */
export const CALLBACK_DELIVERIES_LIST = defineList({
  name: 'callback_deliveries',
  title: 'Callback deliveries',
  noun: 'delivery',
  permission: 'callbacks.read',
  paths: readPaths('callback/deliveries'),
  searchKeys: [
    { key: 'webhook_id', label: 'Webhook id' },
    { key: 'subject_urn', label: 'Subject URN' },
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
    status: {
      kind: 'enum',
      label: 'Status',
      values: CALLBACK_DELIVERY_STATUSES,
      valueLabels: CALLBACK_DELIVERY_STATUS_LABELS,
    },
  },
  columns: [
    { key: 'created_at', label: 'Created', format: 'time', priority: 2 },
    { key: 'webhook_id', label: 'Webhook id', format: 'code', priority: 1 },
    { key: 'event_type', label: 'Event type', format: 'text', priority: 3 },
    { key: 'event', label: 'Event', format: 'code', priority: 1 },
    { key: 'subject_urn', label: 'Subject', format: 'code', priority: 1 },
    { key: 'callback_id', label: 'Callback id', format: 'code', priority: 3 },
    { key: 'url', label: 'URL', format: 'code', priority: 3 },
    { key: 'status', label: 'Status', format: 'status', priority: 1 },
    { key: 'attempt_count', header: 'attempts', label: 'Attempts', format: 'number', priority: 3 },
    { key: 'last_status_code', label: 'Last answer', format: 'number', priority: 2 },
    { key: 'next_attempt_at', label: 'Next attempt', format: 'time', priority: 3 },
  ],
});

export const CallbackAttemptRow = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  /** The first 500 characters of the answer. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
});

/** One message to one URL, with every attempt made. */
export const CallbackDeliveryRow = z.object({
  webhook_id: z.string(),
  callback_id: z.string(),
  event_type: CallbackEventType,
  event: z.string(),
  subject_urn: z.string(),
  url: z.string(),
  http_method: CallbackHttpMethod,
  status: CallbackDeliveryStatus,
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  resent_at: z.string().nullable(),
  attempts: z.array(CallbackAttemptRow),
  livemode: livemodeField,
});
export type CallbackDeliveryRow = z.infer<typeof CallbackDeliveryRow>;

export const CallbackTestRequest = z.object({ callback_id: z.string().min(1).max(64) });

/** Replay every FAILED delivery created in the range (whole days in `time_zone`), optionally of one event type. */
export const CallbackReplayRequest = z.object({
  start_date: CalendarDate,
  end_date: CalendarDate,
  time_zone: z.string().min(1).max(64).optional(),
  event_type: CallbackEventType.optional(),
});
export type CallbackReplayRequest = z.infer<typeof CallbackReplayRequest>;

export const CALLBACK_REPLAY_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED'] as const;

export const CallbackReplay = z.object({
  replay_id: z.string(),
  status: z.enum(CALLBACK_REPLAY_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  event_type: CallbackEventType.nullable(),
  /** FAILED deliveries in the range when the replay was asked for. */
  total: z.number().int(),
  /** Of those, how many have been sent again so far. */
  done: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  livemode: livemodeField,
});
export type CallbackReplay = z.infer<typeof CallbackReplay>;
