import { describe, expect, it } from 'vitest';
import { TIERS } from '../shared/tiers.ts';
import { readTierOverrides } from './tier-overrides.ts';

describe('readTierOverrides', () => {
  it.each([undefined, '', '  '])('keeps the deployed tiers when the variable is %j', (text) => {
    expect(readTierOverrides(text)).toEqual({ ok: true, value: { tiers: TIERS, changes: [] } });
  });

  it('changes only the fields given, and lists them', () => {
    const read = readTierOverrides(
      '{"scale":{"rateLimit":100000,"concurrency":16},"public":{"monthlyCap":null}}',
    );
    if (!read.ok) throw new Error(read.error);
    expect(read.value.tiers.scale).toEqual({ ...TIERS.scale, rateLimit: 100_000, concurrency: 16 });
    expect(read.value.tiers.public).toEqual({ ...TIERS.public, monthlyCap: null });
    expect(read.value.tiers.pro).toBe(TIERS.pro);
    expect(read.value.changes).toEqual([
      'public.monthlyCap=null',
      'scale.rateLimit=100000',
      'scale.concurrency=16',
    ]);
    expect(TIERS.scale.rateLimit).toBe(240);
  });

  it.each([
    ['not JSON', '{scale:1}', 'is not JSON'],
    ['an unknown tier', '{"gold":{"rateLimit":1}}', 'gold'],
    ['an unknown field', '{"pro":{"rate":1}}', 'pro.rate'],
    ['a zero', '{"pro":{"rateLimit":0}}', 'pro.rateLimit'],
    ['a fraction', '{"pro":{"maxParts":1.5}}', 'pro.maxParts'],
    ['a renamed tier', '{"pro":{"name":"gold"}}', 'pro.name'],
  ])('refuses %s, naming it', (_, text, named) => {
    const read = readTierOverrides(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toContain(named);
  });
});
