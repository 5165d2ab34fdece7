/**
 * Which IP addresses a webhook may be delivered to when deployed: public unicast only. Everything a
 * request from inside our network could reach but the internet could not (private and shared ranges,
 * loopback, link-local with the cloud metadata address 169.254.169.254, unique-local IPv6, multicast,
 * reserved and documentation ranges) is refused, in every spelling: an IPv4 address written as an IPv6
 * one (`::ffff:10.0.0.1`, `::ffff:a00:1`), behind the NAT64 prefix or inside a 6to4 address is judged by
 * the IPv4 address it carries. IPv6 outside global unicast (2000::/3) is refused whole.
 */
import { isIPv4, isIPv6 } from 'node:net';

interface Range {
  readonly base: readonly number[];
  readonly bits: number;
  readonly why: string;
}

const v4 = (text: string, bits: number, why: string): Range => ({
  base: text.split('.').map(Number),
  bits,
  why,
});

/** Special-purpose IPv4 ranges (IANA registry, RFC 6890 and successors) a webhook may not reach. */
const IPV4_REFUSED: readonly Range[] = [
  v4('0.0.0.0', 8, '"this network" (0.0.0.0/8)'),
  v4('10.0.0.0', 8, 'private (10.0.0.0/8)'),
  v4('100.64.0.0', 10, 'shared carrier-grade NAT space (100.64.0.0/10)'),
  v4('127.0.0.0', 8, 'loopback (127.0.0.0/8)'),
  v4('169.254.0.0', 16, 'link-local (169.254.0.0/16, where cloud metadata services answer)'),
  v4('172.16.0.0', 12, 'private (172.16.0.0/12)'),
  v4('192.0.0.0', 24, 'IETF protocol assignments (192.0.0.0/24)'),
  v4('192.0.2.0', 24, 'documentation (192.0.2.0/24)'),
  v4('192.88.99.0', 24, '6to4 relay anycast (192.88.99.0/24)'),
  v4('192.168.0.0', 16, 'private (192.168.0.0/16)'),
  v4('198.18.0.0', 15, 'benchmarking (198.18.0.0/15)'),
  v4('198.51.100.0', 24, 'documentation (198.51.100.0/24)'),
  v4('203.0.113.0', 24, 'documentation (203.0.113.0/24)'),
  v4('224.0.0.0', 4, 'multicast (224.0.0.0/4)'),
  v4('240.0.0.0', 4, 'reserved (240.0.0.0/4, with the broadcast address)'),
];

const v6 = (groups: readonly number[], bits: number, why: string): Range => ({
  base: groups.flatMap((g) => [g >> 8, g & 0xff]),
  bits,
  why,
});

/** IPv6 ranges refused outright (inside and outside 2000::/3), checked before the global-unicast rule. */
const IPV6_REFUSED: readonly Range[] = [
  v6([0, 0, 0, 0, 0, 0, 0, 0], 128, 'unspecified (::)'),
  v6([0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback (::1)'),
  v6([0xfc00], 7, 'unique-local (fc00::/7)'),
  v6([0xfe80], 10, 'link-local (fe80::/10)'),
  v6([0xfec0], 10, 'site-local (fec0::/10)'),
  v6([0xff00], 8, 'multicast (ff00::/8)'),
  v6([0x64, 0xff9b, 1], 48, 'local-use NAT64 (64:ff9b:1::/48)'),
  v6([0x100], 64, 'discard-only (100::/64)'),
  v6([0x2001, 0xdb8], 32, 'documentation (2001:db8::/32)'),
  v6([0x3fff], 20, 'documentation (3fff::/20)'),
  v6([0x2001], 23, 'IETF protocol assignments and Teredo (2001::/23)'),
];

/** IPv6 prefixes that carry an IPv4 address (at byte `at`): judged by that address. */
const CARRIES_V4: readonly (Range & { readonly at: number })[] = [
  { ...v6([0, 0, 0, 0, 0, 0xffff], 96, 'IPv4-mapped'), at: 12 },
  { ...v6([0x64, 0xff9b], 96, 'NAT64'), at: 12 },
  { ...v6([0x2002], 16, '6to4'), at: 2 },
];

function inRange(bytes: readonly number[], range: Range): boolean {
  let bits = range.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.base[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The four bytes of a dotted-quad IPv4 address, or null. */
export function parseIpv4(text: string): number[] | null {
  if (!isIPv4(text)) return null;
  return text.split('.').map(Number);
}

/** The sixteen bytes of an IPv6 address (any RFC 4291 spelling, no zone), or null. */
export function parseIpv6(text: string): number[] | null {
  if (!isIPv6(text) || text.includes('%')) return null;
  let tail: number[] = [];
  let rest = text;
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (dotted.includes('.')) {
    const four = parseIpv4(dotted);
    if (four === null) return null;
    tail = four;
    rest = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', after] = rest.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  const right = after === undefined ? [] : groups(after);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (after === undefined && missing !== 0)) return null;
  const words = [...left, ...new Array<number>(missing).fill(0), ...right];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function ipv4Refusal(bytes: readonly number[]): string | null {
  return IPV4_REFUSED.find((r) => inRange(bytes, r))?.why ?? null;
}

/**
 * Why `address` (an IPv4 or IPv6 literal, without brackets) is no public unicast address, or null when
 * it is one. Text that is no IP address at all is refused too.
 */
export function nonPublicReason(address: string): string | null {
  const four = parseIpv4(address);
  if (four !== null) return ipv4Refusal(four);
  const bytes = parseIpv6(address);
  if (bytes === null) return 'not an IP address';
  for (const carrier of CARRIES_V4) {
    if (!inRange(bytes, carrier)) continue;
    const inner = ipv4Refusal(bytes.slice(carrier.at, carrier.at + 4));
    return inner === null ? null : `${carrier.why} ${inner}`;
  }
  const refused = IPV6_REFUSED.find((r) => inRange(bytes, r));
  if (refused !== undefined) return refused.why;
  // Global unicast is 2000::/3; everything else is reserved by IANA.
  return ((bytes[0] ?? 0) & 0xe0) === 0x20 ? null : 'reserved IPv6 (outside global unicast 2000::/3)';
}
