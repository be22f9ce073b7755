import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import {
  BUILT_IN_ROLES,
  CLIENT_ROLE_KEYS,
  PERMISSION_KEYS,
  type BuiltInRole,
  type Permission,
} from '@meridian/contract/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { authenticateSecuredRoutes, defaultPermission } from '../src/auth/guard.ts';
import { auditLog, clients, users } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';
import { call, clientSession, tokensFor, useServer, type ClientSession, type Reply } from './helpers.ts';

/**
 * Every operation requires a permission: the document names one on each operation (`x-permission`, from the
 * catalogue or `self`/`public`) with the security it implies; a route without one stops the server from starting;
 * and the one guard answers each built-in role (a member's session or an API key of that role) as the catalogue
 * says: 403 `permission_denied` exactly when the role lacks the operation's permission.
 */
const server = useServer();

type Operation = {
  'x-permission'?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };
type Op = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; op: Operation };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const PSEUDO = ['self', 'public'];
let ops: Op[] = [];
let acmeRef: number;

const isCatalogue = (p: string | undefined): p is Permission =>
  p !== undefined && (PERMISSION_KEYS as string[]).includes(p);
const schemes = (op: Operation) => (op.security ?? []).flatMap((s) => Object.keys(s)).sort();
/** A catalogue operation that only a member's session may use (`config.sessionOnly`): bearer auth only. */
const sessionOnly = (op: Operation) => schemes(op).join() === 'bearerAuth';
/** The path with each parameter filled with a dummy value: the permission is checked before the record is read. */
const urlOf = ({ path }: Op) => path.replace(/\{[^}]+\}/g, 'H1-DUMMY-0');
const label = ({ method, path }: Op) => `${method} ${path}`;

beforeAll(async () => {
  const res = await server.current.app.inject({ method: 'GET', url: '/docs/json' });
  const doc = res.json<Doc>();
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({
      method: m.toUpperCase() as Op['method'],
      path,
      op: item[m]!,
    })),
  );
  const [acme] = await server.current.handle.db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.clientId, (await tokensFor(server.current, 'admin@acme.test')).client_id));
  acmeRef = acme!.id;
});

/** A member of Acme with `role`, made in the database (the demo password's hash), signed in through the API. */
async function memberWith(role: string): Promise<ClientSession> {
  const [admin] = await server.current.handle.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, 'admin@acme.test'));
  const email = `h1-${role}-${Math.random().toString(36).slice(2, 8)}@acme.test`;
  await server.current.handle.db.insert(users).values({
    publicId: newId('usr_'),
    clientRef: acmeRef,
    email,
    name: `Matrix ${role}`,
    passwordHash: admin!.passwordHash,
    role,
  });
  return clientSession(server.current, email);
}

const basic = (key: { key_id: string; key_secret: string }) =>
  `Basic ${Buffer.from(`${key.key_id}:${key.key_secret}`).toString('base64')}`;

async function keyWith(owner: ClientSession, role: string): Promise<string> {
  const res = await owner.call('POST', '/v2/company/api_keys', { body: { name: `matrix ${role}`, role } });
  expect([res.status, res.body.role]).toEqual([201, role]);
  return basic(res.body as { key_id: string; key_secret: string });
}

/** A minimal request: dummy path parameters, no body (the guard answers before the input is read). */
const minimal = (op: Op, headers: Record<string, string>): Promise<Reply> =>
  call(server.current, op.method, urlOf(op), { headers });

const denied = (res: Reply) => res.status === 403 && res.body.error === 'permission_denied';

