import { z } from 'zod';
import { livemodeField } from './modes.ts';

/** Event families a client can subscribe a URL to. */
export const CALLBACK_EVENT_TYPES = [
  'PAYOUT',
  'BANK_ACCOUNT_VALIDATION',
  'FABRIC',
  'VIRTUAL_ACCOUNT_CREDIT',
  /** E-mandates: mandate.pending/active/rejected/paused/cancelled/expired, presentation.success/bounced. */
  'MANDATE',
  'PAYMENT_LINK',
  /** Maker-checker: approval.requested/approved/rejected/expired (the request as `ApprovalRequest`). */
  'APPROVAL',
] as const;
export const CallbackEventType = z.enum(CALLBACK_EVENT_TYPES);
export type CallbackEventType = z.infer<typeof CallbackEventType>;

export const CALLBACK_HTTP_METHODS = ['POST', 'PUT'] as const;
export const CallbackHttpMethod = z.enum(CALLBACK_HTTP_METHODS);

const url = z
  .url({ protocol: /^https?$/, message: 'Enter an http(s) URL' })
  .max(2048, 'A callback URL is at most 2048 characters');

export const CreateCallback = z.object({
  event_type: CallbackEventType,
  url,
  http_method: CallbackHttpMethod.default('POST'),
  is_active: z.boolean().default(true),
});
export const UpdateCallback = z
  .object({
    url,
    http_method: CallbackHttpMethod,
    is_active: z.boolean(),
    /** Issue a new signing secret; the old one stops working at once. */
    rotate_secret: z.literal(true),
  })
  .partial();

/**
 * `POST /v2/company/callback`: one endpoint to create, update and list configurations.
 * `action` defaults to `create`: a body without it is a create (`optional()` lets the union route a missing
 * `action` to that branch, `default()` then fills it in).
 */
export const CallbackRequest = z.discriminatedUnion(
  'action',
  [
    CreateCallback.extend({ action: z.literal('create').optional().default('create') }),
    UpdateCallback.extend({ action: z.literal('update'), callback_id: z.string().min(1).max(64) }),
    z.object({ action: z.literal('list') }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? 'action must be create (the default), update or list' : undefined,
  },
);
export type CallbackRequest = z.infer<typeof CallbackRequest>;

export const CallbackConfig = z.object({
  callback_id: z.string(),
  event_type: CallbackEventType,
  url: z.string(),
  http_method: CallbackHttpMethod,
  is_active: z.boolean(),
  /** Standard Webhooks secret (`whsec_…`): whole only in the answer that creates or rotates it. */
  secret: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  livemode: livemodeField,
});
export type CallbackConfig = z.infer<typeof CallbackConfig>;
