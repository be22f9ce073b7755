import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@meridian/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { mfaAttempts } from '../src/db/schema.ts';
import { call, signIn, useServer } from './helpers.ts';

const server = useServer();
const PHONE = '+919800000001';
const FINANCE = 'finance@acme.test';
const verify = (request_urn: unknown, otp: string) =>
  call(server.current, 'POST', '/v2/mfa/verify', { body: { request_urn, otp } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SMS one-time code', () => {
  beforeEach(async () => {
    // Each test starts without an open attempt.
    await server.current.handle.db.update(mfaAttempts).set({ closedAt: new Date(), closedReason: 'test' });
  });

  it('starts an attempt instead of answering tokens', async () => {
    const res = await signIn(server.current, FINANCE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      response_key: 'success_initiate_auth_sms',
      response_message: AUTH_MESSAGES.otpSent,
      resend_count: 0,
    });
    expect(res.body.request_urn).toMatch(/^MFA/);
    expect(res.body.access_token).toBeUndefined();
    expect(server.current.lastOtp(PHONE)).toMatch(/^\d{6}$/);
  });

  it('verifies the right code once and answers success_login with tokens', async () => {
    const { body } = await signIn(server.current, FINANCE);
    const code = server.current.lastOtp(PHONE);
    const ok = await verify(body.request_urn, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      response_key: 'success_login',
      email: FINANCE,
      company_common_name: 'Acme Retail',
      expires_in: 3600,
    });
    expect(typeof ok.body.access_token).toBe('string');
    const again = await verify(body.request_urn, code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AUTH_MESSAGES.otpInvalid);
  });

  it('stores only a hash of the code', async () => {
    const { body } = await signIn(server.current, FINANCE);
    const code = server.current.lastOtp(PHONE);
    const [row] = await server.current.handle.db
      .select()
      .from(mfaAttempts)
      .where(eq(mfaAttempts.requestUrn, body.request_urn as string));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects a wrong code with the exact message and closes the attempt after 5 wrong tries', async () => {
    const { body } = await signIn(server.current, FINANCE);
    const code = server.current.lastOtp(PHONE);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(body.request_urn, wrongCode(code));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(AUTH_MESSAGES.otpInvalid);
    }
    const fifth = await verify(body.request_urn, wrongCode(code));
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(AUTH_MESSAGES.otpTooManyAttempts);
    const right = await verify(body.request_urn, code);
    expect(right.status).toBe(400);
  });

  it('re-sends with a new urn and code while the attempt is open, at most 3 times', async () => {
    const first = await signIn(server.current, FINANCE);
    const urns = [first.body.request_urn];
    const codes = [server.current.lastOtp(PHONE)];
    for (let i = 1; i <= 3; i++) {
      const res = await signIn(server.current, FINANCE);
      expect(res.status).toBe(200);
      expect(res.body.response_key).toBe('success_initiate_auth_sms');
      expect(res.body.resend_count).toBe(i);
      urns.push(res.body.request_urn);
      codes.push(server.current.lastOtp(PHONE));
    }
    expect(new Set(urns).size).toBe(4);
    const fourth = await signIn(server.current, FINANCE);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe('Maximum resend attempts reached. Please login again.');
    // The exhausted attempt is closed: its last code no longer works, and a new sign-in starts afresh.
    expect((await verify(urns[3], codes[3]!)).status).toBe(400);
    const fresh = await signIn(server.current, FINANCE);
    expect(fresh.body.resend_count).toBe(0);
  });

  it('invalidates the replaced urn and code after a resend', async () => {
    const first = await signIn(server.current, FINANCE);
    const oldCode = server.current.lastOtp(PHONE);
    const second = await signIn(server.current, FINANCE);
    const newCode = server.current.lastOtp(PHONE);
    expect((await verify(first.body.request_urn, oldCode)).status).toBe(400);
    if (oldCode !== newCode) expect((await verify(second.body.request_urn, oldCode)).status).toBe(400);
    expect((await verify(second.body.request_urn, newCode)).status).toBe(200);
  });

  it('does not reset the failure count on resend', async () => {
    const first = await signIn(server.current, FINANCE);
    const code1 = server.current.lastOtp(PHONE);
    for (let i = 0; i < 4; i++) await verify(first.body.request_urn, wrongCode(code1));
    const second = await signIn(server.current, FINANCE);
    const code2 = server.current.lastOtp(PHONE);
    const res = await verify(second.body.request_urn, wrongCode(code2));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(AUTH_MESSAGES.otpTooManyAttempts);
  });

  it('expires a code after 10 minutes', async () => {
    const { body } = await signIn(server.current, FINANCE);
    const code = server.current.lastOtp(PHONE);
    await server.current.handle.db
      .update(mfaAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaAttempts.requestUrn, body.request_urn as string));
    const res = await verify(body.request_urn, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.otpExpired);
    // Expiry closes the attempt: the next sign-in starts a new one rather than counting as a resend.
    const next = await signIn(server.current, FINANCE);
    expect(next.body.resend_count).toBe(0);
  });

  it('lets only one of many concurrent verifications of the same code succeed', async () => {
    const { body } = await signIn(server.current, FINANCE);
    const code = server.current.lastOtp(PHONE);
    const results = await Promise.all(Array.from({ length: 8 }, () => verify(body.request_urn, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('never allows more than 3 resends or two open attempts, even when sign-ins race', async () => {
    await signIn(server.current, FINANCE);
    const results = await Promise.all(Array.from({ length: 6 }, () => signIn(server.current, FINANCE)));
    for (const r of results) expect([200, 429]).toContain(r.status);
    const rows = await server.current.handle.db.select().from(mfaAttempts);
    for (const row of rows) expect(row.resendCount).toBeLessThanOrEqual(3);
    expect(rows.filter((r) => r.closedAt === null).length).toBeLessThanOrEqual(1);
  });

  it('validates the verify body', async () => {
    const res = await verify('MFAX', '12ab');
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('otp');
    const unknown = await verify('MFA-unknown', '123456');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(AUTH_MESSAGES.otpInvalid);
  });

  it('audits MFA steps', async () => {
    const actions = (await server.current.handle.db.query.auditLog.findMany()).map((r) => r.action);
    for (const a of [
      'auth.mfa_initiated',
      'auth.mfa_resent',
      'auth.mfa_failed',
      'auth.mfa_max_resends',
      'auth.sign_in',
    ])
      expect(actions).toContain(a);
  });
});
