import { describe, expect, it } from 'vitest';
import { solveBudgetMs } from './solve-budget.ts';
import { TIERS } from './tiers.ts';

describe('solveBudgetMs', () => {
  it.each([
    ['automatic on public: 5 s', null, 'public', null, 5_000],
    ['a short request', 1.5, 'public', null, 1_500],
    ['a request over the public cap: 20 s', 60, 'public', null, 20_000],
    ['a long request on scale', 300, 'scale', null, 300_000],
    ['automatic on scale stays 5 s', null, 'scale', null, 5_000],
    ['zero', 0, 'pro', null, 0],
    ['capped by the Lambda time left minus headroom', 20, 'public', 9_000, 8_000],
    ['never below the floor when the Lambda is nearly out of time', 20, 'public', 500, 50],
    ['untouched when the Lambda has plenty of time', 2, 'public', 900_000, 2_000],
  ] as const)('gives %s', (_, requested, tier, remaining, expected) => {
    expect(
      solveBudgetMs({
        requestedSeconds: requested,
        tier: TIERS[tier],
        remainingMs: remaining,
        headroomMs: 1_000,
      }),
    ).toBe(expected);
  });

  it.each([
    ['a route cap below the tier caps a long request', 600, 'scale', 240, 240_000],
    ['a route cap above the tier leaves the tier', 600, 'public', 240, 20_000],
    ['automatic under a route cap below 5 s', null, 'scale', 2, 2_000],
    ['a request below the route cap is untouched', 30, 'scale', 240, 30_000],
  ] as const)('gives %s', (_, requested, tier, cap, expected) => {
    const input = { requestedSeconds: requested, tier: TIERS[tier], remainingMs: null, headroomMs: 1_000 };
    expect(solveBudgetMs({ ...input, routeCapSeconds: cap })).toBe(expected);
  });
});
