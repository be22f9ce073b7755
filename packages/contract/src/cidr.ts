/**
 * IPv4 and IPv6 addresses and CIDR ranges, parsed without `node:net` so that the server (validation, the API-key
 * guard) and the browser (the allow-list form) share one implementation.
 *
 * - An address without a prefix is one host: `/32` (IPv4) or `/128` (IPv6).
 * - Host bits set under the prefix (`10.0.0.5/24`) are refused, naming the network meant (`10.0.0.0/24`): a range
 *   typed with a host address is more often a mistake than a wish, and we would rather ask than guess.
 * - An IPv4-mapped IPv6 address or range (`::ffff:127.0.0.1`, `::ffff:10.0.0.0/120`) is stored as the IPv4 one.
 * - A zone (`fe80::1%eth0`) is refused in an entry and ignored in a caller's address.
 * - The normal form is what is stored and compared: IPv4 dotted quad, IPv6 as RFC 5952 (lower case, the longest
 *   run of zero groups compressed), always with the prefix. Two spellings of one network are the same entry.
 */

export type IpFamily = 4 | 6;

export type ParsedCidr = {
  family: IpFamily;
  /** The network address as an unsigned integer (32 or 128 bits). */
  network: bigint;
  prefix: number;
  /** The normal form, e.g. `10.0.0.0/24`, `2001:db8::/48`, `127.0.0.1/32`. */
  cidr: string;
};

/** The widest ranges an allow-list takes. */
export const MIN_PREFIX: Record<IpFamily, number> = { 4: 16, 6: 48 };
const BITS: Record<IpFamily, number> = { 4: 32, 6: 128 };

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    // Decimal only, no leading zeros (`010` is octal to some parsers and decimal to others).
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  let t = text;
  // A trailing dotted quad stands for the last two groups (`::ffff:1.2.3.4`).
  if (t.includes('.')) {
    const lastColon = t.lastIndexOf(':');
    const v4 = parseIpv4(t.slice(lastColon + 1));
    if (v4 === null) return null;
    t = `${t.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = t.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groupsOf(halves[0]!);
  const right = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const total = left.length + right.length;
  if (halves.length === 1 ? total !== 8 : total > 7) return null;
  const groups = [...left, ...Array<string>(8 - total).fill('0'), ...right];
  let value = 0n;
  for (const g of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    value = (value << 16n) | BigInt(parseInt(g, 16));
  }
  return value;
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - i * 16)) & 0xffffn));
  // RFC 5952: compress the longest run (the first of equals) of two or more zero groups.
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

/** An address (no prefix) as family and value; an IPv4-mapped IPv6 address is its IPv4 address. */
export function parseAddress(
  text: string,
  opts: { allowZone?: boolean } = {},
): {
  family: IpFamily;
  value: bigint;
} | null {
  let t = text.trim();
  if (opts.allowZone) t = t.replace(/%[^%]*$/, '');
  if (t.length === 0 || t.length > 45) return null;
  if (!t.includes(':')) {
    const v4 = parseIpv4(t);
    return v4 === null ? null : { family: 4, value: v4 };
  }
  const v6 = parseIpv6(t);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { family: 4, value: v6 & 0xffffffffn };
  return { family: 6, value: v6 };
}

export const formatAddress = (family: IpFamily, value: bigint) =>
  family === 4 ? formatIpv4(value) : formatIpv6(value);

/** Why an allow-list entry is refused, in words a person can act on. */
export type CidrProblem = { ok: false; message: string };

/**
 * An allow-list entry (address or CIDR range) in its normal form, or why it is refused: not an address, a bad
 * prefix, host bits set, or wider than /16 (IPv4) or /48 (IPv6).
 */
export function parseCidr(input: string): ({ ok: true } & ParsedCidr) | CidrProblem {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter an IPv4 or IPv6 address or a CIDR range' };
  if (text.includes('%'))
    return { ok: false, message: 'An address with a zone (%…) cannot be allowed: leave the zone out' };
  const slash = text.indexOf('/');
  const addressText = slash < 0 ? text : text.slice(0, slash);
  const prefixText = slash < 0 ? null : text.slice(slash + 1);
  const address = parseAddress(addressText);
  if (!address)
    return {
      ok: false,
      message: `${addressText.slice(0, 60)} is not an IPv4 or IPv6 address (e.g. 203.0.113.7, 203.0.113.0/24, 2001:db8::/48)`,
    };
  const written6 = addressText.includes(':');
  let prefix: number;
  if (prefixText === null) prefix = BITS[address.family];
  else {
    if (!/^\d{1,3}$/.test(prefixText))
      return { ok: false, message: `/${prefixText.slice(0, 10)} is not a prefix length` };
    prefix = Number(prefixText);
    // A mapped IPv4 range is written with an IPv6 prefix (96 + the IPv4 one).
    if (written6 && address.family === 4) {
      if (prefix < 96 || prefix > 128)
        return { ok: false, message: 'An IPv4-mapped range needs a prefix from /96 to /128' };
      prefix -= 96;
    }
    if (prefix > BITS[address.family])
      return {
        ok: false,
        message: `An IPv${address.family} prefix is at most /${BITS[address.family]}`,
      };
  }
  const family = address.family;
  if (prefix < MIN_PREFIX[family])
    return {
      ok: false,
      message: `/${prefix} is too wide: an IPv${family} range may be at most /${MIN_PREFIX[family]} (${
        family === 4 ? '65,536 addresses' : 'one /48 site'
      })`,
    };
  const hostBits = BigInt(BITS[family] - prefix);
  const network = (address.value >> hostBits) << hostBits;
  if (network !== address.value)
    return {
      ok: false,
      message: `${text} has host bits set: the range is ${formatAddress(family, network)}/${prefix}`,
    };
  return { ok: true, family, network, prefix, cidr: `${formatAddress(family, network)}/${prefix}` };
}

/** True when `address` (a caller's address, any spelling, zone ignored) lies in one of `ranges`. */
export function addressInRanges(address: string, ranges: readonly ParsedCidr[]): boolean {
  const parsed = parseAddress(address, { allowZone: true });
  if (!parsed) return false;
  return ranges.some((r) => {
    if (r.family !== parsed.family) return false;
    const hostBits = BigInt(BITS[r.family] - r.prefix);
    return parsed.value >> hostBits === r.network >> hostBits;
  });
}
