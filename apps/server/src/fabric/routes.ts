import { PassThrough } from 'node:stream';
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
  type FabricEvent,
} from '@meridian/contract/fabric';
import { z } from 'zod';
import { authOf, callerOf, defaultPermission } from '../auth/guard.ts';
import { creditBalance } from '../credits/credits.ts';
import { AppError } from '../http/errors.ts';
import type { RouteDeps } from '../http/route-deps.ts';
import { FILE_TYPES } from '../http/openapi.ts';
import { checkTimeZone, dayIn, DEFAULT_TIME_ZONE, startOfDay } from '../lists/list-query.ts';
import { registerList } from '../lists/register-list.ts';
import type { FabricEventHub } from './events.ts';
import { hostedCallByUrn } from './calls.ts';
import { callProduct, completeCall } from './pipeline.ts';
import { digilockerHostedRoutes } from './products/kyc-digilocker-hosted.ts';
import type { FabricProduct } from './product.ts';
import {
  countFabricCalls,
  fabricCallDetails,
  fabricEventsAfter,
  fabricSummary,
  latestFabricEventId,
  listFabricCalls,
} from './queries.ts';
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

const StreamQuery = z.object({
  /** EventSource cannot send headers: the access token and client id may come as query parameters here. */
  access_token: z.string().min(1).max(4096).optional(),
  client_id: z.string().min(1).max(64).optional(),
  /** Where to resume when the Last-Event-ID header cannot be sent (a new EventSource). */
  last_event_id: z
    .string()
    .regex(/^\d{1,15}$/, 'An event id is a whole number')
    .optional(),
});

const HEARTBEAT_MS = 15_000;

/**
 * `GET /{provider}/read/stream/fabric/events`: Server-Sent Events of the signed-in client's calls. Each event is
 * `id: <event id>` and `data: <FabricEvent JSON>` (no `event:` field, so `onmessage` receives them all); a
 * comment line every 15 s keeps proxies from closing it. Resumes after `Last-Event-ID` (or `last_event_id`)
 * from the database; without one it starts with the next event. Needs `Accept: text/event-stream` (406
 * otherwise: a JSON client gets an answer instead of a stream that never ends).
 *
 * Authentication is the dashboard session. The browser's EventSource cannot set headers, so on this route only
 * the access token and client id may also be sent as query parameters `access_token` and `client_id`. Query
 * strings are never logged (docs/operating/settings.md: LOG_FORMAT), and the token is short-lived. The session is checked
 * again at every heartbeat: the stream ends after a logout or when its token expires (the page then opens a new
 * one with its current token, resuming with `last_event_id`).
 */
export const fabricStreamRoutes: FastifyPluginAsyncZod<FabricRouteDeps> = async (app, deps) => {
  // The KYC call event stream needs fabric.read.
  defaultPermission(app, 'fabric.read');
  // Before the session check (auth/guard.ts `authenticateSecuredRoutes`, this route's own onRequest hook, which
  // runs after this plugin's): a token sent as a query parameter becomes the Authorization header.
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown>;
    if (
      !request.headers.authorization &&
      typeof query['access_token'] === 'string' &&
      query['access_token']
    ) {
      const clientId = query['client_id'];
      // Fastify's `headers` setter adds these to the request's headers (the raw request is left as it came).
      request.headers = {
        authorization: `Bearer ${query['access_token']}`,
        ...(typeof clientId === 'string' && clientId && !request.headers['client_id']
          ? { client_id: clientId }
          : {}),
      };
    }
  });
  app.get(
    `/${deps.config.PROVIDER}/read/stream/fabric/events`,
    {
      config: { openapi: { errors: [406], files: [FILE_TYPES.eventStream] } },
      schema: {
        tags: ['fabric'],
        summary: 'Server-Sent Events of your calls as they happen (Accept: text/event-stream)',
        description:
          "A stream of the client's fabric calls as they happen, resumable with `Last-Event-ID` (or `last_event_id`), with a heartbeat every 15 s. Without `Accept: text/event-stream` it is a 406. EventSource cannot send headers, so `access_token` and `client_id` may come as query parameters; the stream ends after a logout or when the token expires.",
        querystring: StreamQuery,
        headers: z.object({ 'last-event-id': z.string().max(32).optional() }),
      },
    },
    async (request, reply) => {
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? ''))
        throw new AppError(
          406,
          'not_acceptable',
          'This is a Server-Sent Events stream: send Accept: text/event-stream',
        );
      const { clientRef } = authOf(request);
      const resume = request.headers['last-event-id'] ?? request.query.last_event_id;
      if (resume !== undefined && !/^\d{1,15}$/.test(resume))
        throw new AppError(400, 'validation_failed', 'Last-Event-ID is a whole number', {
          fields: { 'last-event-id': 'is not an event id' },
        });
      let lastId = resume !== undefined ? Number(resume) : await latestFabricEventId(deps.db, clientRef);

      const stream = new PassThrough();
      let open = true;
      let busy = false;
      let again = false;
      const send = (e: FabricEvent) => stream.write(`id: ${e.id}\ndata: ${JSON.stringify(e)}\n\n`);
      const pump = async () => {
        if (busy) {
          again = true;
          return;
        }
        busy = true;
        try {
          do {
            again = false;
            for (;;) {
              if (!open) return;
              const events = await fabricEventsAfter(deps.db, clientRef, lastId);
              for (const e of events) {
                send(e);
                lastId = Number(e.id);
              }
              if (events.length < 100) break;
            }
          } while (again && open);
        } catch (err) {
          request.log.warn({ err }, 'fabric event stream: reading events failed');
        } finally {
          busy = false;
        }
      };
      const unsubscribe = deps.events.subscribe(clientRef, () => void pump());
      // Each heartbeat checks the session again (through the guard's cache: no database read while cached):
      // a stream ends within HEARTBEAT_MS of a logout, a revocation or its token's expiry.
      const heartbeat = setInterval(() => {
        deps.requireAuth(request, reply).then(
          () => stream.write(': ping\n\n'),
          () => end(),
        );
      }, HEARTBEAT_MS);
      heartbeat.unref();
      const end = (shutdown = false) => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        untrack();
        stream.end();
        // On shutdown the connection is cut: an idle keep-alive connection would hold the server's close for
        // its keep-alive timeout. The browser reconnects (to another process) and resumes by Last-Event-ID.
        if (shutdown) {
          reply.raw.destroy();
          request.raw.socket?.destroy();
        }
      };
      const untrack = deps.events.track(() => end(true));
      reply.raw.on('close', () => end());

      stream.write('retry: 3000\n\n');
      void pump();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // The connection ends with the stream (never kept idle, which would hold the server's close).
          .header('connection', 'close')
          .send(stream)
      );
    },
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
