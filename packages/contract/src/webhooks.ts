import { z } from 'zod';
import { VirtualAccountCredit } from './accounts.ts';
import { ApprovalRecord } from './approvals.ts';
import { FabricCall } from './fabric.ts';
import { Payout, Validation } from './flow.ts';
import { Mandate, Presentation } from './mandates.ts';
import { livemodeField } from './modes.ts';
import { PaymentLink } from './payment-links.ts';

/**
 * The bodies of the callbacks (webhooks) the server sends, one per event type: the envelope that
 * apps/server/src/events/outbox.ts writes, `{ type, livemode, timestamp, webhook_id, data }`, with `data` the
 * object as the matching read endpoint answers it. Registered with ids: the OpenAPI document's `webhooks` refer to them.
 * A subpath outside the barrel: only the server's document needs it.
 */
const envelope = <T extends z.ZodType>(id: string, events: string[], data: T) =>
  z
    .object({
      type: z.string().meta({ description: 'The event, e.g. `' + events[0] + '`.', examples: events }),
      livemode: livemodeField,
      timestamp: z.iso.datetime().meta({ description: 'When the event happened (ISO 8601, UTC).' }),
      webhook_id: z.string().meta({ description: 'The message id (`msg_…`), also the `webhook-id` header.' }),
      data,
    })
    .meta({ id });

export const PayoutEvent = envelope(
  'PayoutEvent',
  ['payout.success', 'payout.failure', 'payout.pending'],
  Payout,
);
export const ValidationEvent = envelope(
  'ValidationEvent',
  ['validation.success', 'validation.failure'],
  Validation,
);
export const FabricEvent = envelope(
  'FabricEvent',
  ['fabric.call.success', 'fabric.call.failure'],
  FabricCall,
);
export const VirtualAccountCreditEvent = envelope(
  'VirtualAccountCreditEvent',
  ['virtual_account.credited'],
  VirtualAccountCredit,
);
export const MandateEvent = envelope(
  'MandateEvent',
  ['mandate.active', 'mandate.rejected', 'presentation.success', 'presentation.bounced'],
  z.union([Mandate, Presentation]),
);
export const PaymentLinkEvent = envelope(
  'PaymentLinkEvent',
  ['payment_link.created', 'payment_link.paid', 'payment_link.cancelled', 'payment_link.expired'],
  PaymentLink,
);
export const ApprovalEvent = envelope(
  'ApprovalEvent',
  ['approval.requested', 'approval.approved', 'approval.rejected', 'approval.expired'],
  ApprovalRecord,
);
export const CallbackTestEvent = envelope(
  'CallbackTestEvent',
  ['callback.test'],
  z.object({
    callback_id: z
      .string()
      .meta({ description: 'The callback configuration the test was sent to (`CBK…`).' }),
    event_type: z
      .string()
      .meta({ description: 'The event type that configuration receives, e.g. `PAYOUT`.' }),
    message: z.string(),
    sent_at: z.iso.datetime(),
  }),
);
