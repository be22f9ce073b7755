import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type Server as HttpServer,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig, type Config } from '../src/config/config.ts';
import { loadKeys } from '../src/config/keys.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import type { EmailMessage, EmailSender, SmsMessage, SmsSender } from '../src/notify/senders.ts';
import { createServer, type Server, type ServerOverrides } from '../src/server.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { TEST_KEYS_DIR } from './global-setup.ts';

export { DEMO_PASSWORD };

let pgliteDump: Uint8Array<ArrayBuffer> | undefined;

/**
 * A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database when DATABASE_URL is set;
 * migrated with the migrations of `migrationsFolder` (default: all of them, copied from the run's migrated
 * template that global-setup.ts builds).
 */
export async function freshDatabase(
  opts: { migrationsFolder?: string } = {},
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  const template = opts.migrationsFolder ? {} : inject('databaseTemplate');
  if (!base) {
    if (template.pgliteDump) pgliteDump ??= new Uint8Array(readFileSync(template.pgliteDump));
    const dump = template.pgliteDump && pgliteDump ? { pgliteDump: new Blob([pgliteDump]) } : {};
    return {
      handle: await openDatabase({ dataDir: null, ...opts, ...dump }),
      drop: async () => {},
    };
  }
  const name = `meridian_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE ${name}${template.postgresDatabase ? ` TEMPLATE ${template.postgresDatabase}` : ''}`,
  );
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: null, ...opts });
  return {
    handle,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type Outbox = { sms: SmsMessage[]; email: EmailMessage[] };

/** One answer of the server to a request for a route: what the OpenAPI document must declare (openapi-answers.ts). */
export type Answer = { method: string; route: string; status: number; contentType: string | null };

export type TestServer = Server & {
  config: Config;
  outbox: Outbox;
  logs: string[];
  /** Every answer given to a request that matched a route, in order (from the "request completed" log lines). */
  answers: Answer[];
  /** The newest code sent by SMS to `phone`. */
  lastOtp(phone: string): string;
  lastEmail(to: string): EmailMessage;
};

/**
 * The log's view of an answer (its "request completed" line): the status, the content type and the route, by
 * which the tests hold the answers to the OpenAPI document.
 */
function answerOf(
  reply: Partial<FastifyReply> & Pick<FastifyReply, 'statusCode'>,
): Partial<Answer> & { statusCode: number } {
  const type = reply.getHeader?.('content-type');
  const route = reply.routeOptions?.url;
  return {
    statusCode: reply.statusCode,
    status: reply.statusCode,
    ...(reply.request ? { method: reply.request.method } : {}),
    ...(route ? { route } : {}),
    contentType: typeof type === 'string' ? type : null,
  };
}

/** Starts the real server (real routes, demo seed unless SEED_DEMO=false) on `handle`. */
async function startServer(
  handle: DatabaseHandle,
  env: Record<string, string>,
  extra: Pick<ServerOverrides, 'fabricProducts'> = {},
): Promise<TestServer> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'meridian-test-')),
    JOBS: 'off',
    LOG_LEVEL: 'info',
    SEED_DEMO_FLOW: 'false',
    SEED_DEMO_APPROVALS: 'false',
    ...env,
  });
  const outbox: Outbox = { sms: [], email: [] };
  const sms: SmsSender = { name: 'test', send: async (m) => (outbox.sms.push(m), { id: null }) };
  const email: EmailSender = { name: 'test', send: async (m) => (outbox.email.push(m), { id: null }) };
  const logs: string[] = [];
  const answers: Answer[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      const line = String(chunk);
      logs.push(line);
      if (line.includes('"request completed"')) {
        const answer = (JSON.parse(line) as { res?: Partial<Answer> }).res;
        if (answer?.route && answer.method && answer.status)
          answers.push({
            method: answer.method,
            route: answer.route,
            status: answer.status,
            contentType: answer.contentType ?? null,
          });
      }
      cb();
    },
  });
  const server = await createServer(config, {
    handle,
    keys: loadKeys({
      DATA_DIR: TEST_KEYS_DIR,
      AUTH_RSA_PRIVATE_KEY: undefined,
      AUTH_JWT_PRIVATE_KEY: undefined,
    }),
    sms,
    email,
    webDist: null,
    logger: { level: 'info', stream, serializers: { res: answerOf } },
    ...extra,
  });
  // The tests start with the job queue running (its workers, `server.boss`).
  await server.jobs;
  return Object.assign(server, {
    config,
    outbox,
    logs,
    answers,
    lastOtp(phone: string) {
      const msg = outbox.sms.filter((m) => m.to === phone).at(-1);
      const code = msg?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code sent to ${phone}`);
      return code;
    },
    lastEmail(to: string) {
      const msg = outbox.email.filter((m) => m.to === to).at(-1);
      if (!msg) throw new Error(`no e-mail sent to ${to}`);
      return msg;
    },
  });
}

/**
 * Starts the real server (real routes, real database, demo seed) for one test file. Requests go through
 * fastify's `inject`, which runs the whole HTTP pipeline without a socket. `database` prepares the database
 * before the server starts on it (e.g. from an older migration state with rows in it).
 */
export function useServer(
  env: Record<string, string> = {},
  database: { migrationsFolder?: string; prepare?: (handle: DatabaseHandle) => Promise<void> } = {},
  /** Server options besides the environment (fabric tests register their own products). */
  overrides: Pick<ServerOverrides, 'fabricProducts'> = {},
): { current: TestServer } {
  const ref = {} as { current: TestServer };
  let drop = async () => {};
  beforeAll(async () => {
    const db = await freshDatabase({ migrationsFolder: database.migrationsFolder });
    drop = db.drop;
    await database.prepare?.(db.handle);
    ref.current = await startServer(db.handle, env, overrides);
  });
  afterAll(async () => {
    await ref.current?.close();
    await drop();
  });
  return ref;
}

/**
 * Two server instances on one database, like two API processes behind a load balancer. On PostgreSQL each has
 * its own connections (pool and session listener); on PGlite they share the one embedded connection (the
 * single-process case), each with its own session cache. `a` seeds the demo data.
 */
export function useServerPair(
  env: Record<string, string> = {},
  overrides: Pick<ServerOverrides, 'fabricProducts'> = {},
): { a: TestServer; b: TestServer } {
  const ref = {} as { a: TestServer; b: TestServer };
  let drop = async () => {};
  beforeAll(async () => {
    const db = await freshDatabase();
    drop = db.drop;
    ref.a = await startServer(db.handle, env, overrides);
    const second = db.handle.url
      ? await openDatabase({ url: db.handle.url, dataDir: null })
      : { ...db.handle, close: async () => {} };
    ref.b = await startServer(second, { ...env, SEED_DEMO: 'false' }, overrides);
  });
  afterAll(async () => {
    await ref.b?.close();
    await ref.a?.close();
    await drop();
  });
  return ref;
}

let publicKeyPem: string | undefined;
/** Encrypts like the browser does: RSA-OAEP with SHA-256, base64. */
export function encryptPassword(password: string): string {
  publicKeyPem ??= loadKeys({
    DATA_DIR: TEST_KEYS_DIR,
    AUTH_RSA_PRIVATE_KEY: undefined,
    AUTH_JWT_PRIVATE_KEY: undefined,
  }).passwordPublicPem;
  return publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
}

type Json = Record<string, unknown>;
export type Reply = { status: number; body: Json; headers: Record<string, unknown> };

export async function call(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: {
    body?: unknown;
    token?: string;
    clientId?: string;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.clientId) headers.client_id = opts.clientId;
  const res = await server.app.inject({
    method,
    url,
    headers,
    ...(opts.body !== undefined ? { payload: opts.body as Json } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  let body: Json = {};
  try {
    body = res.body ? (JSON.parse(res.body) as Json) : {};
  } catch {
    body = { raw: res.body };
  }
  return { status: res.statusCode, body, headers: res.headers };
}

export const signIn = (server: TestServer, email: string, password = DEMO_PASSWORD, ip?: string) =>
  call(server, 'POST', '/v2/auth/token', {
    body: { grant_type: 'user_credentials', email, encrypted_password: encryptPassword(password) },
    ...(ip ? { ip } : {}),
  });

/** Signs in a user without MFA and answers the token set. */
export async function tokensFor(server: TestServer, email: string) {
  const res = await signIn(server, email);
  if (res.status !== 200 || typeof res.body.access_token !== 'string')
    throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body as { access_token: string; refresh_token: string; client_id: string; scope: string };
}

/** Gets a step-up token for a signed-in user without a second factor (their password, as the dashboard sends it). */
export async function stepUpWithPassword(
  server: TestServer,
  tokens: { access_token: string; client_id: string },
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await call(server, 'POST', '/v2/auth/step-up', {
    token: tokens.access_token,
    clientId: tokens.client_id,
    body: { encrypted_password: encryptPassword(password) },
  });
  if (res.status !== 200 || typeof res.body.step_up_token !== 'string')
    throw new Error(`step-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.step_up_token;
}

type SessionTokens = { access_token: string; refresh_token: string; client_id: string; scope: string };

/**
 * A signed-in user's calls: each carries the token set's access token and client_id. A money movement answered
 * 401 `step_up_required` is stepped up (`stepUpWith`; by default the password, as the dashboard's dialog does
 * for a member without a second factor) and sent again with `X-Step-Up-Token`; the token then goes with the
 * session's later calls until it is 4 minutes old (it lasts 5). `stepUp: false` sends no token and answers the
 * 401. `stepUpToken()` answers the session's token for calls made without `call` (multipart injections).
 */
export function asSession(
  server: TestServer,
  tokens: SessionTokens,
  stepUpWith: () => Promise<string> = () => stepUpWithPassword(server, tokens),
) {
  let held: { token: Promise<string>; at: number } | null = null;
  const stepUpToken = (fresh = false): Promise<string> => {
    if (fresh || !held || Date.now() - held.at > 240_000) held = { token: stepUpWith(), at: Date.now() };
    return held.token;
  };
  const as = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: Parameters<typeof call>[3] & { stepUp?: false } = {},
  ): Promise<Reply> => {
    const { stepUp, ...rest } = opts;
    const send = (stepUpHeader: string | null) =>
      call(server, method, url, {
        ...rest,
        ...(stepUpHeader ? { headers: { ...rest.headers, 'x-step-up-token': stepUpHeader } } : {}),
        token: tokens.access_token,
        clientId: tokens.client_id,
      });
    if (stepUp === false) return send(null);
    const sent = held?.token ?? null;
    const res = await send(sent ? await stepUpToken() : null);
    if (res.status !== 401 || res.body.error !== 'step_up_required') return res;
    // Parallel calls share one new token: only a call that sent the held one asks for another.
    return send(await stepUpToken(held === null || held.token === sent));
  };
  return { ...tokens, call: as, stepUpToken: () => stepUpToken() };
}

/** A signed-in user without a second factor (see `asSession`). */
export async function clientSession(server: TestServer, email: string) {
  return asSession(server, await tokensFor(server, email));
}
export type ClientSession = Awaited<ReturnType<typeof clientSession>>;

/** A message a test's webhook endpoint received: the Standard Webhooks headers are under `headers`. */
export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string; id: string };

/**
 * A client's webhook endpoint for one test file, on 127.0.0.1: answers 200 `{"ok":true}`, or 503 under `/fail`;
 * keeps every message received. `base` is set once it listens (in `beforeAll`).
 */
export function useWebhookReceiver() {
  const state = { base: '', received: [] as ReceivedWebhook[] };
  let receiver: HttpServer;
  beforeAll(async () => {
    receiver = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        state.received.push({ path: req.url ?? '', headers: req.headers, body, id });
        if (req.url?.startsWith('/fail')) res.writeHead(503).end('down for maintenance');
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    state.base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  return state;
}

/** Polls `what` every 200 ms until it answers something; throws after `ms`. */
export async function until<T>(what: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
