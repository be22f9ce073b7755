import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signStepUpToken, STEP_UP_MESSAGES } from '../src/auth/step-up.ts';
import { base32Decode, totpAt } from '../src/auth/totp.ts';
import { loadKeys } from '../src/config/keys.ts';
import { auditLog, mfaAttempts, userTotp } from '../src/db/schema.ts';
import { DEMO_TOTP_SECRET } from '../src/seed/demo-two-factor.ts';
import { TEST_KEYS_DIR } from './global-setup.ts';
import {
  asSession,
  call,
  clientSession,
  encryptPassword,
  signIn,
  useServer,
  type ClientSession,
  type Reply,
} from './helpers.ts';

const server = useServer();
const FINANCE = 'finance@acme.test';
const FINANCE_PHONE = '+919800000001';
const keys = () =>
  loadKeys({ DATA_DIR: TEST_KEYS_DIR, AUTH_RSA_PRIVATE_KEY: undefined, AUTH_JWT_PRIVATE_KEY: undefined });

type Tokens = { access_token: string; refresh_token: string; client_id: string; scope: string };

/** A session of a member with a second factor (SMS or authenticator app), signed in with that factor. */
async function twoFactorSession(email: string): Promise<ClientSession> {
  const started = await signIn(server.current, email);
  const otp =
    started.body.response_key === 'success_initiate_auth_totp'
      ? totpAt(base32Decode(DEMO_TOTP_SECRET), Date.now())
      : server.current.lastOtp(FINANCE_PHONE);
  const verified = await call(server.current, 'POST', '/v2/mfa/verify', {
    body: { request_urn: started.body.request_urn, otp },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  // Sign-in used this step: the step-up's own code must be a later one (each step is accepted once).
  await server.current.handle.db.update(userTotp).set({ lastStep: null });
  return asSession(server.current, verified.body as Tokens, () =>
    Promise.reject(new Error('no auto step-up')),
  );
}

const claimsOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };

let account = '';
let crn = 0;
const PAYEE = 'STEPUP-PAYEE';
const payoutBody = (amount = '101.00') => ({
  customer_reference_number: `SU-${++crn}-${Date.now()}`,
  beneficiary_code: PAYEE,
  amount,
  transfer_type: 'IMPS',
  purpose_message: 'Invoice',
  sender_account_number: account,
});
const idem = () => ({ 'idempotency-key': `su-${Math.random().toString(36).slice(2)}` });
/** A payout from a session, with the given step-up token (or none). */
const pay = (s: ClientSession, token: string | null): Promise<Reply> =>
  s.call('POST', '/core_banking/money_transfer/initiate', {
    body: payoutBody(),
    headers: { ...idem(), ...(token ? { 'x-step-up-token': token } : {}) },
    stepUp: false,
  });
const stepUp = (s: ClientSession, body: object) =>
  s.call('POST', '/v2/auth/step-up', { body, stepUp: false });
const audits = (action: string) =>
  server.current.handle.db.select().from(auditLog).where(eq(auditLog.action, action));

let admin: ClientSession;

describe('step-up before a money movement', () => {
  beforeEach(async () => {
    await server.current.handle.db.update(mfaAttempts).set({ closedAt: new Date(), closedReason: 'test' });
    await server.current.handle.db.execute(sql`DELETE FROM rate_limits`);
  });

  it('refuses a dashboard payout and bulk submission without a step-up token (401 step_up_required)', async () => {
    admin = await clientSession(server.current, 'admin@acme.test');
    const balance = await admin.call('GET', '/meridian/read/fetch/balance');
    account = (balance.body.data as { account_number: string }[])[0]!.account_number;
    const added = await admin.call('POST', '/v2/banking/beneficiary', {
      body: {
        beneficiary_code: PAYEE,
        beneficiary_name: 'Kavya Menon',
        provider: 'Meridian Sandbox Bank',
        provider_code: 'MRDN',
        transfer_type: 'IMPS',
        sender_account_number: account,
        beneficiary_account_number: '50100099887766',
        ifsc_code: 'HDFC0000001',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    const refused = await pay(admin, null);
    expect([refused.status, refused.body.error]).toEqual([401, 'step_up_required']);
    expect(refused.body.message).toBe(STEP_UP_MESSAGES.required);
    const bulk = await admin.call('POST', '/meridian/bulk/bulk_payout', { headers: idem(), stepUp: false });
    expect([bulk.status, bulk.body.error]).toEqual([401, 'step_up_required']);
    // A garbage token is refused the same way, never taken for a session problem.
    const garbage = await pay(admin, 'not-a-token');
    expect([garbage.status, garbage.body.error]).toEqual([401, 'step_up_required']);
    expect(garbage.body.message).toBe(STEP_UP_MESSAGES.invalid);
    // The session itself is fine: the 401 signed nobody out.
    expect((await admin.call('GET', '/v2/user/details')).status).toBe(200);
  });

  it('steps up a member without a second factor with the password; the token serves 300 s of payouts', async () => {
    const noCode = await stepUp(admin, { code: '123456' });
    expect([noCode.status, noCode.body.error]).toEqual([400, 'password_required']);
    const wrong = await stepUp(admin, { encrypted_password: encryptPassword('Wrong#Pass123') });
    expect([wrong.status, wrong.body.error]).toEqual([403, 'step_up_failed']);
    const failed = await audits('auth.step_up_failed');
    expect(failed.at(-1)?.metadata).toEqual({ purpose: 'money_movement' });

    const ok = await stepUp(admin, { encrypted_password: encryptPassword('Meridian#Demo2026') });
    expect(ok.status).toBe(200);
    expect(ok.body.expires_in).toBe(300);
    const token = ok.body.step_up_token as string;
    expect((await audits('auth.step_up')).at(-1)?.metadata).toEqual({
      method: 'password',
      purpose: 'money_movement',
    });
    const first = await pay(admin, token);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await pay(admin, token);
    expect(second.status).toBe(201);
  });

  it('rate limits wrong passwords (429 after 5), audited each time', async () => {
    const before = (await audits('auth.step_up_failed')).length;
    for (let i = 0; i < 5; i++) {
      const wrong = await stepUp(admin, { encrypted_password: encryptPassword(`Wrong#Pass${i}`) });
      expect(wrong.status).toBe(403);
    }
    const limited = await stepUp(admin, { encrypted_password: encryptPassword('Meridian#Demo2026') });
    expect([limited.status, limited.body.error]).toEqual([429, 'rate_limited']);
    expect((await audits('auth.step_up_failed')).length).toBe(before + 5);
  });

  it('steps up an authenticator-app member with a current code, never the password alone', async () => {
    const totp = await twoFactorSession('totp@acme.test');
    const passwordOnly = await stepUp(totp, { encrypted_password: encryptPassword('Meridian#Demo2026') });
    expect([passwordOnly.status, passwordOnly.body.error]).toEqual([400, 'code_required']);
    const later = totpAt(base32Decode(DEMO_TOTP_SECRET), Date.now() + 120_000);
    const wrong = await stepUp(totp, { code: later });
    expect([wrong.status, wrong.body.error]).toEqual([400, 'code_invalid']);
    const ok = await stepUp(totp, { code: totpAt(base32Decode(DEMO_TOTP_SECRET), Date.now()) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await audits('auth.step_up')).at(-1)?.metadata).toEqual({
      method: 'totp',
      purpose: 'money_movement',
    });
    expect((await pay(totp, ok.body.step_up_token as string)).status).toBe(201);
  });

  it('steps up an SMS member with the code texted by /v2/user/mfa/sms/step-up (single use)', async () => {
    const finance = await twoFactorSession(FINANCE);
    const sent = await finance.call('POST', '/v2/user/mfa/sms/step-up', {
      body: { encrypted_password: encryptPassword('Meridian#Demo2026') },
    });
    expect(sent.status).toBe(200);
    const code = server.current.lastOtp(FINANCE_PHONE);
    const ok = await stepUp(finance, { code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await audits('auth.step_up')).at(-1)?.metadata).toEqual({
      method: 'sms',
      purpose: 'money_movement',
    });
    expect((await pay(finance, ok.body.step_up_token as string)).status).toBe(201);
    const again = await stepUp(finance, { code });
    expect([again.status, again.body.error]).toEqual([400, 'code_invalid']);
  });

  it("refuses another session's token, an expired token, and a token whose session ended", async () => {
    const a = await clientSession(server.current, 'admin@acme.test');
    const b = await clientSession(server.current, 'admin@acme.test');
    const tokenOfA = await a.stepUpToken();
    const otherSession = await pay(b, tokenOfA);
    expect([otherSession.status, otherSession.body.error]).toEqual([401, 'step_up_required']);
    expect(otherSession.body.message).toBe(STEP_UP_MESSAGES.invalid);

    // Signed for a's session but already expired.
    const expired = await signStepUpToken(keys(), claimsOf(a.access_token), 0);
    const late = await pay(a, expired);
    expect([late.status, late.body.error]).toEqual([401, 'step_up_required']);
    expect(late.body.message).toBe(STEP_UP_MESSAGES.invalid);
    // An access token is no step-up token.
    expect((await pay(a, a.access_token)).body.error).toBe('step_up_required');

    expect((await pay(a, tokenOfA)).status).toBe(201);
    const out = await a.call('POST', '/v2/auth/logout', { body: { refresh_token: a.refresh_token } });
    expect(out.status).toBeLessThan(300);
    const afterLogout = await pay(a, tokenOfA);
    expect([afterLogout.status, afterLogout.body.error]).toEqual([401, 'session_revoked']);
    // Nor does it serve any other session.
    expect((await pay(b, tokenOfA)).body.error).toBe('step_up_required');
  });

  it('lets an API key pay without a step-up (approval rules cover keys)', async () => {
    const created = await admin.call('POST', '/v2/company/api_keys', { body: { name: 'Payouts backend' } });
    expect(created.status).toBe(201);
    const keyId = created.body.key_id as string;
    // A key whose role may make payouts.
    await server.current.handle.db.execute(
      sql`UPDATE api_keys SET role = 'finance_maker' WHERE key_id = ${keyId}`,
    );
    const basic = Buffer.from(`${keyId}:${created.body.key_secret as string}`).toString('base64');
    const res = await call(server.current, 'POST', '/core_banking/money_transfer/initiate', {
      body: payoutBody(),
      headers: { ...idem(), authorization: `Basic ${basic}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('documents the header and the 401 on the step-up operations', async () => {
    const res = await server.current.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = JSON.parse(res.body) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; description?: string }>
      >;
    };
    for (const [path, method] of [
      ['/core_banking/money_transfer/initiate', 'post'],
      ['/meridian/bulk/bulk_payout', 'post'],
    ] as const) {
      const op = doc.paths[path]![method]!;
      expect(op.parameters).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'X-Step-Up-Token' }),
      );
      expect(op.description).toContain('step_up_required');
      expect((op as Record<string, unknown>)['x-meridian-step-up']).toBe(true);
    }
    const balance = doc.paths['/meridian/read/fetch/balance']!['get']!;
    expect(balance.parameters ?? []).not.toContainEqual(expect.objectContaining({ name: 'X-Step-Up-Token' }));
  });
});
