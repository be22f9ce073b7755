import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CALLBACK_EVENT_TYPES } from '@meridian/contract';
// Registers the webhook payloads (zod schemas with ids) that the document's `webhooks` refer to.
import '@meridian/contract/webhooks';
import { API_DESCRIPTION } from './openapi-description.ts';
import { codeSamples } from './openapi-samples.ts';

/**
 * The OpenAPI 3.1 document of the whole API, derived in ONE place so that every route, including routes added
 * later in any domain, gets the same treatment without touching its file:
 *
 * - `operationId`: verb + noun in camelCase from the method and path (`operationIdFor`); a route may set its own
 *   `schema.operationId`. Unique across the document (a clash gets the method appended).
 * - `security`: the dashboard session (`bearerAuth`) unless the route says otherwise in `schema.security`
 *   (`PUBLIC` for the public ones, `API_KEY_OR_SESSION` for fabric's public endpoints). An API test checks the
 *   derivation against the server's real answers (no credentials: 401 exactly when secured).
 * - Error answers, all the one error shape (`#/components/schemas/Error`): 400 (validation) everywhere, 401 and
 *   403 when secured, 404 when the path or a required query parameter names a record (`…_urn`, `account_number`:
 *   one of another client is not found), 413 and 415 when there is a request body, 500 and 503 (the database out
 *   of reach for a moment) everywhere, and whatever
 *   the route adds in `config.openapi.errors` (404 for a record named in the body, 409/422 for idempotency and
 *   business rules, 429 for rate limits, 406, 410, 503…). An API test replays the server's real answers against
 *   the document (test/openapi-conformance.test.ts).
 * - Files: a route that answers a file says its media types in `config.openapi.files` (each a 200 content); an
 *   export (a GET with a `format` query parameter of file formats) answers the format's media type, or 202 with
 *   the urn of the report queued instead when it is too big to answer at once.
 * - `x-meridian-moves-money: true` on the operations whose route sets `config.openapi.movesMoney`.
 * - Step-up: an operation whose route sets `config.stepUp` is marked `x-meridian-step-up: true`, takes the
 *   `X-Step-Up-Token` header and says in its description when a session needs it (401 `step_up_required`).
 * - Tags, each described; `servers` from PUBLIC_URL; `info` with contact and licence; `webhooks`, one per
 *   callback event type, signed as Standard Webhooks; request samples in curl, Node and Python.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the OpenAPI document says about this route beyond its schema (http/openapi.ts). */
    openapi?: {
      /** Error statuses this route answers beyond the ones derived for every route (e.g. 409, 422, 429). */
      errors?: number[];
      /** The media types of the file this route answers with 200 (a download), e.g. `FILE_TYPES.csv`. */
      files?: readonly string[];
      /**
       * This route moves money (debits or credits a ledger account, or starts payouts or debits that will):
       * the document marks it `x-meridian-moves-money: true`, and the API test page asks for a confirmation
       * before sending it. An API test holds every route that reaches the ledger to this flag.
       */
      movesMoney?: true;
    };
  }
}

/** The extension that marks an operation moving money (from the route's `config.openapi.movesMoney`). */
export const MOVES_MONEY = 'x-meridian-moves-money';
/** The extension that marks an operation a dashboard session must step up for (the route's `config.stepUp`). */
export const STEP_UP = 'x-meridian-step-up';
const STEP_UP_PARAMETER = {
  in: 'header',
  name: 'X-Step-Up-Token',
  required: false,
  description:
    "A dashboard session's step-up token (`POST /v2/auth/step-up`, valid 300 s for that session). Required with a session; not sent with an API key.",
  schema: { type: 'string' },
};

/** `schema.security` of a public route: no credentials. */
export const PUBLIC: Array<Record<string, string[]>> = [];
/** `schema.security` of a dashboard route (the default). */
export const SESSION: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
/** `schema.security` of fabric's public endpoints: an API key (HTTP Basic `key_id:key_secret`) or a session. */
export const API_KEY_OR_SESSION: Array<Record<string, string[]>> = [{ apiKeyAuth: [] }, { bearerAuth: [] }];

/** The media types of the files the API answers (without parameters such as the charset). */
export const FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
  pdf: 'application/pdf',
  eventStream: 'text/event-stream',
} as const;

