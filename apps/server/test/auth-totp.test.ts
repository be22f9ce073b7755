import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@meridian/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { base32Decode, totpAt } from '../src/auth/totp.ts';
import { auditLog, mfaAttempts, mfaRecoveryCodes, users, userTotp } from '../src/db/schema.ts';
import { DEMO_TOTP_SECRET } from '../src/seed/demo-two-factor.ts';
import { call, clientSession, DEMO_PASSWORD, encryptPassword, signIn, useServer } from './helpers.ts';

const server = useServer();
const verify = (request_urn: unknown, otp: string) =>
  call(server.current, 'POST', '/v2/mfa/verify', { body: { request_urn, otp } });
const code = (secret: string, offsetMs = 0) => totpAt(base32Decode(secret), Date.now() + offsetMs);
const pw = (p = DEMO_PASSWORD) => encryptPassword(p);

/** Lets the next code be accepted: forgets the steps already used (tests run faster than 30 s steps). */
const forgetSteps = () => server.current.handle.db.update(userTotp).set({ lastStep: null });

describe('TOTP enrolment, sign-in and recovery codes', () => {
  beforeEach(async () => {
    await server.current.handle.db.update(mfaAttempts).set({ closedAt: new Date(), closedReason: 'test' });
    await server.current.handle.db.execute(sql`DELETE FROM rate_limits`);
  });

  let secret = '';
  let recovery: string[] = [];

  it('enrols with password step-up, confirms with a first code and answers 10 recovery codes once', async () => {
    const s = await clientSession(server.current, 'analyst@acme.test');
    expect((await s.call('GET', '/v2/user/mfa')).body).toMatchObject({
      mfa_preference: 'none',
      mfa_required_by_company: false,
      has_phone: true,
    });
    // Missing and wrong password: 400, never 401 (that would sign the dashboard out).
    expect((await s.call('POST', '/v2/user/mfa/totp/enrol', { body: {} })).status).toBe(400);
    const wrong = await s.call('POST', '/v2/user/mfa/totp/enrol', {
      body: { encrypted_password: pw('Wrong#Pass123') },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('step_up_failed');

    const start = await s.call('POST', '/v2/user/mfa/totp/enrol', { body: { encrypted_password: pw() } });
    expect(start.status).toBe(200);
    secret = start.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.body.otpauth_uri).toContain(`secret=${secret}`);
    expect(start.body.qr_svg).toMatch(/^<svg/);
    // Encrypted at rest: the secret is nowhere in the row.
    const rows = await server.current.handle.db.select().from(userTotp);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const bad = await s.call('POST', '/v2/user/mfa/totp/confirm', { body: { code: code(secret, 120_000) } });
    expect(bad.status).toBe(400);
    const ok = await s.call('POST', '/v2/user/mfa/totp/confirm', { body: { code: code(secret) } });
    expect(ok.status).toBe(200);
    recovery = ok.body.recovery_codes as string[];
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const stored = await server.current.handle.db.select().from(mfaRecoveryCodes);
    expect(JSON.stringify(stored)).not.toContain(recovery[0]!);

    const details = await s.call('GET', '/v2/user/details');
    expect(details.body).toMatchObject({ mfa_preference: 'totp', mfa_required_by_company: false });
    const logged = await server.current.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.mfa_preference_changed'));
    expect(logged.at(-1)!.metadata).toMatchObject({ from: 'none', to: 'totp' });
    expect(JSON.stringify(logged)).not.toContain(secret);
  });

  it('signs in with the app: success_initiate_auth_totp, no SMS, then success_login; a replayed code is refused', async () => {
    await forgetSteps();
    const sent = server.current.outbox.sms.length;
    const first = await signIn(server.current, 'analyst@acme.test');
    expect(first.body).toMatchObject({
      response_key: 'success_initiate_auth_totp',
      response_message: AUTH_MESSAGES.totpPrompt,
      resend_count: 0,
    });
    expect(first.body.access_token).toBeUndefined();
    expect(server.current.outbox.sms.length).toBe(sent);
    // Signing in again while the attempt is open answers the same urn (no resend).
    const again = await signIn(server.current, 'analyst@acme.test');
    expect(again.body.request_urn).toBe(first.body.request_urn);

    const c = code(secret);
    const ok = await verify(first.body.request_urn, c);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ response_key: 'success_login', email: 'analyst@acme.test' });

    const second = await signIn(server.current, 'analyst@acme.test');
    const replay = await verify(second.body.request_urn, c);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(AUTH_MESSAGES.otpInvalid);
  });

  it('accepts a recovery code once; a reused one is refused', async () => {
    const first = await signIn(server.current, 'analyst@acme.test');
    const ok = await verify(first.body.request_urn, recovery[0]!.toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body.response_key).toBe('success_login');
    const second = await signIn(server.current, 'analyst@acme.test');
    const reused = await verify(second.body.request_urn, recovery[0]!);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(AUTH_MESSAGES.otpInvalid);
    const s2 = await verify(second.body.request_urn, recovery[1]!);
    expect(s2.status).toBe(200);
  });

  it('closes the attempt after 5 wrong codes like SMS', async () => {
    const first = await signIn(server.current, 'analyst@acme.test');
    for (let i = 0; i < 4; i++) expect((await verify(first.body.request_urn, '000000')).status).toBe(400);
    expect((await verify(first.body.request_urn, '000000')).status).toBe(429);
    expect((await verify(first.body.request_urn, recovery[2]!)).status).toBe(400);
  });

  it('needs the password and a current code to change or regenerate; missing code is refused', async () => {
    await forgetSteps();
    const first = await signIn(server.current, 'analyst@acme.test');
    const ok = await verify(first.body.request_urn, recovery[3]!);
    const as = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(server.current, method, url, {
        token: ok.body.access_token as string,
        clientId: ok.body.client_id as string,
        ...(body ? { body } : {}),
      });
    const noCode = await as('POST', '/v2/user/mfa/recovery-codes', { encrypted_password: pw() });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error).toBe('code_required');
    const wrongPw = await as('POST', '/v2/user/mfa/recovery-codes', {
      encrypted_password: pw('Wrong#Pass123'),
      code: code(secret),
    });
    expect(wrongPw.status).toBe(400);
    const regen = await as('POST', '/v2/user/mfa/recovery-codes', {
      encrypted_password: pw(),
      code: code(secret),
    });
    expect(regen.status).toBe(200);
    const fresh = regen.body.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect((await as('GET', '/v2/user/mfa')).body.recovery_codes_remaining).toBe(10);

    // The old set stops working.
    const noneWithOld = await as('POST', '/v2/user/mfa/preference', {
      mfa_preference: 'none',
      encrypted_password: pw(),
      code: recovery[4]!,
    });
    expect(noneWithOld.status).toBe(400);
    const none = await as('POST', '/v2/user/mfa/preference', {
      mfa_preference: 'none',
      encrypted_password: pw(),
      code: fresh[0]!,
    });
    expect(none.status).toBe(200);
    expect(none.body.mfa_preference).toBe('none');
    const [row] = await server.current.handle.db
      .select({ userTotp })
      .from(userTotp)
      .innerJoin(users, eq(users.id, userTotp.userRef))
      .where(eq(users.email, 'analyst@acme.test'))
      .then((rows) => rows.map((r) => r.userTotp));
    expect(row!.secretEnc).toBeNull();
    expect(
      await server.current.handle.db
        .select()
        .from(mfaRecoveryCodes)
        .where(eq(mfaRecoveryCodes.userRef, row!.userRef)),
    ).toHaveLength(0);
    // And the sign-in answers tokens again.
    expect(typeof (await signIn(server.current, 'analyst@acme.test')).body.access_token).toBe('string');
  });

  it('the seeded demo user signs in with the README secret', async () => {
    const first = await signIn(server.current, 'totp@acme.test');
    expect(first.body.response_key).toBe('success_initiate_auth_totp');
    const ok = await verify(first.body.request_urn, code(DEMO_TOTP_SECRET));
    expect(ok.status).toBe(200);
  });
});

