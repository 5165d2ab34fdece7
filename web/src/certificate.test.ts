/** The playground's certificate names what was proven: the cost, the waste or the stock bought (issue 32). */
import { describe, expect, it } from 'vitest';
import { createLpEngine, optimise } from '../../core/optimise.ts';
import { parseOptimiseBody } from '../../core/request/index.ts';
import type { OptimiseResponse } from '../../core/types.ts';
import { certificate } from './certificate.ts';

const lp = createLpEngine();
async function solve(body: unknown, budgetMs = 2000): Promise<OptimiseResponse> {
  const parsed = parseOptimiseBody(body, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  let t = 0;
  const clock = { now: () => 1_800_000_000_000, monotonic: () => (t += 0.001) };
  const r = await optimise(parsed.value, { lp: await lp, clock, budgetMs, tier: 'public', poweredBy: 't' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the playground certificate', () => {
  it.each([
    [
      'two stock lengths: a material proof, not a bar count (one 6500 bar cuts both parts)',
      { parts: [[3000, 2]], stocks: [{ length: 6500 }, { length: 3000 }] },
      'Proven optimal: no plan buys less stock. Verified against the cut list.',
    ],
    [
      'prices: the cost',
      {
        parts: [[3000, 2]],
        stocks: [
          { length: 6500, price: 10 },
          { length: 3000, price: 4 },
        ],
      },
      'Proven optimal: no plan costs less. Verified against the cut list.',
    ],
    [
      'least_waste: the waste',
      { parts: [[3000, 2]], stockLength: 6000, method: 'least_waste' },
      'Proven optimal: no plan wastes less material. Verified against the cut list.',
    ],
    [
      'offcuts_first: the offcuts, then the stock',
      { parts: [[3000, 2]], stockLength: 6000, offcuts: [[3500, 1]], method: 'offcuts_first' },
      'Proven optimal: it uses the most owned offcuts, and no plan using as much offcut material buys less stock. Verified against the cut list.',
    ],
  ])('%s', async (_, body, text) => {
    expect(certificate(await solve(body))).toEqual({ text, proven: true });
  });

  it('an unproven plan over two lengths states a floor in bars, not a gap in bars', () => {
    const response = {
      plan: { optimal: false, stockBarsUsed: 4, stockBarsLowerBound: 2.4, combinations: [] },
      stats: { totalCost: null },
      costLowerBound: null,
      meta: { method: 'balanced', objective: 'material' },
    } as unknown as OptimiseResponse;
    expect(certificate(response).text).toBe(
      'Not proven optimal: the search stopped before proving that no plan buys less stock; no plan needs fewer than 3 bars. Verified against the cut list.',
    );
  });
});
