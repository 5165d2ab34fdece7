/**
 * The dive's completions: a rounded-down LP packed greedily, and (jobs with several kinds of bar) the
 * same LP rounded up where first-fit decreasing would waste a bar.
 */
import { describe, expect, it } from 'vitest';
import { onlyJob, workBudget } from '../../../../test/support/solver.ts';
import type { Residual } from '../../../master/index.ts';
import { Incumbent, newTrace } from '../../../model/index.ts';
import { ColumnGeneration } from '../master/index.ts';
import { Diver } from './dive.ts';

/**
 * Pieces 5, 4, 3, 3, 3 and 2 on bars of 10 (and a dear second stock): first-fit decreasing needs three
 * bars ([5, 4], [3, 3, 3], [2]), two are enough ([5, 3, 2], [4, 3, 3]).
 */
function ffdTrap() {
  return onlyJob({
    parts: [
      { length: 5, quantity: 1 },
      { length: 4, quantity: 1 },
      { length: 3, quantity: 3 },
      { length: 2, quantity: 1 },
    ],
    stocks: [
      { length: 10, price: 1 },
      { length: 10, price: 100 },
    ],
    kerf: 0,
  });
}

/** The cost of the best plan a completion offers from an LP solution `x` over the two good bars. */
async function completed(roundUp: boolean, x: readonly number[]): Promise<number | undefined> {
  const job = ffdTrap();
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const hi = Float64Array.from(job.sources, (s) => s.supply);
  const root: Residual = { demand, lo: new Float64Array(hi.length), hi, usage: 0 };
  const { engine, budget } = await workBudget(100);
  const cg = new ColumnGeneration(job, engine, root);
  try {
    const weights = job.items.map((it) => it.weight);
    const bar = (lengths: number[]) => Int32Array.from(weights, (w) => lengths.filter((l) => l === w).length);
    cg.addColumn(0, bar([5, 3, 2]));
    cg.addColumn(0, bar([4, 3, 3]));
    const inc = new Incumbent(job, 0);
    const diver = new Diver(job, cg, budget, newTrace(), inc, () => false, roundUp);
    diver.complete(Float64Array.from(x), root, []);
    expect(inc.rejected).toEqual([]);
    return inc.plan?.cost;
  } finally {
    cg.dispose();
  }
}

describe('dive completions', () => {
  it('round the most fractional columns up when first-fit decreasing wastes a bar', async () => {
    expect(await completed(false, [0.8, 0.9])).toBe(3);
    expect(await completed(true, [0.8, 0.9])).toBe(2);
  });

  it.each([[[0.5, 0.6]], [[0.2, 0.1]]])(
    'leave columns at or below the threshold to the greedy pass (x = %j)',
    async (x) => {
      expect(await completed(true, x)).toBe(3);
    },
  );

  it('take whole bars as they are, rounded up or not', async () => {
    expect(await completed(false, [1, 1])).toBe(2);
    expect(await completed(true, [1, 1])).toBe(2);
  });
});
