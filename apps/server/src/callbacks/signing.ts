import { createHmac, randomBytes } from 'node:crypto';

/** A Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed with the secret's bytes (Standard Webhooks). */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export const maskSecret = (secret: string) => `whsec_…${secret.slice(-4)}`;
