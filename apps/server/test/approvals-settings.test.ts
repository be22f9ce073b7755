import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { apiKeys, approvalRequests, auditLog } from '../src/db/schema.ts';
import { sha256 } from '../src/lib/ids.ts';
import {
  call,
  clientSession,
  encryptPassword,
  until,
  useServer,
  useWebhookReceiver,
  type ClientSession,
  type Reply,
} from './helpers.ts';

/*
 * Four eyes on security settings and beneficiaries: under an active rule of its action, a change answers 202
 * PENDING_APPROVAL and is not made; approved by another member with a role of the step it is made (audited as the
 * approver's on behalf of the maker); rejected it never is; nobody approves their own. The callback worker runs
 * for real, so a callback URL change is seen to take effect only once approved.
 */
const server = useServer({ JOBS: 'on', RAIL_TIME_SCALE: '0.0005' });
const endpoint = useWebhookReceiver();
const P = '/meridian';

let owner: ClientSession; // admin@acme.test: the maker of the settings changes (owner)
let maker: ClientSession; // maker@acme.test: Finance maker (beneficiaries)
let approver: ClientSession; // approver@acme.test: Finance approver
let sender = '';

/** The rule of `action`: one approval by a Finance approver or an owner (so the owner maker has a role of the step). */
const rule = (action: string) => ({
  name: `Four eyes on ${action}`,
  action,
  steps: [{ approvals: 1, roles: ['finance_approver', 'owner'] }],
});

const expectPending = (res: Reply): string => {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toMatchObject({ status: 'PENDING_APPROVAL' });
  expect(res.body.message).toEqual(expect.stringContaining(String(res.body.approval_urn)));
  return res.body.approval_urn as string;
};

const request = (who: ClientSession, urn: string) => who.call('GET', `${P}/read/fetch/approvals/${urn}`);
const approve = (who: ClientSession, urn: string) =>
  who.call('POST', `/v2/approvals/${encodeURIComponent(urn)}/approve`, { body: {} });
const reject = (who: ClientSession, urn: string, reason: string) =>
  who.call('POST', `/v2/approvals/${encodeURIComponent(urn)}/reject`, { body: { reason } });

/** The audit records of `action` on `target`. */
const audits = (action: string, target: string) =>
  server.current.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

const upiBeneficiary = (code: string, upi: string) => ({
  beneficiary_code: code,
  beneficiary_name: 'Kavya Menon',
  provider: 'Meridian Sandbox Bank',
  provider_code: 'MRDN',
  transfer_type: 'UPI',
  sender_account_number: sender,
  beneficiary_upi_id: upi,
});