/** The schema of a file's content in the document. */
function fileSchema(type: string): Json {
  if (type === FILE_TYPES.json)
    return { type: 'array', description: 'The rows, one object each.', items: { type: 'object' } };
  if (type === FILE_TYPES.csv || type === FILE_TYPES.eventStream) return { type: 'string' };
  return { type: 'string', format: 'binary' };
}

/** The 200 of a route that answers a file (or a stream), one content per media type. */
function fileResponse(types: readonly string[]): Json {
  return {
    description:
      types.length > 1
        ? 'The file, in the media type of the format asked for (with a Content-Disposition file name).'
        : types[0] === FILE_TYPES.eventStream
          ? 'The stream of events.'
          : 'The file (with a Content-Disposition file name).',
    content: Object.fromEntries(types.map((t) => [t, { schema: fileSchema(t) }])),
  };
}

/** The 202 of an export too big to answer at once: the report queued instead. */
const QUEUED_EXPORT: Json = {
  description:
    'Too many rows to answer at once: the report of the same rows was queued (download it when READY).',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['report_urn', 'status'],
        properties: { report_urn: { type: 'string' }, status: { type: 'string', const: 'QUEUED' } },
      },
    },
  },
};

/** A query parameter that names the record an operation reads within (a list of one account's postings). */
const NAMES_A_RECORD = /(^|_)(urn|account_number)$/;

/** The tags, each described (a tag a route uses that is not here gets a generic description). */
const TAGS: Record<string, string> = {
  auth: 'Sign-in (encrypted password, SMS one-time code), sessions, sign-out and password reset.',
  user: 'The signed-in user: profile and preferences.',
  accounts: 'Balances, statements and account transactions of the client’s current and virtual accounts.',
  dropdowns: 'Small option lists the dashboard’s forms and filters offer.',
  beneficiaries: 'Beneficiaries that payouts are sent to (bank account + IFSC, or UPI id).',
  payouts:
    'Payouts on the (sandbox) banking rail: initiate with an Idempotency-Key, then follow their state.',
  validations:
    'Bank-account validation (penny drop) with the registered holder’s name and a name-match score.',
  callbacks: 'Callback URLs the client registers for events (Standard Webhooks; see the webhooks section).',
  events: 'Every event the product emitted for the client, with its callback deliveries; resend any of them.',
  settlements: 'Settlement accounts, cycles and their history (operations).',
  'virtual accounts': 'Virtual accounts that collect money for the client, and their credits.',
  sandbox: 'Sandbox helpers: simulate what a bank would do.',
  mandates: 'E-mandates: registrations with a hosted authorisation page, and presentations on the rail.',
  'payment links': 'Payment links with a public pay page, and UPI links.',
  bulk: 'Bulk payouts from a CSV or XLSX file: templates, row checks before submit, processing, line items, files.',
  'api keys': 'API keys for server-to-server calls (HTTP Basic `key_id:key_secret`).',
  credits: 'Prepaid credits that fabric’s products consume.',
  operations:
    'Internal operations on client companies, credits, meters and support tickets (needs the `ops` role).',
  fabric: 'KYC and identity products (fabric): calls with an API key or a session, their history and events.',
  search: 'The command palette’s global search across the client’s own records.',
  'ip allow-list':
    'The addresses and CIDR ranges the client’s API keys may call from (changes need the password).',
  'audit log': 'Who did what, when and from where in the client’s account (admins only).',
  support: 'Support tickets sent from the help centre, with the status Meridian operations give them.',
  'saved views': 'The signed-in user’s named filters of a list (its URL search parameters), private to them.',
  team: 'Members, invitations (and their public acceptance), role changes, deactivation and custom roles.',
};

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is not valid (the fields are named in `fields`).',
  401: 'No valid credentials (missing, expired or revoked).',
  402: 'Not enough prepaid credits to pay for the call (`Insufficient credits`).',
  403: 'Not allowed: the `client_id` header does not match the credentials, or a role or feature is missing.',
  404: 'Nothing with this identifier belongs to the client.',
  406: 'The `Accept` header does not allow what this endpoint answers.',
  409: 'Conflicts with the current state (or a request with the same Idempotency-Key is still in flight).',
  410: 'Gone: the file was kept for its time and has been deleted.',
  413: 'The body is too large.',
  415: 'The content type is not supported.',
  422: 'Well-formed but refused by a business rule (or the Idempotency-Key was used with another body).',
  429: 'Too many requests: wait for the `retry-after` seconds.',
  500: 'An error of ours (logged with the request id).',
  503: 'Temporarily unavailable (the database could not be reached for a moment, or a dependency is down): retry after `retry-after` seconds.',
};