describe('company-wide requirement', () => {
  beforeEach(async () => {
    await server.current.handle.db.update(mfaAttempts).set({ closedAt: new Date(), closedReason: 'test' });
    await server.current.handle.db.execute(sql`DELETE FROM rate_limits`);
  });

  it('needs team.manage (a viewer is refused), is audited, scoped to the admin’s company, and forbids turning two-factor off', async () => {
    const analyst = await clientSession(server.current, 'analyst@acme.test');
    const refused = await analyst.call('PUT', '/v2/company/mfa-requirement', { body: { required: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('permission_denied');
    expect(refused.body.message).toMatch(/team\.manage/);

    const globex = await clientSession(server.current, 'admin@globex.test');
    const admin = await clientSession(server.current, 'admin@acme.test');
    const on = await admin.call('PUT', '/v2/company/mfa-requirement', { body: { required: true } });
    expect(on.status).toBe(200);
    expect((await admin.call('GET', '/v2/user/details')).body.mfa_required_by_company).toBe(true);
    // Another tenant is untouched, and its admin cannot see or change Acme's setting.
    expect((await globex.call('GET', '/v2/user/details')).body.mfa_required_by_company).toBe(false);
    const [entry] = await server.current.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company.mfa_requirement_changed'));
    expect(entry!.metadata).toMatchObject({ from: false, to: true });
    // Enforced by the server too: until they choose a method, users reach only their two-factor settings.
    const blocked = await admin.call('GET', '/v2/company/callback');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe('two_factor_setup_required');
    expect((await admin.call('GET', '/v2/user/mfa')).status).toBe(200);
    expect((await globex.call('GET', '/v2/company/callback')).status).toBe(200);

    // A user with none and a phone now gets an SMS code at sign-in.
    const res = await signIn(server.current, 'analyst@acme.test');
    expect(res.body.response_key).toBe('success_initiate_auth_sms');
    const ok = await verify(res.body.request_urn, server.current.lastOtp('+919800000004'));
    expect(ok.status).toBe(200);

    // Switching to SMS is allowed (password only: none was on); back to none is refused.
    const as = (body: unknown) =>
      call(server.current, 'POST', '/v2/user/mfa/preference', {
        token: ok.body.access_token as string,
        clientId: ok.body.client_id as string,
        body,
      });
    expect((await as({ mfa_preference: 'none', encrypted_password: pw() })).status).toBe(409);
    expect((await as({ mfa_preference: 'sms', encrypted_password: pw() })).body.mfa_preference).toBe('sms');

    // SMS user: step-up code by SMS confirms the next change.
    const sess = { token: ok.body.access_token as string, clientId: ok.body.client_id as string };
    const noCode = await as({ mfa_preference: 'sms', encrypted_password: pw() });
    expect(noCode.body.error).toBe('code_required');
    const stepUp = await call(server.current, 'POST', '/v2/user/mfa/sms/step-up', {
      ...sess,
      body: { encrypted_password: pw() },
    });
    expect(stepUp.status).toBe(200);
    const smsCode = server.current.lastOtp('+919800000004');
    const enrol = await call(server.current, 'POST', '/v2/user/mfa/totp/enrol', {
      ...sess,
      body: { encrypted_password: pw(), code: smsCode },
    });
    expect(enrol.status).toBe(200);
    // The step-up code is single use.
    const reuse = await call(server.current, 'POST', '/v2/user/mfa/totp/enrol', {
      ...sess,
      body: { encrypted_password: pw(), code: smsCode },
    });
    expect(reuse.status).toBe(400);

    // Once a method is chosen, the same session reaches everything again.
    expect((await call(server.current, 'GET', '/v2/company/callback', sess)).status).toBe(200);

    expect(
      (await admin.call('PUT', '/v2/company/mfa-requirement', { body: { required: false } })).status,
    ).toBe(200);
    // Lifting the requirement opens the admin's existing session at once.
    expect((await admin.call('GET', '/v2/company/callback')).status).toBe(200);
  });

  it('the two-factor routes need a session and the matching client_id', async () => {
    expect((await call(server.current, 'GET', '/v2/user/mfa')).status).toBe(401);
    const admin = await clientSession(server.current, 'admin@acme.test');
    const globex = await clientSession(server.current, 'admin@globex.test');
    const cross = await call(server.current, 'GET', '/v2/user/mfa', {
      token: admin.access_token,
      clientId: globex.client_id,
    });
    expect(cross.status).toBe(403);
  });
});