describe('the OpenAPI document', () => {
  it('names a permission on every operation, from the catalogue or self/public', () => {
    expect(ops.length).toBeGreaterThan(150);
    const wrong = ops
      .filter(({ op }) => !isCatalogue(op['x-permission']) && !PSEUDO.includes(op['x-permission'] ?? ''))
      .map((o) => `${label(o)}: ${o.op['x-permission']}`);
    expect(wrong).toEqual([]);
    // every catalogue permission but the ones no operation needs yet is used somewhere
    const used = new Set(ops.map(({ op }) => op['x-permission']));
    for (const p of [
      'flow.read',
      'payouts.create',
      'accounts.read',
      'api_keys.manage',
      'ops.credits',
      'ops.companies',
      'test_data.delete',
    ])
      expect(used.has(p)).toBe(true);
  });

  it('derives security from the permission: public none, self a session, the catalogue an API key or a session', () => {
    const wrong: string[] = [];
    for (const o of ops) {
      const permission = o.op['x-permission'];
      const got = schemes(o.op).join();
      const expected =
        permission === 'public'
          ? ['']
          : permission === 'self'
            ? ['bearerAuth']
            : // a sessionOnly operation (team, approval decisions) is bearer only
              ['apiKeyAuth,bearerAuth', 'bearerAuth'];
      if (!expected.includes(got)) wrong.push(`${label(o)} (${permission}): ${got || 'none'}`);
    }
    expect(wrong).toEqual([]);
    // sign-in is public; one's own profile a session; a payout an API key or a session
    const find = (method: string, path: string) =>
      ops.find((o) => o.method === method && o.path === path)!.op;
    expect(schemes(find('POST', '/v2/auth/token'))).toEqual([]);
    expect(schemes(find('GET', '/v2/user/details'))).toEqual(['bearerAuth']);
    expect(schemes(find('POST', '/core_banking/money_transfer/initiate'))).toEqual([
      'apiKeyAuth',
      'bearerAuth',
    ]);
  });

  it('asks what the catalogue documents of the main operations', () => {
    const permissionOf = (method: string, path: string) =>
      ops.find((o) => o.method === method && o.path === path)?.op['x-permission'];
    const expected: Array<[string, string, string]> = [
      ['POST', '/core_banking/money_transfer/initiate', 'payouts.create'],
      ['GET', '/meridian/read/search/transaction/payouts', 'flow.read'],
      ['POST', '/core_banking/money_transfer/validate_account', 'validations.create'],
      ['POST', '/v2/banking/beneficiary', 'beneficiaries.manage'],
      ['POST', '/meridian/bulk/validate', 'bulk.create'],
      ['GET', '/meridian/bulk/template.csv', 'flow.read'],
      ['POST', '/v2/mandates', 'mandates.manage'],
      ['POST', '/v2/payments/links', 'links.manage'],
      ['POST', '/v2/banking/account/virtual', 'virtual_accounts.manage'],
      ['GET', '/meridian/read/fetch/balance', 'accounts.read'],
      ['POST', '/meridian/operations/settlement/account', 'settlements.manage'],
      ['GET', '/meridian/read/search/fabric/text-match', 'fabric.read'],
      ['POST', '/v2/fabric/text-match', 'fabric.call'],
      ['POST', '/meridian/reports/generate', 'reports.generate'],
      ['GET', '/meridian/read/reports/history', 'reports.read'],
      ['GET', '/v2/company/callback', 'callbacks.read'],
      ['POST', '/v2/company/callback/replays', 'callbacks.manage'],
      ['POST', '/v2/company/api_keys', 'api_keys.manage'],
      ['GET', '/meridian/read/fetch/api_keys', 'api_keys.manage'],
      ['POST', '/v2/request_ip_whitelist', 'ip_allowlist.manage'],
      ['GET', '/meridian/read/search/audit_log', 'audit.read'],
      ['POST', '/v2/support/tickets', 'support.use'],
      ['POST', '/meridian/operations/credits/load', 'ops.credits'],
      ['PUT', '/meridian/operations/companies/{client_id}/live_mode', 'ops.companies'],
      ['DELETE', '/v2/company/test_data', 'test_data.delete'],
      ['GET', '/v2/company/modes', 'self'],
      ['GET', '/meridian/read/fetch/saved_views', 'self'],
      ['GET', '/v2/user/details', 'self'],
      ['POST', '/v2/auth/logout', 'self'],
      ['POST', '/v2/auth/token', 'public'],
    ];
    expect(expected.map(([m, p]) => [m, p, permissionOf(m, p)])).toEqual(expected);
    // the shell's feature flags stay reachable for every member role of a client
    const flags = permissionOf('GET', '/meridian/read/fetch/feature_flags') as Permission;
    for (const role of CLIENT_ROLE_KEYS)
      expect(BUILT_IN_ROLES[role].permissions as readonly string[], role).toContain(flags);
  });

  it('refuses to start a server with a documented route that names no permission', async () => {
    const guard = async () => {};
    const build = (annotate: boolean) => {
      const app = Fastify();
      authenticateSecuredRoutes(app, { requireAuth: guard, requireCaller: guard, requireStepUp: guard });
      app.register(async (plugin) => {
        if (annotate) defaultPermission(plugin, 'flow.read');
        plugin.get('/v2/unannotated', { schema: { summary: 'x' } }, async () => ({}));
        plugin.get('/hidden', { schema: { hide: true } }, async () => ({}));
      });
      return app;
    };
    await expect(build(false).ready()).rejects.toThrow(/GET\S* \/v2\/unannotated names no permission/);
    // a plugin's defaultPermission (its onRoute hook runs after the guard's) is enough; hidden routes need none
    const annotated = build(true);
    await expect(annotated.ready()).resolves.toBeDefined();
    await annotated.close();
  });
});

