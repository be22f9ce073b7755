export type BasicCredentials = { keyId: string; secret: string };

/** `key_id:key_secret` from an `Authorization: Basic …` header, or null when it is not one. */
export function parseBasic(header: string | undefined): BasicCredentials | 'malformed' | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,512})\s*$/i.exec(header);
  if (!match) return /^Basic\b/i.test(header) ? 'malformed' : null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return 'malformed';
  return { keyId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
