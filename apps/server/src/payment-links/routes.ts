import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePaymentLink,
  CreateUpiLink,
  PAYMENT_LINKS_LIST,
  PaymentLink,
  PaymentLinkDetails,
  PaymentLinkUrnParams,
  UpiLink,
} from '@meridian/contract/payment-links';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { actorOf, authOf, defaultPermission } from '../auth/guard.ts';
import { clients } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkIdempotencyKey, withIdempotency } from '../idempotency/idempotency.ts';
import type { Effects } from '../jobs/effects.ts';
import { clientAccounts } from '../ledger/ledger.ts';
import { formatMoney, toPaise } from '../lib/money.ts';
import { registerList } from '../lists/register-list.ts';
import { countPaymentLinks, listPaymentLinks } from './queries.ts';
import { cancelPaymentLink, createPaymentLink, getPaymentLinkDetails } from './service.ts';
import { collectionVpa, qrSvg, upiIntent, upiPayeeName } from './upi.ts';

/** The app as a route plugin receives it (the zod type provider). */
type App = Parameters<FastifyPluginAsyncZod<RouteDeps>>[0];

export const paymentLinkRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // Reads need flow.read; each write names its own permission.
  defaultPermission(app, 'flow.read');
  registerCreateLink(app, deps);
  registerLinkChanges(app, deps);
  registerUpiLink(app, deps);
  registerList(app, deps.db, deps.config.PROVIDER, {
    list: PAYMENT_LINKS_LIST,
    tag: 'payment links',
    row: PaymentLink,
    fetch: listPaymentLinks,
    count: countPaymentLinks,
    values: { customer_enters_amount: (r) => String(r.customer_enters_amount) },
  });
};

/** Create a payment link (Idempotency-Key optional). */
function registerCreateLink(app: App, deps: RouteDeps) {
  app.post(
    '/v2/payments/links',
    {
      config: { permission: 'links.manage', liveGate: true },
      schema: {
        tags: ['payment links'],
        summary:
          'Create a payment link: a public pay page with a UPI QR code (Idempotency-Key header optional)',
        body: CreatePaymentLink,
        description:
          "Creates a link to a public page where a customer pays a fixed amount (or one they enter) by UPI before it expires; the paid amount is credited to the client's account and announced by webhook. A customer reference already used is a 409; with an Idempotency-Key a retry replays the first answer (`idempotent-replayed: true`).",
        headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
        response: { 201: PaymentLinkDetails },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const key = checkIdempotencyKey(request.headers['idempotency-key'], false);
      let effects: Effects | null = null;
      const answer = await withIdempotency(
        deps.db,
        {
          clientRef: actor.clientRef,
          scope: 'payment_link',
          key,
          body: request.body,
          leaseSeconds: deps.config.IDEMPOTENCY_LEASE_SECONDS,
        },
        async (tx) => {
          const result = await createPaymentLink(tx, actor, request.body, {
            publicUrl: deps.publicUrl(request),
          });
          effects = result.effects;
          return { status: 201, body: result.link };
        },
      );
      if (effects) await deps.runEffects(effects);
      else reply.header('idempotent-replayed', 'true');
      if (answer.status >= 400) throw AppError.fromStored(answer);
      return reply.status(201).send(answer.body as z.infer<typeof PaymentLinkDetails>);
    },
  );
}

/** A link with its QR code, attempts and callbacks; cancel an open one. */
function registerLinkChanges(app: App, deps: RouteDeps) {
  app.get(
    '/v2/payments/links/:urn',
    {
      schema: {
        tags: ['payment links'],
        summary: 'A payment link with its QR code (SVG), payment attempts and callbacks',
        description:
          "One of the caller's payment links with its pay-page URL, UPI QR code as SVG, status, every payment attempt and the webhooks sent about it (404 for a urn of another client).",
        params: PaymentLinkUrnParams,
        response: { 200: PaymentLinkDetails },
      },
    },
    async (request) => getPaymentLinkDetails(deps.db, authOf(request).clientRef, request.params.urn),
  );

  app.post(
    '/v2/payments/links/:urn/cancel',
    {
      config: { permission: 'links.manage' },
      schema: {
        tags: ['payment links'],
        summary: 'Cancel an open payment link (409 when it is paid, expired or cancelled)',
        description:
          'Closes an open (CREATED) link so its pay page no longer accepts payments; a webhook announces it. A link already paid, expired or cancelled is a 409 and stays as it is.',
        params: PaymentLinkUrnParams,
        response: { 200: PaymentLink },
      },
    },
    async (request) => {
      const { link, effects, refused } = await cancelPaymentLink(
        deps.db,
        actorOf(request),
        request.params.urn,
      );
      await deps.runEffects(effects);
      if (refused)
        throw new AppError(409, 'payment_link_not_open', `The payment link is ${link.status.toLowerCase()}`);
      return link;
    },
  );
}

/** A UPI intent and its QR code, stored nowhere. */
function registerUpiLink(app: App, deps: RouteDeps) {
  app.post(
    '/v2/payments/upi/link',
    {
      config: { permission: 'links.manage', liveGate: true },
      schema: {
        tags: ['payment links'],
        summary: 'A UPI intent link (upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…&tn=…) and its QR code (SVG)',
        description:
          "Builds a UPI intent and its QR code without storing anything: the payee VPA defaults to the collection VPA of the client's first account and the name to the company's. Nothing tracks payments made with it; use a payment link for that. 422 when no VPA is given and the client has no account.",
        body: CreateUpiLink,
        response: { 200: UpiLink },
      },
    },
    async (request) => upiLink(deps, authOf(request).clientRef, request.body),
  );
}

/** The UPI intent: the payee VPA and name given, else the client's first account's collection VPA and its name. */
async function upiLink(deps: RouteDeps, clientRef: number, body: z.infer<typeof CreateUpiLink>) {
  let vpa = body.payee_vpa || null;
  if (!vpa) {
    const [account] = await clientAccounts(deps.db, clientRef);
    if (!account)
      throw new AppError(422, 'no_account', 'You have no current account to collect into: give a payee_vpa', {
        fields: { payee_vpa: 'is required' },
      });
    vpa = collectionVpa(account.accountNumber);
  }
  let name = body.payee_name || null;
  if (!name) {
    const [client] = await deps.db
      .select({ name: clients.companyCommonName })
      .from(clients)
      .where(eq(clients.id, clientRef));
    name = upiPayeeName(client?.name ?? '');
  }
  const amount = body.amount ? formatMoney(toPaise(body.amount)) : null;
  const intent = upiIntent({
    pa: vpa,
    pn: name,
    am: amount,
    tr: body.reference || null,
    tn: body.note || null,
  });
  return {
    intent,
    payee_vpa: vpa,
    payee_name: name,
    amount,
    reference: body.reference || null,
    note: body.note || null,
    qr_svg: await qrSvg(intent),
  };
}
