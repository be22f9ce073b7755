import { constants, publicEncrypt } from 'node:crypto';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';

/** `text` encrypted for the server as the browser does it (RSA-OAEP, SHA-256, with its public key), base64. */
export function encryptForServer(publicKey: string, text: string = DEMO_PASSWORD): string {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(text),
  ).toString('base64');
}

/** The server's public key for encrypted passwords. */
export async function publicKeyOf(base: string): Promise<string> {
  return ((await (await fetch(`${base}/v2/auth/public-key`)).json()) as { public_key: string }).public_key;
}

/**
 * Signs in as a demo user (the demo password) through the real token endpoint and answers the headers of that
 * session's calls (benchmarks and the cluster's test).
 */
export async function demoSignIn(
  base: string,
  email = 'admin@acme.test',
): Promise<{ authorization: string; client_id: string }> {
  const res = await fetch(`${base}/v2/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'user_credentials',
      email,
      encrypted_password: encryptForServer(await publicKeyOf(base)),
    }),
  });
  const tokens = (await res.json()) as { access_token?: string; client_id?: string };
  if (!res.ok || !tokens.access_token || !tokens.client_id)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(tokens)}`);
  return { authorization: `Bearer ${tokens.access_token}`, client_id: tokens.client_id };
}
