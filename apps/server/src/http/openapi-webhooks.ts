import { CALLBACK_EVENT_TYPES } from '@meridian/contract';
// Registers the webhook payloads (zod schemas with ids) that the document's `webhooks` refer to.
import '@meridian/contract/webhooks';
import { cap } from './openapi-operation-id.ts';
import { PUBLIC } from './openapi-security.ts';
import type { Json } from './openapi-types.ts';

const WEBHOOK_TEXT: Record<(typeof CALLBACK_EVENT_TYPES)[number], [string, string]> = {
  PAYOUT: ['PayoutEvent', 'A payout changed state: `payout.pending`, `payout.success`, `payout.failure`, …'],
  BANK_ACCOUNT_VALIDATION: ['ValidationEvent', 'A bank-account validation finished: `validation.success`, …'],
  FABRIC: ['FabricEvent', 'A fabric call finished: `fabric.call.success`, `fabric.call.failure`, …'],
  VIRTUAL_ACCOUNT_CREDIT: ['VirtualAccountCreditEvent', 'Money arrived in a virtual account.'],
  MANDATE: [
    'MandateEvent',
    'An e-mandate or one of its presentations changed state: `mandate.active`, `presentation.success`, …',
  ],
  PAYMENT_LINK: ['PaymentLinkEvent', 'A payment link was created, paid, cancelled or expired.'],
  APPROVAL: [
    'ApprovalEvent',
    'A request waits for approval or was decided: `approval.requested`, `approval.approved` (also when the approved action then failed: see `status` and `outcome`), `approval.rejected`, `approval.expired`.',
  ],
};

const WEBHOOK_HEADERS = [
  ['webhook-id', 'The message id (`msg_…`): the same on every retry, so a receiver can drop duplicates.'],
  ['webhook-timestamp', 'Unix seconds when this attempt was signed: refuse ones more than 5 minutes off.'],
  [
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the callback’s `whsec_` secret.',
  ],
] as const;

/** One entry of the document's `webhooks`: what is sent, to which URLs, with the Standard Webhooks headers. */
function webhook(operationId: string, summary: string, schema: string, text: string, sentTo: string): Json {
  return {
    post: {
      operationId,
      summary,
      description: `${text}\n\nSent (POST, or PUT when so configured) to ${sentTo}, signed as Standard Webhooks. Answer any 2xx within 15 seconds; anything else is retried with exponential backoff. The body's \`livemode\` says the mode of the event: a mode's events go to that mode's callback configurations only.`,
      tags: ['callbacks'],
      security: PUBLIC,
      parameters: WEBHOOK_HEADERS.map(([name, description]) => ({
        in: 'header',
        name,
        required: true,
        description,
        schema: { type: 'string' },
      })),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
      },
      responses: {
        '200': { description: 'Received (any 2xx).' },
        '400': { description: 'Refused (bad signature or body): the delivery is retried.' },
      },
    },
  };
}

/** The document's `webhooks`: one per callback event type, and the test event. */
export function webhooks(): Json {
  return {
    ...Object.fromEntries(
      CALLBACK_EVENT_TYPES.map((type) => {
        const [schema, text] = WEBHOOK_TEXT[type];
        const words = type.toLowerCase().split('_');
        return [
          type,
          webhook(
            `on${words.map((w) => cap(w)).join('')}Event`,
            `${cap(words.join(' '))} events`,
            schema,
            text,
            `every active callback URL registered for \`${type}\``,
          ),
        ];
      }),
    ),
    CALLBACK_TEST: webhook(
      'onCallbackTestEvent',
      'Test events',
      'CallbackTestEvent',
      'A `callback.test` event, sent when someone uses "Send test event" on a callback configuration ' +
        '(`POST /v2/company/callback/test`): it checks that the endpoint is reachable and verifies the signature.',
      'the one callback configuration tested, whatever its event type',
    ),
  };
}