describe('the permission matrix', () => {
  const ROLES: readonly BuiltInRole[] = CLIENT_ROLE_KEYS;

  it('answers each built-in role 403 permission_denied exactly when it lacks the permission', async () => {
    const catalogue = ops.filter((o) => isCatalogue(o.op['x-permission']));
    expect(catalogue.length).toBeGreaterThan(100);
    const mismatches: string[] = [];
    for (const role of ROLES) {
      const member = await memberWith(role);
      const holds = new Set<string>(BUILT_IN_ROLES[role].permissions);
      for (const o of catalogue) {
        const permission = o.op['x-permission']!;
        const res = await minimal(o, {
          authorization: `Bearer ${member.access_token}`,
          client_id: member.client_id,
        });
        if (denied(res) !== !holds.has(permission))
          mismatches.push(`${role} ${label(o)} (${permission}): ${res.status} ${String(res.body.error)}`);
        if (denied(res)) expect(res.body.message).toContain(permission);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers API keys as their role, and refuses them session-only operations', async () => {
    const owner = await clientSession(server.current, 'admin@acme.test');
    const catalogue = ops.filter((o) => isCatalogue(o.op['x-permission']));
    const mismatches: string[] = [];
    for (const role of ['developer', 'finance_maker'] as const) {
      const authorization = await keyWith(owner, role);
      const holds = new Set<string>(BUILT_IN_ROLES[role].permissions);
      for (const o of catalogue) {
        const permission = o.op['x-permission']!;
        const res = await minimal(o, { authorization });
        if (sessionOnly(o.op)) {
          if (res.status !== 403 || denied(res))
            mismatches.push(
              `${role} key ${label(o)} (session only): ${res.status} ${String(res.body.error)}`,
            );
        } else if (denied(res) !== !holds.has(permission))
          mismatches.push(`${role} key ${label(o)} (${permission}): ${res.status} ${String(res.body.error)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('API keys with a role', () => {
  let owner: ClientSession;
  let account: string;
  const payout = (crn: string) => ({
    customer_reference_number: crn,
    beneficiary_code: 'H1-KEY-PAYEE',
    amount: '10.00',
    transfer_type: 'IMPS',
    purpose_message: 'Invoice',
    sender_account_number: account,
  });
  const initiate = (authorization: string, crn: string) =>
    call(server.current, 'POST', '/core_banking/money_transfer/initiate', {
      body: payout(crn),
      headers: { authorization, 'idempotency-key': `idem-${crn}` },
    });

  beforeAll(async () => {
    owner = await clientSession(server.current, 'admin@acme.test');
    const balance = await owner.call('GET', '/meridian/read/fetch/balance');
    account = (balance.body.data as { account_number: string }[])[0]!.account_number;
  });

  it('defaults to developer, lists and audits the role', async () => {
    const res = await owner.call('POST', '/v2/company/api_keys', { body: { name: 'no role given' } });
    expect([res.status, res.body.role]).toEqual([201, 'developer']);
    const listed = await owner.call('GET', '/meridian/read/fetch/api_keys');
    const row = (listed.body.data as { key_id: string; role: string }[]).find(
      (k) => k.key_id === res.body.key_id,
    );
    expect(row?.role).toBe('developer');
    const [audit] = await server.current.handle.db
      .select({ metadata: auditLog.metadata })
      .from(auditLog)
      .where(eq(auditLog.target, res.body.key_id as string));
    expect(audit?.metadata).toMatchObject({ role: 'developer' });
  });

  it('refuses a role unknown to the company (400) or granting more than the creator holds (403)', async () => {
    const unknown = await owner.call('POST', '/v2/company/api_keys', {
      body: { name: 'x', role: 'custom_nobody' },
    });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'validation_failed']);
    const ops = await owner.call('POST', '/v2/company/api_keys', {
      body: { name: 'x', role: 'meridian_ops' },
    });
    expect(ops.status).toBe(400);
    const developer = await memberWith('developer');
    const beyond = await developer.call('POST', '/v2/company/api_keys', {
      body: { name: 'x', role: 'finance_maker' },
    });
    expect([beyond.status, beyond.body.error]).toEqual([403, 'permission_denied']);
    expect(beyond.body.message).toMatch(/finance_maker role grants the payouts\.create permission/);
    const same = await developer.call('POST', '/v2/company/api_keys', {
      body: { name: 'x', role: 'viewer' },
    });
    expect([same.status, same.body.role]).toEqual([201, 'viewer']);
  });

  it('lets a finance_maker key pay through HTTP Basic and refuses a developer key', async () => {
    const maker = await keyWith(owner, 'finance_maker');
    const added = await call(server.current, 'POST', '/v2/banking/beneficiary', {
      headers: { authorization: maker },
      body: {
        beneficiary_code: 'H1-KEY-PAYEE',
        beneficiary_name: 'Kavya Menon',
        beneficiary_email: 'kavya@example.com',
        beneficiary_mobile: '+919812345678',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: account,
        beneficiary_account_number: '50100099887711',
        ifsc_code: 'hdfc0000001',
      },
    });
    expect(added.status).toBe(201);
    const paid = await initiate(maker, `H1-KEY-${Date.now()}`);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ beneficiary_code: 'H1-KEY-PAYEE', amount: '10.00' });

    const developer = await keyWith(owner, 'developer');
    const refused = await initiate(developer, `H1-DEV-${Date.now()}`);
    expect([refused.status, refused.body.error]).toEqual([403, 'permission_denied']);
    expect(refused.body.message).toContain('payouts.create');
  });

  it('lets a viewer key create nothing', async () => {
    const viewer = await keyWith(owner, 'viewer');
    const viewerHolds = new Set<string>(BUILT_IN_ROLES.viewer.permissions);
    const writes = ops.filter((o) => o.method !== 'GET' && isCatalogue(o.op['x-permission']));
    const allowed: string[] = [];
    for (const o of writes) {
      const res = await minimal(o, { authorization: viewer });
      expect(res.status, label(o)).not.toBe(201);
      if (!denied(res)) allowed.push(label(o));
      else expect(viewerHolds.has(o.op['x-permission']!)).toBe(false);
    }
    // the only writes a viewer key reaches: raising a support ticket, and session-only operations refused anyway
    expect(allowed.filter((l) => !sessionOnly(writes.find((o) => label(o) === l)!.op))).toEqual([
      'POST /v2/support/tickets',
    ]);
    const paid = await initiate(viewer, `H1-VIEW-${Date.now()}`);
    expect([paid.status, paid.body.error]).toEqual([403, 'permission_denied']);
  });
});
