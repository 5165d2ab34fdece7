import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlyJob, workBudget } from '../../../../test/support/solver.ts';
import type { Residual } from '../../../master/index.ts';
import { type Ablation, type Job, NO_ABLATION, rng } from '../../../model/index.ts';
import { ColumnGeneration } from './column-generation.ts';
import { SquarePricing } from './square-pricing.ts';

// Waste-limited one-bar jobs priced at the master's own duals (technique `waste-unsmoothed`): every round
// prices once, at the duals the LP gave, and column generation reaches the same LP optimum as with
// smoothing; with the switch off, smoothed rounds that find nothing are priced again at the LP's duals.

/**
 * A random one-bar job of `m` (≥ 300: unsmoothed under the waste limit) part lengths in
 * [`shortest`, `shortest + span`) on a bar of `stockLength`.
 */
function largeJob(seed: number, m: number, stockLength = 1000, shortest = 150, span = 700): Job {
  const r = rng(seed);
  const lengths = new Set<number>();
  while (lengths.size < m) lengths.add(shortest + Math.floor(r() * span));
  const parts = [...lengths].map((length) => ({ length, quantity: 1 + Math.floor(r() * 2) }));
  return onlyJob({ parts, stockLength });
}

/** An incumbent far above the bound: the waste limit is loose but in force. */
function looseBars(job: Job): number {
  const load = job.items.reduce((a, it) => a + it.weight * it.demand, 0);
  return Math.ceil(load / (job.sources[0]?.capacity ?? 1)) + 20;
}

function rootOf(job: Job): Residual {
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const hi = Float64Array.from(job.sources, (s) => s.supply);
  return { demand, lo: new Float64Array(hi.length), hi, usage: 0 };
}

/** Column generation to the end under an incumbent of `bars` bars; its outcome and pricing calls. */
async function solve(job: Job, bars: number, off: Ablation) {
  const { engine, budget } = await workBudget(100_000);
  const cost = job.sources[0]?.cost ?? 1;
  const cg = new ColumnGeneration(job, engine, rootOf(job), { pruneAt: () => bars * cost, off });
  const price = vi.spyOn(SquarePricing.prototype, 'price');
  try {
    const out = cg.solve(budget);
    return { out, calls: price.mock.calls.length };
  } finally {
    price.mockRestore();
    cg.dispose();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('unsmoothed waste-limited rounds (technique waste-unsmoothed)', () => {
  it('prices once a round and reaches the smoothed LP optimum; smoothing prices some rounds twice', async () => {
    let twice = 0;
    for (const seed of [1, 2, 3]) {
      const job = largeJob(seed, 320);
      const bars = looseBars(job);
      const on = await solve(job, bars, NO_ABLATION);
      const off = await solve(job, bars, new Set(['waste-unsmoothed']));
      expect(on.out.status).toBe('optimal');
      expect(off.out.status).toBe('optimal');
      expect(on.calls).toBe(on.out.iterations);
      expect(off.calls).toBeGreaterThanOrEqual(off.out.iterations);
      if (off.calls > off.out.iterations) twice++;
      expect(on.out.lpValue).toBeCloseTo(off.out.lpValue, 5);
      expect(on.out.bound).toBeLessThanOrEqual(on.out.lpValue + 1e-6);
    }
    expect(twice).toBeGreaterThan(0);
  });
});

describe('unsmoothed rounds past 8 M DP cells (technique waste-unsmoothed-large)', () => {
  it('prices once a round on a job of about 14 M cells, and smoothed with the switch off', async () => {
    // 320 lengths on a bar of 30,000 (the weights' gcd 1): (C + 1) × chunks is past WASTE_UNSMOOTHED_CELLS.
    const job = largeJob(7, 320, 30000, 4500, 21000);
    expect(new SquarePricing(job).wasteDpFits(rootOf(job).demand, 8_000_000)).toBe(false);
    expect(new SquarePricing(job).wasteDpFits(rootOf(job).demand)).toBe(true);
    const bars = looseBars(job);
    const on = await solve(job, bars, NO_ABLATION);
    const off = await solve(job, bars, new Set(['waste-unsmoothed-large']));
    expect(on.out.status).toBe('optimal');
    expect(off.out.status).toBe('optimal');
    expect(on.calls).toBe(on.out.iterations);
    expect(off.calls).toBeGreaterThan(off.out.iterations);
    expect(on.out.lpValue).toBeCloseTo(off.out.lpValue, 5);
  }, 60_000);
});
