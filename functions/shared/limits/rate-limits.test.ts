import { describe, expect, it } from 'vitest';
import { TIERS } from '../tiers.ts';
import { bindingStatus, countersFor, rateLimited } from './rate-limits.ts';

const NOW = Date.parse('2025-03-10T13:20:00.000Z');
const ip = { kind: 'ip', ip: '203.0.113.7' } as const;

describe('countersFor', () => {
  it('counts a public call per month first, then per hour', () => {
    const [month, hour, more] = countersFor(TIERS.public, ip, NOW);
    expect(month?.window.id).toBe('month@2025-03');
    expect(month?.limit).toBe(250);
    expect(hour?.window.id).toBe('3600s@2025-03-10T13:00:00.000Z');
    expect(hour?.limit).toBe(30);
    expect(more).toBeUndefined();
  });
  it('counts a paid call per minute only', () => {
    const counters = countersFor(TIERS.pro, { kind: 'key', keyId: '0123456789abcdef' }, NOW);
    expect(counters.map((c) => [c.window.id, c.limit])).toEqual([['60s@2025-03-10T13:20:00.000Z', 60]]);
  });
});

describe('bindingStatus', () => {
  const [month, hour] = countersFor(TIERS.public, ip, NOW);
  if (month === undefined || hour === undefined) throw new Error('two counters');
  it.each([
    [10, 1, 30, 29, '2025-03-10T14:00:00.000Z'],
    [245, 3, 250, 5, '2025-04-01T00:00:00.000Z'],
    [230, 10, 250, 20, '2025-04-01T00:00:00.000Z'],
  ])('reports the binding window (month %i used, hour %i used)', (mUsed, hUsed, limit, remaining, reset) => {
    expect(
      bindingStatus([
        { counter: month, used: mUsed },
        { counter: hour, used: hUsed },
      ]),
    ).toEqual({ limit, remaining, resetAtMs: Date.parse(reset) });
  });
});

describe('rateLimited', () => {
  const HINT = 'On this local server, make a key with `npx cutplan keys create --workspace demo --tier pro`.';
  const [, hour] = countersFor(TIERS.public, ip, NOW);
  const [minute] = countersFor(TIERS.pro, { kind: 'key', keyId: '0123456789abcdef' }, NOW);
  if (hour === undefined || minute === undefined) throw new Error('counters');

  it.each([
    ['a public refusal with the local hint', TIERS.public, hour, HINT, true],
    ['a public refusal without one (deployed)', TIERS.public, hour, null, false],
    ['a keyed refusal (the key is the remedy already)', TIERS.pro, minute, HINT, false],
  ] as const)('ends %s accordingly', (_, tier, counter, hint, shown) => {
    const error = rateLimited(tier, counter, NOW, hint);
    expect(error.message.endsWith(HINT)).toBe(shown);
    expect(error.message).toMatch(/It resets at \d{4}-\d\d-\d\dT[\d:.]+Z\./);
  });
});
