import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerReference,
  FABRIC_LISTS,
  FABRIC_PRODUCTS,
  FABRIC_TITLES,
  FabricCall,
  FabricCallAnswer,
  FabricCallDetails,
  FabricProductSlug,
  FabricSummary,
} from '@meridian/contract/fabric';
import { z } from 'zod';
import { authOf, callerOf, defaultPermission } from '../auth/guard.ts';
import { creditBalance } from '../credits/credits.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { checkTimeZone, dayIn, DEFAULT_TIME_ZONE, startOfDay } from '../lists/list-query.ts';
import { registerList } from '../lists/register-list.ts';
import type { FabricEventHub } from './events.ts';
import { hostedCallByUrn } from './calls.ts';
import { callProduct, completeCall } from './pipeline.ts';
import { digilockerHostedRoutes } from './products/kyc-digilocker-hosted.ts';
import type { FabricProduct } from './product.ts';
import { countFabricCalls, fabricCallDetails, fabricSummary, listFabricCalls } from './queries.ts';
import type { FabricRegistry } from './registry.ts';

export type FabricRouteDeps = RouteDeps & { registry: FabricRegistry; events: FabricEventHub };

/** A product's request: the client's `customer_reference_number` and the product's own fields. */
function requestSchema(product: FabricProduct): z.ZodType {
  const reference = { customer_reference_number: CustomerReference };
  return product.body instanceof z.ZodObject
    ? product.body.extend(reference)
    : z.object(reference).and(product.body);
}

/** What each product does, the first sentence of its call's description in the API reference. */
const PRODUCT_TEXT: Record<FabricProductSlug, string> = {
  'video-liveness': 'Checks that a short selfie video (base64) shows a live person, with a real face model.',
  'text-match':
    'Scores how alike two names or two addresses are (0 to 100) with a verdict and its thresholds.',
  'mobile-to-x':
    'Finds the holder of an Indian mobile number: name, masked PAN, UPI handles, operator and circle.',
  'kyc-validate':
    'Verifies a PAN, Aadhaar, voter ID, driving licence, GSTIN or passport number against its registry, optionally matching name and date of birth.',
  'kyc-digilocker':
    'Starts a DigiLocker consent session: answers PENDING with a `consent_url` (valid 30 minutes) where the customer shares Aadhaar, PAN or driving licence; the result arrives by webhook.',
  'id-classification': 'Tells which identity document an image (base64) shows, read by OCR.',
  'face-match': 'Compares the faces of two images (base64) and answers a similarity score and verdict.',
  'customer-data-pull':
    "Pulls a consenting customer's profile (name, PAN, addresses, masked bank accounts) by mobile or PAN; `consent` and a `purpose` are required.",
  'credit-report':
    "Pulls an individual's credit report by PAN (name matched, `consent: true` required): score 300-900, band, summary and accounts.",
  ckyc: 'Searches the Central KYC registry by PAN (`action: search`), or downloads a record by its CKYC number.',
  'aadhaar-xml':
    'Offline Aadhaar e-KYC in two steps: `initiate` sends an OTP to the holder, `submit` with the OTP answers the verified details; each step is charged.',
  'aadhaar-uid-masking':
    'Masks the first eight digits of the Aadhaar number in an image of the card (OCR) and answers the masked image.',
};

/** 8 MB: images travel as base64 in the JSON body. */
const FABRIC_BODY_LIMIT = 8 * 1024 * 1024;