const ACTION_VERBS = new Set([
  'pause',
  'resume',
  'cancel',
  'close',
  'reopen',
  'revoke',
  'invoke',
  'reattempt',
  'load',
  'unload',
  'initiate',
  'verify',
  'logout',
  'reset',
  'simulate',
  'presentations',
]);
/** Path segments that name the verb of a read (`/{provider}/read/search/…`). */
const READ_VERBS: Record<string, string> = {
  search: 'search',
  count: 'count',
  export: 'export',
  fetch: 'get',
  stream: 'stream',
};
/** Segments that carry no meaning in a name. */
const NOISE = new Set(['v2', 'read', 'core_banking', 'excalibur', 'money_transfer', 'banking', 'company']);

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const singular = (w: string) =>
  w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.endsWith('ss') || !w.endsWith('s') ? w : w.slice(0, -1);

/**
 * `GET /{provider}/read/search/transaction/payouts` → `searchTransactionPayouts`;
 * `GET /v2/mandates/{urn}` → `getMandateByUrn`; `POST /v2/mandates/{urn}/pause` → `pauseMandate`;
 * `POST /v2/mandates` → `createMandates`.
 */
export function operationIdFor(method: string, url: string, provider: string): string {
  const segments = url
    .split('/')
    .filter(Boolean)
    .filter((s, i) => !(i === 0 && s === provider) && !NOISE.has(s));
  const params = segments.filter((s) => s.startsWith('{') || s.startsWith(':'));
  const isParam = (s: string) => s.startsWith('{') || s.startsWith(':');
  let verb: string | undefined;
  const rest = [...segments];
  const readVerb = rest.findIndex((s) => s in READ_VERBS);
  if (readVerb >= 0 && method === 'GET') verb = READ_VERBS[rest.splice(readVerb, 1)[0]!];
  const last = rest.at(-1);
  if (!verb && method !== 'GET' && last && ACTION_VERBS.has(last)) {
    verb = last === 'presentations' ? 'present' : last;
    rest.pop();
  }
  verb ??=
    { GET: 'get', POST: 'create', PUT: 'replace', PATCH: 'update', DELETE: 'delete' }[method] ?? 'call';
  const nouns: string[] = [];
  rest.forEach((s, i) => {
    if (isParam(s)) return;
    const next = rest[i + 1];
    const ws = words(s);
    if (next && isParam(next) && ws.length) ws[ws.length - 1] = singular(ws.at(-1)!);
    nouns.push(...ws);
  });
  const trailingParam = segments.at(-1) && isParam(segments.at(-1)!) && method === 'GET';
  const by = trailingParam ? params.map((p) => `By${words(p).map(cap).join('')}`).join('') : '';
  return [verb, ...nouns.map(cap)].join('') + by;
}

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{
    in: string;
    name: string;
    required?: boolean;
    description?: string;
    schema?: { type?: string; enum?: unknown[] };
  }>;
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, Json>;
  'x-codeSamples'?: unknown;
  'x-meridian-errors'?: number[];
  'x-meridian-files'?: string[];
  'x-permission'?: string;
  [STEP_UP]?: boolean;
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Completes every operation of the document (see the module comment). Exported for the tests. */
export function completeDocument(doc: Json, opts: { provider: string }): Json {
  const paths = (doc['paths'] ?? {}) as Record<string, Record<string, Operation>>;
  const seen = new Set<string>();
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      let id = op.operationId ?? operationIdFor(method.toUpperCase(), path, opts.provider);
      if (seen.has(id)) id = `${id}${cap(method)}`;
      seen.add(id);
      op.operationId = id;
      const permission = op['x-permission'];
      // Who may call it follows from its permission: `public` no one signed in, `self` a member's own session,
      // any catalogue permission an API key or a session whose role holds it.
      op.security ??=
        permission === 'public'
          ? PUBLIC
          : permission === 'self' || permission === undefined
            ? SESSION
            : API_KEY_OR_SESSION;
      if (op.security.length === 0) op['x-permission'] = 'public';
      const secured = op.security.length > 0;
      if (permission && permission !== 'public' && permission !== 'self')
        op.description = [
          op.description,
          `Needs the \`${permission}\` permission: a member whose role holds it, or an API key made with such a role (403 \`permission_denied\` otherwise).`,
        ]
          .filter(Boolean)
          .join('\n\n');
      if (permission === 'self')
        op.description = [
          op.description,
          "A member's own setting: a dashboard session only, never an API key.",
        ]
          .filter(Boolean)
          .join('\n\n');
      if (op[STEP_UP]) {
        op.parameters = [...(op.parameters ?? []), STEP_UP_PARAMETER];
        op.description = [
          op.description,
          "A money movement: a dashboard session must send the `X-Step-Up-Token` header with a valid step-up token of that session (`POST /v2/auth/step-up`: the member's two-factor code, or the password without a second factor), else 401 `step_up_required`. API keys need no step-up: approval rules cover them.",
        ]
          .filter(Boolean)
          .join('\n\n');
      }
      const statuses = new Set([400, 500, 503, ...(op['x-meridian-errors'] ?? [])]);
      if (secured) [401, 403].forEach((s) => statuses.add(s));
      if (
        op.parameters?.some(
          (p) => p.in === 'path' || (p.in === 'query' && p.required && NAMES_A_RECORD.test(p.name)),
        )
      )
        statuses.add(404);
      // fastify refuses a body over the route's limit (413) or of a type the route does not parse (415)
      if (op.requestBody) [413, 415].forEach((s) => statuses.add(s));
      // Idempotent creation: a request still in flight is a 409, the same key with another body a 422.
      if (op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'))
        [409, 422].forEach((s) => statuses.add(s));
      op.responses ??= {};
      const format = op.parameters?.find((p) => p.in === 'query' && p.name === 'format')?.schema?.enum;
      const exported =
        method === 'get' && format?.length && format.every((f) => typeof f === 'string' && f in FILE_TYPES)
          ? format.map((f) => FILE_TYPES[f as keyof typeof FILE_TYPES])
          : undefined;
      const files = op['x-meridian-files'] ?? exported;
      if (files) op.responses['200'] = fileResponse(files);
      if (exported) op.responses['202'] ??= QUEUED_EXPORT;
      for (const status of [...statuses].sort()) {
        op.responses[String(status)] ??= { $ref: `#/components/responses/E${status}` };
      }
      delete op['x-meridian-errors'];
      delete op['x-meridian-files'];
      for (const t of op.tags ?? []) usedTags.add(t);
      op['x-codeSamples'] ??= codeSamples(method, path, op);
    }
  }
  shareQueryParameters(doc, paths);
  const allStatuses = new Set<number>();
  JSON.stringify(paths, (_k, v: unknown) => {
    if (typeof v === 'string') {
      const m = /^#\/components\/responses\/E(\d{3})$/.exec(v);
      if (m) allStatuses.add(Number(m[1]));
    }
    return v;
  });
  const components = (doc['components'] ?? {}) as Json;
  components['responses'] = Object.fromEntries(
    [...allStatuses].sort().map((s) => [
      `E${s}`,
      {
        description: ERROR_TEXT[s] ?? 'An error.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  doc['components'] = components;
  doc['tags'] = [...usedTags].sort().map((name) => ({
    name,
    description: TAGS[name] ?? `Endpoints of ${name}.`,
  }));
  doc['webhooks'] = webhooks();
  dropUnusedSchemas(doc);
  return doc;
}

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
      description: `${text}\n\nSent (POST, or PUT when so configured) to ${sentTo}, signed as Standard Webhooks. Answer any 2xx within 15 seconds; anything else is retried with exponential backoff.`,
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

function webhooks(): Json {
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

/**
 * Query and path parameters that many operations declare identically (the list filter: `start_date`,
 * `end_date`, `limit`, `offset`, `search_key`, `search_value`, `time_zone`…; the `urn` of a record) become
 * `#/components/parameters/<name>`, each defined once; a variant of the same name (another limit, another
 * description) stays inline.
 */
const SHARED_PARAMETER_MIN_USES = 3;
function shareQueryParameters(doc: Json, paths: Record<string, Record<string, Operation>>): void {
  const ops = Object.values(paths).flatMap((item) => METHODS.map((m) => item[m]).filter((op) => !!op));
  const uses = new Map<string, { name: string; count: number; param: unknown }>();
  for (const op of ops)
    for (const p of op.parameters ?? []) {
      if (p.in !== 'query' && p.in !== 'path') continue;
      const key = JSON.stringify(p);
      const use = uses.get(key) ?? { name: p.name, count: 0, param: p };
      use.count++;
      uses.set(key, use);
    }
  const chosen = new Map<string, string>(); // parameter JSON → component name
  for (const [key, use] of [...uses].sort((a, b) => b[1].count - a[1].count)) {
    if (use.count < SHARED_PARAMETER_MIN_USES || [...chosen.values()].includes(use.name)) continue;
    chosen.set(key, use.name);
  }
  if (!chosen.size) return;
  const components = (doc['components'] ?? {}) as Json;
  const shared = (components['parameters'] ?? {}) as Json;
  for (const [key, name] of [...chosen].sort((a, b) => a[1].localeCompare(b[1])))
    shared[name] = JSON.parse(key);
  components['parameters'] = shared;
  doc['components'] = components;
  for (const op of ops)
    op.parameters = op.parameters?.map((p) => {
      const name = chosen.get(JSON.stringify(p));
      return name ? ({ $ref: `#/components/parameters/${name}` } as never) : p;
    });
}

/** Both an input and an output component come out of each registered zod schema: keep the ones in use. */
function dropUnusedSchemas(doc: Json): void {
  const schemas = ((doc['components'] as Json | undefined)?.['schemas'] ?? {}) as Json;
  const refsIn = (value: unknown) => {
    const refs = new Set<string>();
    JSON.stringify(value, (k, v: unknown) => {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/'))
        refs.add(v.slice('#/components/schemas/'.length));
      return v;
    });
    return refs;
  };
  const { components, ...rest } = doc;
  const keep = new Set<string>();
  const queue = [...refsIn(rest), ...refsIn({ ...(components as Json), schemas: {} })];
  while (queue.length) {
    const name = queue.pop()!;
    if (keep.has(name)) continue;
    keep.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  for (const name of Object.keys(schemas)) if (!keep.has(name)) delete schemas[name];
}

/** Registers @fastify/swagger with the derivations above; `/docs/json` serves the document. */
export async function registerOpenApi(
  app: FastifyInstance,
  opts: { provider: string; publicUrl: string | undefined },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Meridian API',
        version: '2.0.0',
        description: API_DESCRIPTION,
        contact: {
          name: 'Meridian API support',
          email: 'api@meridian.example',
          url: 'https://meridian.example',
        },
        license: { name: 'Proprietary', url: 'https://meridian.example/terms' },
      },
      servers: [{ url: opts.publicUrl ?? 'http://localhost:3000', description: 'This Meridian server' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The dashboard session: the `access_token` from `POST /v2/auth/token` (or the one-time-code step), with the `client_id` header of its client.',
          },
          apiKeyAuth: {
            type: 'http',
            scheme: 'basic',
            description:
              'An API key as HTTP Basic: user `key_id`, password `key_secret` (`POST /v2/company/api_keys`).',
          },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const config = (
        input.route as {
          config?: {
            openapi?: { errors?: number[]; files?: readonly string[]; movesMoney?: true };
            permission?: string;
            sessionOnly?: true;
            stepUp?: true;
          };
        }
      ).config;
      const schema = out.schema as Record<string, unknown> | undefined;
      if (schema && !schema['hide'] && config?.permission) {
        schema['x-permission'] = config.permission;
        if (config.sessionOnly) schema['security'] ??= SESSION;
      }
      if (schema && !schema['hide'] && config?.stepUp) schema[STEP_UP] = true;
      if (schema && !schema['hide'] && config?.openapi) {
        if (config.openapi.errors) schema['x-meridian-errors'] = config.openapi.errors;
        if (config.openapi.files) schema['x-meridian-files'] = config.openapi.files;
        if (config.openapi.movesMoney) schema[MOVES_MONEY] = true;
      }
      return out;
    },
    transformObject: (input) => {
      const doc = jsonSchemaTransformObject(input) as unknown as Json;
      return completeDocument(doc, { provider: opts.provider }) as never;
    },
  });
}
