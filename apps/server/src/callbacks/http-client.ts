import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Loopback, private, link-local, CGNAT and other non-public ranges: no callback goes there in production. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  // The same in hex, as URL parsing writes it: [::ffff:127.0.0.1] → [::ffff:7f00:1].
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return PRIVATE.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  const family = isIP(address);
  if (!family) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class BlockedAddressError extends Error {}

/**
 * The first loopback/private/link-local/unspecified address a URL's host is (a literal IP) or resolves to, by the
 * same rules as delivery; null when every address is public. Rejects when the name does not resolve. For the
 * check at configuration time: delivery checks again on the address actually connected to.
 */
export async function privateAddressOf(hostname: string): Promise<string | null> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? host : null;
  const addresses = await dns.lookup(host, { all: true });
  return addresses.find((a) => isPrivateAddress(a.address))?.address ?? null;
}

/**
 * Resolves like the system does, then refuses private addresses. Used as the socket's own lookup, so the
 * address checked is the address connected to (no DNS-rebinding window).
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new BlockedAddressError(`${hostname} resolves to a private address`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

export type HttpAnswer = { status: number; excerpt: string };

/** Sends one request; answers the status and the first 1 KB of the body. Rejects on network errors/timeouts. */
export function sendRequest(
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string;
    timeoutMs: number;
    allowPrivate: boolean;
  },
): Promise<HttpAnswer> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!init.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new BlockedAddressError(`${host} is a private address`));
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: init.method,
        headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
        timeout: init.timeoutMs,
        ...(init.allowPrivate ? {} : { lookup: guardedLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 1024) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, 1024),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`Timed out after ${init.timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