/** `POST /v2/fabric/{slug}` for every registered product: an API key or the dashboard session. */
export const fabricCallRoutes: FastifyPluginAsyncZod<FabricRouteDeps> = async (app, deps) => {
  const p = deps.config.PROVIDER;
  const answer = FabricCallAnswer.extend({ [`${p}_urn`]: z.string() });
  for (const product of deps.registry.products) {
    app.post(
      `/v2/fabric/${product.slug}`,
      {
        bodyLimit: FABRIC_BODY_LIMIT,
        config: { permission: 'fabric.call', openapi: { errors: [402] } },
        schema: {
          tags: ['fabric'],
          summary: `${FABRIC_TITLES[product.slug]}: ${product.price} credit${product.price === 1 ? '' : 's'} a call`,
          description:
            `${PRODUCT_TEXT[product.slug]} ` +
            'Authenticate with an API key (HTTP Basic `key_id:key_secret`) or the dashboard session. ' +
            '402 `Insufficient credits` when the balance cannot pay; bad input is a 4xx and is not charged.',
          body: requestSchema(product),
          response: { 200: answer },
        },
      },
      async (request) => {
        const { answer: a, effects } = await callProduct(deps.db, {
          caller: callerOf(request),
          product,
          body: request.body as { customer_reference_number: string },
          provider: p,
          publicUrl: deps.publicUrl(request),
        });
        await deps.runEffects(effects);
        const { urn, ...rest } = a;
        return { [`${p}_urn`]: urn, ...rest } as unknown as z.infer<typeof answer>;
      },
    );
  }
};

/** The log screens (search, count, export for all twelve), a call's details, the /fabric summary. */
export const fabricReadRoutes: FastifyPluginAsyncZod<FabricRouteDeps> = async (app, deps) => {
  // The KYC call logs need fabric.read.
  defaultPermission(app, 'fabric.read');
  const p = deps.config.PROVIDER;

  for (const slug of FABRIC_PRODUCTS) {
    registerList(app, deps.db, p, {
      list: FABRIC_LISTS[slug],
      tag: 'fabric',
      noun: `${FABRIC_TITLES[slug]} calls of the caller's client (by API key or dashboard)`,
      row: FabricCall,
      fetch: (db, scope) => listFabricCalls(db, slug, scope),
      count: (db, scope) => countFabricCalls(db, slug, scope),
    });
  }

  app.get(
    `/${p}/read/fetch/fabric/summary`,
    {
      schema: {
        tags: ['fabric'],
        summary: 'Today (in time_zone) per product, and the credits left',
        description:
          "The /fabric home: today's calls of each product by status with the credits they used, and the client's credits left. Today is in `time_zone` (default Asia/Kolkata; an unknown zone is a 400).",
        querystring: z.object({ time_zone: z.string().max(64).optional() }),
        response: { 200: FabricSummary },
      },
    },
    async (request) => {
      const { clientRef } = authOf(request);
      const timeZone = checkTimeZone(request.query.time_zone || DEFAULT_TIME_ZONE);
      const since = startOfDay(dayIn(timeZone), timeZone);
      return fabricSummary(deps.db, clientRef, since, await creditBalance(deps.db, clientRef));
    },
  );

  app.get(
    `/${p}/read/fetch/fabric/:slug/:urn`,
    {
      schema: {
        tags: ['fabric'],
        summary: "A call's details: its row, masked request and response",
        description:
          "One of the caller's fabric calls with its request and response as logged: identifiers masked (Aadhaar, PAN, mobile, e-mail) and images reduced to type, size and SHA-256. A urn of another client or product is a 404.",
        params: z.object({ slug: FabricProductSlug, urn: z.string().min(1).max(64) }),
        response: { 200: FabricCallDetails },
      },
    },
    async (request) =>
      fabricCallDetails(deps.db, authOf(request).clientRef, request.params.slug, request.params.urn),
  );
};

/** The pages a person opens from a call's answer (digilocker's consent), public: the urn is the capability. */
export const fabricHostedRoutes: FastifyPluginAsyncZod<FabricRouteDeps> = async (app, deps) => {
  // Hidden hosted pages: the link is the capability.
  defaultPermission(app, 'public');
  if (!deps.registry.get('kyc-digilocker')) return;
  await app.register(digilockerHostedRoutes, {
    db: deps.db,
    provider: deps.config.PROVIDER,
    loadCall: async (db, urn) => {
      const row = await hostedCallByUrn(db, urn);
      return row
        ? {
            clientRef: row.clientRef,
            urn: row.urn,
            product: row.product,
            status: row.status,
            resultCode: row.resultCode,
            state: row.state ?? {},
          }
        : null;
    },
    completeCall: async (db, args) => {
      const { effects } = await completeCall(db, args);
      await deps.runEffects(effects);
    },
  });
};
