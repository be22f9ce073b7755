import { SignJWT, jwtVerify } from 'jose';
import type { KeyObject } from 'node:crypto';
import { newId } from '../lib/ids.ts';

const ISSUER = 'meridian';
const AUDIENCE = 'meridian-dashboard';

export type AccessClaims = {
  sub: string;
  client_id: string;
  scope: string;
  sid: string;
};

export type TokenKeys = { tokenKey: KeyObject; tokenPublicKey: KeyObject };

export async function signAccessToken(
  keys: TokenKeys,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ client_id: claims.client_id, scope: claims.scope, sid: claims.sid })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setJti(newId('JTI'))
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keys.tokenKey);
}

export async function signIdToken(
  keys: TokenKeys,
  claims: { sub: string; email: string; name: string; client_id: string; company: string },
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({
    email: claims.email,
    name: claims.name,
    client_id: claims.client_id,
    company: claims.company,
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(claims.client_id)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keys.tokenKey);
}

/** Verifies signature, issuer, audience, expiry and type; `exp` in seconds. Null for anything invalid. */
export async function verifyAccessToken(
  keys: TokenKeys,
  token: string,
): Promise<(AccessClaims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, keys.tokenPublicKey, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['EdDSA'],
      typ: 'at+jwt',
    });
    const { sub, client_id, scope, sid, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof client_id !== 'string' ||
      typeof scope !== 'string' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number'
    )
      return null;
    return { sub, client_id, scope, sid, exp };
  } catch {
    return null;
  }
}
