import { constants, publicEncrypt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { confirmTotpEnrolment, startTotpEnrolment } from '../auth/two-factor.ts';
import { base32Decode, totpAt } from '../auth/totp.ts';
import type { SessionAuth } from '../auth/guard-types.ts';
import { findUserByEmail } from '../auth/sessions.ts';
import { userTotp } from '../db/schema.ts';
import type { AppDeps } from '../http/context.ts';
import { DEMO_PASSWORD } from './demo.ts';

/** The demo authenticator-app user and its secret (documented in the README, like test card numbers). */
export const DEMO_TOTP_EMAIL = 'totp@acme.test';
export const DEMO_TOTP_SECRET = 'MERIDIANDEMOTOTPKEYFORACMERETAIL';

/**
 * Enrols the demo user's authenticator app through the same service functions the API uses (password step-up,
 * pending secret, confirmation with a first code, recovery codes). Idempotent: a user who already has a TOTP row
 * is left alone.
 */
export async function seedDemoTwoFactor(deps: AppDeps): Promise<void> {
  const { db } = deps;
  const who = await findUserByEmail(db, DEMO_TOTP_EMAIL);
  if (!who || who.user.mfaPreference !== 'none') return;
  const [row] = await db
    .select({ id: userTotp.id })
    .from(userTotp)
    .where(eq(userTotp.userRef, who.user.id))
    .limit(1);
  if (row) return;
  const auth: SessionAuth = {
    channel: 'dashboard',
    userRef: who.user.id,
    userId: who.user.publicId,
    email: who.user.email,
    clientRef: who.client.id,
    companyRef: who.client.id,
    clientId: who.client.clientId,
    livemode: true,
    liveModeEnabled: who.client.liveModeEnabled,
    role: who.user.role,
    permissions: new Set(),
    apiKeyId: null,
    sessionId: 'demo-seed',
    twoFactorSetupRequired: false,
  };
  const meta = { ip: '203.0.113.10', userAgent: 'demo-seed', requestId: 'demo-seed' };
  const encrypted = publicEncrypt(
    { key: deps.keys.passwordPublicPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(DEMO_PASSWORD),
  ).toString('base64');
  await startTotpEnrolment(deps, auth, { encrypted_password: encrypted }, meta, DEMO_TOTP_SECRET);
  // A code from one step back, so that a person signing in with the app right after start is not refused as a
  // replay of the seed's own code.
  const code = totpAt(base32Decode(DEMO_TOTP_SECRET), Date.now() - 30_000);
  await confirmTotpEnrolment(deps, auth, { code }, meta);
}
