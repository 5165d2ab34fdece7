/**
 * The identity the public tier counts by. IPv4 addresses count one by one. An IPv6 client usually owns a
 * whole /64 and can change the rest at will, so IPv6 addresses count per /64. IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`, as Node reports IPv4 peers on dual-stack sockets) counts as the IPv4 address.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The counting subject for a client address: `1.2.3.4` or `2001:db8:0:1::/64`. */
export function ipSubject(address: string): string {
  const ip = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (isIPv4(ip)) return ip;
  // Anything else is no address (API Gateway's sourceIp always is one): one shared subject, so text a
  // client chose can never become a counter of its own.
  if (!isIPv6(ip)) return 'unknown';
  const groups = expandIPv6(ip).slice(0, 4);
  return `${groups.map((g) => Number.parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as hex strings. */
function expandIPv6(ip: string): string[] {
  let text = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4 !== null) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right];
}
