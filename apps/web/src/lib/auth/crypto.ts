import type { PublicKeyResponse } from '@meridian/contract';
import type { z } from 'zod';
import { requestJson } from './http';

type PublicKeyBody = z.infer<typeof PublicKeyResponse>;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** DER bytes of an SPKI public key given as PEM (or as bare base64). */
export function spkiFromPem(pem: string): Uint8Array<ArrayBuffer> {
  return base64ToBytes(pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, ''));
}

/** RSA-OAEP with SHA-256, base64. Needs a secure context (https or localhost). */
export async function encryptWithPublicKey(plaintext: string, publicKeyPem: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    spkiFromPem(publicKeyPem),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const encrypted = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    key,
    new TextEncoder().encode(plaintext),
  );
  return bytesToBase64(encrypted);
}

/** Fetches the provider's current public key and encrypts the password with it. */
export async function encryptPassword(password: string): Promise<string> {
  const answer = await requestJson<PublicKeyBody>('/v2/auth/public-key', { method: 'GET' });
  const publicKey = answer.body?.public_key;
  if (!answer.ok || typeof publicKey !== 'string')
    throw new Error(`Public key unavailable (HTTP ${answer.status})`);
  return encryptWithPublicKey(password, publicKey);
}