const basic = (keyId: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`,
});

describe('four eyes on security settings and beneficiaries', () => {
  it('changes go ahead while no rule covers them; rules are made for each settings action', async () => {
    owner = await clientSession(server.current, 'admin@acme.test');
    maker = await clientSession(server.current, 'maker@acme.test');
    approver = await clientSession(server.current, 'approver@acme.test');
    sender = (
      (await owner.call('GET', `${P}/read/fetch/balance`)).body.data as { account_number: string }[]
    )[0]!.account_number;
    const free = await maker.call('POST', '/v2/banking/beneficiary', {
      body: upiBeneficiary('FREE-1', 'free1@okaxis'),
    });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    for (const action of ['beneficiary', 'api_key', 'callback', 'ip_allowlist', 'role_grant']) {
      const made = await owner.call('POST', '/v2/approval_rules', { body: rule(action) });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
  });

  it('a beneficiary added waits, the maker cannot approve it, and another member’s approval adds it', async () => {
    const held = await maker.call('POST', '/v2/banking/beneficiary', {
      body: upiBeneficiary('HELD-1', 'held1@okaxis'),
    });
    const urn = expectPending(held);
    expect((await maker.call('GET', `${P}/read/fetch/manage/beneficiary/HELD-1`)).status).toBe(404);

    const seen = await request(approver, urn);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      action: 'beneficiary',
      status: 'PENDING',
      source: 'dashboard',
      requested_by: 'maker@acme.test',
      resource_urn: 'HELD-1',
      can_decide: true,
      diff: {
        before: null,
        after: { beneficiary_code: 'HELD-1', beneficiary_upi_id: 'held1@okaxis', transfer_type: 'UPI' },
      },
    });

    const own = await approve(maker, urn);
    expect(own.status).toBe(403);
    expect((await maker.call('GET', `${P}/read/fetch/manage/beneficiary/HELD-1`)).status).toBe(404);

    const approved = await approve(approver, urn);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED' });
    const added = await maker.call('GET', `${P}/read/fetch/manage/beneficiary/HELD-1`);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ beneficiary_upi_id: 'held1@okaxis', status: 'ACTIVE' });
    // Made once approved, by the approver on the maker's behalf.
    const [record] = await audits('beneficiary.created', 'HELD-1');
    expect(record).toMatchObject({
      actor: 'approver@acme.test',
      metadata: expect.objectContaining({ on_behalf_of: 'maker@acme.test', approval_urn: urn }),
    });
    // Approving again does not add it twice.
    expect((await approve(approver, urn)).status).toBe(409);
  });

  it('a change of a beneficiary waits and, rejected, is never made; deactivating never waits', async () => {
    const held = await maker.call('PATCH', '/v2/banking/beneficiary/HELD-1', {
      body: { beneficiary_upi_id: 'thief@okaxis' },
    });
    const urn = expectPending(held);
    const seen = await request(approver, urn);
    expect(seen.body).toMatchObject({
      diff: {
        before: { beneficiary_upi_id: 'held1@okaxis' },
        after: { beneficiary_upi_id: 'thief@okaxis' },
      },
    });
    const rejected = await reject(approver, urn, 'Not our payee');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED' });
    const after = await maker.call('GET', `${P}/read/fetch/manage/beneficiary/HELD-1`);
    expect(after.body).toMatchObject({ beneficiary_upi_id: 'held1@okaxis' });
    expect((await approve(approver, urn)).status).toBe(409);

    const off = await maker.call('PATCH', '/v2/banking/beneficiary/HELD-1', { body: { status: 'INACTIVE' } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: 'INACTIVE' });
  });

  it('a change that could never be made is refused at once instead of waiting', async () => {
    const duplicate = await maker.call('POST', '/v2/banking/beneficiary', {
      body: upiBeneficiary('FREE-1', 'other@okaxis'),
    });
    expect(duplicate.status).toBe(409);
    const unknown = await maker.call('PATCH', '/v2/banking/beneficiary/NOPE-1', {
      body: { beneficiary_name: 'X Y' },
    });
    expect(unknown.status).toBe(404);
    const db = server.current.handle.db;
    const [{ n } = { n: -1 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(approvalRequests)
      .where(and(eq(approvalRequests.action, 'beneficiary'), eq(approvalRequests.status, 'PENDING')));
    expect(n).toBe(0);
  });

  it('an API key waits: its secret goes to the maker only and opens nothing until approved', async () => {
    const held = await owner.call('POST', '/v2/company/api_keys', { body: { name: 'Held key' } });
    const urn = expectPending(held);
    const keyId = held.body.key_id as string;
    const secret = held.body.key_secret as string;
    expect(secret).toMatch(/^mk_live_/);
    const probe = () =>
      call(server.current, 'GET', `${P}/read/fetch/dropdown/beneficiaries`, {
        headers: basic(keyId, secret),
      });
    expect((await probe()).status).toBe(401);

    // The approvers see the key's name and role, never its secret nor its hash.
    const seen = await request(approver, urn);
    expect(seen.body).toMatchObject({
      action: 'api_key',
      diff: { after: { key_id: keyId, name: 'Held key', role: 'developer' } },
    });
    expect(JSON.stringify(seen.body)).not.toContain(secret);
    expect(JSON.stringify(seen.body)).not.toContain(sha256(secret));

    expect((await approve(owner, urn)).status).toBe(403);
    expect((await approve(approver, urn)).body).toMatchObject({ status: 'APPROVED' });
    expect((await probe()).status).toBe(200);
    const [row] = await server.current.handle.db.select().from(apiKeys).where(eq(apiKeys.keyId, keyId));
    expect(row).toMatchObject({ createdBy: 'admin@acme.test', name: 'Held key' });
    const [record] = await audits('api_key.created', keyId);
    expect(record).toMatchObject({
      actor: 'approver@acme.test',
      metadata: expect.objectContaining({ on_behalf_of: 'admin@acme.test', approval_urn: urn }),
    });

    // Rejected: the key is never made.
    const other = await owner.call('POST', '/v2/company/api_keys', { body: { name: 'Rejected key' } });
    const otherUrn = expectPending(other);
    expect((await reject(approver, otherUrn, 'No new integrations')).body).toMatchObject({
      status: 'REJECTED',
    });
    const rejectedKey = await server.current.handle.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyId, other.body.key_id as string));
    expect(rejectedKey).toEqual([]);
  });

  it('a callback URL change takes effect only once approved: deliveries keep going to the old URL until then', async () => {
    // A new configuration waits too; its signing secret is in the maker's answer, and signs once approved.
    const created = await owner.call('POST', '/v2/company/callback', {
      body: { action: 'create', event_type: 'PAYOUT', url: `${endpoint.base}/old` },
    });
    const createUrn = expectPending(created);
    const secret = created.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(JSON.stringify((await request(approver, createUrn)).body)).not.toContain(secret);
    const done = await approve(approver, createUrn);
    expect(done.body).toMatchObject({ status: 'APPROVED' });
    const list = await owner.call('GET', '/v2/company/callback');
    const config = (list.body.data as { callback_id: string; url: string }[]).find(
      (c) => c.url === `${endpoint.base}/old`,
    );
    expect(config).toBeDefined();
    const id = config!.callback_id;

    const sendTest = async () => {
      const sent = await owner.call('POST', '/v2/company/callback/test', { body: { callback_id: id } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      const webhookId = sent.body.webhook_id as string;
      return until(async () => endpoint.received.find((r) => r.id === webhookId));
    };
    const first = await sendTest();
    expect(first.path).toBe('/old');
    expect(
      new Webhook(secret).verify(first.body, {
        'webhook-id': first.id,
        'webhook-timestamp': String(first.headers['webhook-timestamp']),
        'webhook-signature': String(first.headers['webhook-signature']),
      }),
    ).toMatchObject({ type: 'callback.test' });

    const moved = await owner.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: id, url: `${endpoint.base}/new` },
    });
    const urn = expectPending(moved);
    expect(moved.body.secret).toBeUndefined();
    expect((await request(approver, urn)).body).toMatchObject({
      resource_urn: id,
      diff: { before: { url: `${endpoint.base}/old` }, after: { url: `${endpoint.base}/new` } },
    });
    expect((await sendTest()).path).toBe('/old');
    expect((await approve(owner, urn)).status).toBe(403);
    expect((await sendTest()).path).toBe('/old');

    expect((await approve(approver, urn)).body).toMatchObject({ status: 'APPROVED' });
    expect((await sendTest()).path).toBe('/new');
    const [record] = await audits('callback.updated', id);
    expect(record).toMatchObject({
      actor: 'approver@acme.test',
      metadata: expect.objectContaining({ on_behalf_of: 'admin@acme.test', approval_urn: urn }),
    });

    // Rotating the secret alone changes where nothing goes: it does not wait.
    const rotated = await owner.call('POST', '/v2/company/callback', {
      body: { action: 'update', callback_id: id, rotate_secret: true },
    });
    expect(rotated.status).toBe(200);
  });

  it('an IP allow-list change waits; approved it applies to the next API-key call, rejected never', async () => {
    const password = encryptPassword('Meridian#Demo2026');
    const before = await owner.call('GET', `${P}/read/fetch/whitelisted_ips`);
    const held = await owner.call('POST', '/v2/request_ip_whitelist', {
      body: { action: 'add', ip: '198.51.100.7', label: 'Partner', encrypted_password: password },
    });
    const urn = expectPending(held);
    expect((await owner.call('GET', `${P}/read/fetch/whitelisted_ips`)).body.data).toEqual(before.body.data);
    const seen = await request(approver, urn);
    expect(seen.body).toMatchObject({ action: 'ip_allowlist', resource_urn: '198.51.100.7/32' });
    expect((seen.body.diff as { after: string[] }).after).toContain('198.51.100.7/32');
    expect(JSON.stringify(seen.body)).not.toContain(password);

    // An API-key call is checked against the list as it stood (cached) until the approval commits, then against
    // the new one: the partner's address gets in, any other is refused.
    const key = await owner.call('POST', '/v2/company/api_keys', { body: { name: 'Partner key' } });
    const keyUrn = expectPending(key);
    expect((await approve(approver, keyUrn)).body).toMatchObject({ status: 'APPROVED' });
    const from = (ip: string) =>
      call(server.current, 'GET', `${P}/read/fetch/dropdown/beneficiaries`, {
        headers: basic(key.body.key_id as string, key.body.key_secret as string),
        ip,
      });
    const enforced = before.body.enforced === true;
    expect((await from('198.51.100.7')).status).toBe(enforced ? 403 : 200);
    expect((await from('192.0.2.55')).status).toBe(enforced ? 403 : 200);

    expect((await approve(approver, urn)).body).toMatchObject({ status: 'APPROVED' });
    const list = (await owner.call('GET', `${P}/read/fetch/whitelisted_ips`)).body.data as {
      cidr: string;
      created_by: string;
    }[];
    expect(list.find((e) => e.cidr === '198.51.100.7/32')).toMatchObject({ created_by: 'admin@acme.test' });
    expect((await from('198.51.100.7')).status).toBe(200);
    expect((await from('192.0.2.55')).status).toBe(403);
    const [record] = await audits('ip_allowlist.added', '198.51.100.7/32');
    expect(record).toMatchObject({
      actor: 'approver@acme.test',
      metadata: expect.objectContaining({ on_behalf_of: 'admin@acme.test', approval_urn: urn }),
    });

    const removal = await owner.call('POST', '/v2/request_ip_whitelist', {
      body: { action: 'remove', ip: '198.51.100.7', encrypted_password: password },
    });
    const removalUrn = expectPending(removal);
    expect((await reject(approver, removalUrn, 'Partner still live')).body).toMatchObject({
      status: 'REJECTED',
    });
    const still = (await owner.call('GET', `${P}/read/fetch/whitelisted_ips`)).body.data as {
      cidr: string;
    }[];
    expect(still.map((e) => e.cidr)).toContain('198.51.100.7/32');
  });

  it('a role grant waits; approved the member’s next request has the new role; nobody approves their own', async () => {
    const team = await owner.call('GET', `${P}/read/fetch/team/members`);
    const members = team.body.members as { user_id: string; email: string; role: string }[];
    const viewerId = members.find((m) => m.email === 'viewer@acme.test')!.user_id;
    const approverId = members.find((m) => m.email === 'approver@acme.test')!.user_id;
    const viewer = await clientSession(server.current, 'viewer@acme.test');
    const roleOf = async (who: ClientSession) => (await who.call('GET', '/v2/user/details')).body.role;
    expect(await roleOf(viewer)).toBe('viewer');

    const held = await owner.call('PATCH', `/v2/team/members/${viewerId}`, { body: { role: 'developer' } });
    const urn = expectPending(held);
    expect(await roleOf(viewer)).toBe('viewer');
    expect((await request(approver, urn)).body).toMatchObject({
      action: 'role_grant',
      resource_urn: viewerId,
      diff: { before: { role: 'viewer' }, after: { role: 'developer' } },
    });
    expect((await approve(owner, urn)).status).toBe(403);
    expect((await approve(approver, urn)).body).toMatchObject({ status: 'APPROVED' });
    expect(await roleOf(viewer)).toBe('developer');
    const [record] = await audits('team.member_role_changed', viewerId);
    expect(record).toMatchObject({
      actor: 'approver@acme.test',
      metadata: expect.objectContaining({ on_behalf_of: 'admin@acme.test', approval_urn: urn }),
    });
    // The same role again changes nothing and does not wait.
    expect(
      (await owner.call('PATCH', `/v2/team/members/${viewerId}`, { body: { role: 'developer' } })).status,
    ).toBe(200);

    // A grant of the approver's own role: they may decide it, but it is not made (nobody changes their own role).
    const own = await owner.call('PATCH', `/v2/team/members/${approverId}`, { body: { role: 'admin' } });
    const ownUrn = expectPending(own);
    const decided = await approve(approver, ownUrn);
    expect(decided.body).toMatchObject({ status: 'FAILED' });
    expect(await roleOf(approver)).toBe('finance_approver');
  });

  it('while a rule covers the approval rules, deleting one waits until another member approves it', async () => {
    const guard = await owner.call('POST', '/v2/approval_rules', { body: rule('approval_rule') });
    expect(guard.status, JSON.stringify(guard.body)).toBe(201);
    const rules = (await owner.call('GET', `${P}/read/fetch/approvals/rules`)).body.data as {
      urn: string;
      action: string;
    }[];
    const beneficiaryRule = rules.find((r) => r.action === 'beneficiary')!.urn;

    const held = await owner.call('DELETE', `/v2/approval_rules/${beneficiaryRule}`);
    const urn = expectPending(held);
    expect((await request(approver, urn)).body).toMatchObject({
      action: 'approval_rule',
      resource_urn: beneficiaryRule,
      diff: { before: { action: 'beneficiary' }, after: null },
    });
    // The rule still holds beneficiaries meanwhile.
    expectPending(
      await maker.call('POST', '/v2/banking/beneficiary', { body: upiBeneficiary('WAIT-2', 'wait2@okaxis') }),
    );
    expect((await approve(owner, urn)).status).toBe(403);
    expect((await approve(approver, urn)).body).toMatchObject({ status: 'APPROVED' });
    const left = (await owner.call('GET', `${P}/read/fetch/approvals/rules`)).body.data as { urn: string }[];
    expect(left.map((r) => r.urn)).not.toContain(beneficiaryRule);
    const free = await maker.call('POST', '/v2/banking/beneficiary', {
      body: upiBeneficiary('FREE-2', 'free2@okaxis'),
    });
    expect(free.status).toBe(201);
    const [record] = await audits('approval_rule.deleted', beneficiaryRule);
    expect(record).toMatchObject({
      actor: 'approver@acme.test',
      metadata: expect.objectContaining({ on_behalf_of: 'admin@acme.test', approval_urn: urn }),
    });
  });
});
