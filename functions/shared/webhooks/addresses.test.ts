import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nonPublicReason, parseIpv6 } from './addresses.ts';

describe('public addresses', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.215.14'],
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['192.169.0.1'],
    ['169.253.255.255'],
    ['223.255.255.255'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:80b::200e'],
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
    ['64:ff9b::808:808'],
    ['2002:808:808::1'],
  ])('%s is public', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it.each([
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.0.1', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['192.0.0.170', 'IETF'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['203.0.113.7', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['64:ff9b::a00:1', 'NAT64 private'],
    ['2002:a9fe:a9fe::', '6to4 link-local'],
    ['::127.0.0.1', 'reserved IPv6'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['100::1', 'discard'],
    ['4000::1', 'reserved IPv6'],
    ['localhost', 'not an IP address'],
    ['fe80::1%eth0', 'not an IP address'],
  ])('%s is refused as %s', (address, why) => {
    expect(nonPublicReason(address)).toContain(why);
  });
});

const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255));
const dotted = (b: readonly number[]) => b.join('.');
const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);

/** Every spelling of sixteen bytes: full, zero-padded, and with the longest zero run compressed. */
function spellings(bytes: readonly number[]): string[] {
  const words = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] ?? 0) << 8) | (bytes[2 * i + 1] ?? 0));
  const full = words.map((w) => w.toString(16)).join(':');
  const padded = words.map((w) => w.toString(16).padStart(4, '0')).join(':');
  let best = [-1, 0];
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > (best[1] ?? 0)) best = [i, j - i];
  }
  const [at = -1, len = 0] = best;
  const compressed =
    at < 0
      ? full
      : `${words
          .slice(0, at)
          .map((w) => w.toString(16))
          .join(':')}::${words
          .slice(at + len)
          .map((w) => w.toString(16))
          .join(':')}`;
  return [full, padded, compressed];
}

describe('address classification, properties', () => {
  it('an IPv4 address is judged the same in every IPv6 form that carries it', () => {
    fc.assert(
      fc.property(v4, (b) => {
        const plain = nonPublicReason(dotted(b)) === null;
        const forms = [
          `::ffff:${dotted(b)}`,
          `::ffff:${hex(b[0], b[1])}:${hex(b[2], b[3])}`,
          `0:0:0:0:0:ffff:${hex(b[0], b[1])}:${hex(b[2], b[3])}`,
          `64:ff9b::${dotted(b)}`,
          `2002:${hex(b[0], b[1])}:${hex(b[2], b[3])}::1`,
        ];
        for (const form of forms) expect(nonPublicReason(form) === null, form).toBe(plain);
      }),
    );
  });

  it('parses every spelling of an IPv6 address to the same bytes and the same verdict', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.nat(255)), { minLength: 16, maxLength: 16 }),
        (bytes) => {
          const verdicts = new Set<string | null>();
          for (const text of spellings(bytes)) {
            expect(parseIpv6(text), text).toEqual(bytes);
            verdicts.add(nonPublicReason(text));
          }
          expect(verdicts.size).toBe(1);
        },
      ),
    );
  });

  it('refuses every address of the private, loopback, link-local and CGNAT ranges', () => {
    const inRange = (first: number[], bits: number) =>
      fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((r) =>
        r.map((x, i) => {
          const keep = Math.max(0, Math.min(8, bits - 8 * i));
          const mask = (0xff << (8 - keep)) & 0xff;
          return ((first[i] ?? 0) & mask) | (x & ~mask & 0xff);
        }),
      );
    const ranges: [number[], number][] = [
      [[10], 8],
      [[172, 16], 12],
      [[192, 168], 16],
      [[127], 8],
      [[169, 254], 16],
      [[100, 64], 10],
      [[0], 8],
      [[224], 4],
    ];
    for (const [first, bits] of ranges) {
      fc.assert(
        fc.property(inRange(first, bits), (b) => {
          expect(nonPublicReason(dotted(b))).not.toBeNull();
          expect(nonPublicReason(`::ffff:${dotted(b)}`)).not.toBeNull();
        }),
        { numRuns: 50 },
      );
    }
  });

  it('refuses every IPv6 address outside global unicast, and unique-local and link-local ones', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(255), { minLength: 16, maxLength: 16 }), (bytes) => {
        const first = bytes[0] ?? 0;
        const text = spellings(bytes)[2] ?? '';
        const carriesV4 =
          (bytes.slice(0, 10).every((x) => x === 0) && bytes[10] === 0xff && bytes[11] === 0xff) ||
          (first === 0x20 && bytes[1] === 0x02) ||
          (first === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b);
        if ((first & 0xe0) !== 0x20 && !carriesV4) expect(nonPublicReason(text)).not.toBeNull();
        if ((first & 0xfe) === 0xfc || (first === 0xfe && ((bytes[1] ?? 0) & 0xc0) === 0x80))
          expect(nonPublicReason(text)).not.toBeNull();
      }),
    );
  });
});
