import { describe, expect, it } from 'vitest';
import { onlyJob, workBudget } from '../../../../test/support/solver.ts';
import { rng } from '../../../model/index.ts';
import { ColumnGeneration } from './column-generation.ts';

/** A one-stock job with `m` distinct lengths, the size at which the substitution columns are used. */
function largeJob(seed: number, m: number) {
  const r = rng(seed);
  const lengths = new Set<number>();
  while (lengths.size < m) lengths.add(200 + Math.floor(r() * 500));
  const parts = [...lengths].map((length) => ({ length, quantity: 1 + Math.floor(r() * 3) }));
  return onlyJob({ parts, stockLength: 1000 });
}

describe('column generation', () => {
  it.each([1, 2, 3])(
    'reaches the same LP value with the substitution columns switched off, and covers demand by patterns alone (seed %i)',
    async (seed) => {
      const job = largeJob(seed, 120);
      const demand = Int32Array.from(job.items, (it) => it.demand);
      const hi = Float64Array.from(job.sources, (s) => s.supply);
      const root = { demand, lo: new Float64Array(hi.length), hi, usage: 0 };
      const { engine, budget } = await workBudget(60_000);
      const cg = new ColumnGeneration(job, engine, root);
      try {
        const withSubstitution = cg.solve(budget);
        cg.dropSubstitution();
        const alone = cg.solve(budget);
        expect(withSubstitution.status).toBe('optimal');
        expect(alone.status).toBe('optimal');
        expect(alone.lpValue).toBeCloseTo(withSubstitution.lpValue, 6);
        expect(alone.bound).toBeLessThanOrEqual(alone.lpValue + 1e-9);
        const made = new Float64Array(job.items.length);
        alone.x.forEach((v, j) => {
          cg.columns[j]?.counts.forEach((c, i) => {
            made[i] = (made[i] ?? 0) + c * v;
          });
        });
        job.items.forEach((it, i) => {
          expect(made[i]).toBeGreaterThanOrEqual(it.demand - 1e-6);
        });
      } finally {
        cg.dispose();
      }
    },
  );
});

/** `bars` bars of 10,000 each cut into three random pieces: a perfect packing exists, so the LP is `bars`. */
function fullBarJob(seed: number, bars: number) {
  const r = rng(seed);
  const parts: { length: number; quantity: number }[] = [];
  for (let b = 0; b < bars; b++) {
    const a = 1000 + Math.floor(r() * 4000);
    const c = 1000 + Math.floor(r() * (8000 - a));
    parts.push(
      { length: a, quantity: 1 },
      { length: c, quantity: 1 },
      { length: 10_000 - a - c, quantity: 1 },
    );
  }
  return onlyJob({ parts, stockLength: 10_000 });
}

describe('column generation with a floor', () => {
  it.each([1, 2])(
    'stops optimal once the master meets a valid lower bound, and not before (seed %i)',
    async (seed) => {
      const bars = 20;
      const job = fullBarJob(seed, bars);
      const demand = Int32Array.from(job.items, (it) => it.demand);
      const hi = Float64Array.from(job.sources, (s) => s.supply);
      const root = { demand, lo: new Float64Array(hi.length), hi, usage: 0 };
      const cost = job.sources[0]?.cost ?? 1;
      const run = async (floor?: number) => {
        const { engine, budget } = await workBudget(60_000);
        const cg = new ColumnGeneration(job, engine, root);
        try {
          cg.dropSubstitution();
          const out = cg.solve(budget, floor === undefined ? {} : { floor });
          const made = new Float64Array(job.items.length);
          out.x.forEach((v, j) => {
            cg.columns[j]?.counts.forEach((c, i) => {
              made[i] = (made[i] ?? 0) + c * v;
            });
          });
          return { out, made };
        } finally {
          cg.dispose();
        }
      };
      const plain = await run();
      const floored = await run(bars * cost);
      const below = await run((bars - 1) * cost);
      expect(plain.out.lpValue).toBeCloseTo(bars * cost, 6);
      // Met: the master's value is the floor, so its solution is optimal, found in fewer rounds.
      expect(floored.out.status).toBe('optimal');
      expect(floored.out.lpValue).toBeCloseTo(bars * cost, 6);
      expect(floored.out.iterations).toBeLessThan(plain.out.iterations);
      job.items.forEach((it, i) => {
        expect(floored.made[i]).toBeGreaterThanOrEqual(it.demand - 1e-6);
      });
      // A floor the LP never meets changes nothing.
      expect(below.out.iterations).toBe(plain.out.iterations);
      expect(below.out.lpValue).toBe(plain.out.lpValue);
    },
  );
});
