import { describe, expect, it } from 'vitest';
import { pricingQuery } from '../../../../test/support/pricing-query.ts';
import { onlyJob, workBudget } from '../../../../test/support/solver.ts';
import { LARGE_JOB_ITEM_TYPES, rng, type Technique } from '../../../model/index.ts';
import { ColumnGeneration } from './column-generation.ts';
import { SquarePricing } from './square-pricing.ts';

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

/**
 * A full-bar job of at least `LARGE_JOB_ITEM_TYPES` item types: `bars` bars of 10,000 each cut into three
 * pieces of distinct lengths, so a perfect packing exists and the optimum is `bars`.
 */
function distinctFullBarJob(seed: number, bars: number) {
  const r = rng(seed);
  const used = new Set<number>();
  const fresh = (lo: number, span: number): number => {
    for (;;) {
      const v = lo + Math.floor(r() * span);
      if (!used.has(v)) {
        used.add(v);
        return v;
      }
    }
  };
  const parts: { length: number; quantity: number }[] = [];
  while (parts.length < 3 * bars) {
    const a = fresh(2000, 3000);
    const b = fresh(2000, 3000);
    const c = 10_000 - a - b;
    if (used.has(c)) {
      used.delete(a);
      used.delete(b);
      continue;
    }
    used.add(c);
    parts.push({ length: a, quantity: 1 }, { length: b, quantity: 1 }, { length: c, quantity: 1 });
  }
  return onlyJob({ parts, stockLength: 10_000 });
}

describe('waste-limited pricing (technique waste-limit)', () => {
  it.each([1, 2, 3])(
    'one pricing call gives several disjoint full bars, each pricing out, none twice (seed %i)',
    (seed) => {
      const bars = 40;
      const job = distinctFullBarJob(seed, bars);
      expect(job.items.length).toBeGreaterThanOrEqual(LARGE_JOB_ITEM_TYPES);
      const cost = job.sources[0]?.cost ?? 1;
      const cap = job.sources[0]?.capacity ?? 1;
      // An incumbent one bar above the optimum: a better plan has only full bars.
      const port = new SquarePricing(job, () => 0);
      // Duals that price every full bar a little above its cost.
      const r = rng(seed + 100);
      const pi = Float64Array.from(job.items, (it) => (cost * it.weight) / cap + 0.001 * r());
      const reduced = (counts: Int32Array): number => {
        let v = 0;
        counts.forEach((c, i) => {
          v += c * (pi[i] ?? 0);
        });
        return cost - v;
      };
      const answer = port.price(
        pricingQuery(job, pi, { pricesOut: (c) => c.counts.some((k) => k > 0) && reduced(c.counts) < -1e-9 }),
      );
      expect(answer.exact).toBe(true);
      expect(answer.columns.length).toBeGreaterThan(1);
      const keys = new Set(answer.columns.map((c) => port.key(c)));
      expect(keys.size).toBe(answer.columns.length);
      const cover = new Int32Array(job.items.length);
      for (const c of answer.columns) {
        expect(reduced(c.counts)).toBeLessThan(0);
        let load = 0;
        c.counts.forEach((k, i) => {
          load += k * (job.items[i]?.weight ?? 0);
          cover[i] = (cover[i] ?? 0) + k;
        });
        expect(load).toBe(cap);
      }
      for (const k of cover) expect(k).toBeLessThanOrEqual(1);
      // The bound's value is the best full bar's: no column may be worth more.
      for (const c of answer.columns)
        expect(cost - reduced(c.counts)).toBeLessThanOrEqual((answer.values[0] ?? 0) + 1e-12);
    },
  );

  it.each([1, 2])(
    'reaches the optimum with full bars only and never bounds above it (seed %i)',
    async (seed) => {
      const bars = 40;
      const job = distinctFullBarJob(seed, bars);
      const cost = job.sources[0]?.cost ?? 1;
      const demand = Int32Array.from(job.items, (it) => it.demand);
      const hi = Float64Array.from(job.sources, (s) => s.supply);
      const root = { demand, lo: new Float64Array(hi.length), hi, usage: 0 };
      const run = async (off: readonly Technique[]) => {
        const { engine, budget } = await workBudget(60_000);
        const cg = new ColumnGeneration(job, engine, root, {
          pruneAt: () => (bars + 1) * cost,
          off: new Set(off),
        });
        try {
          const seeded = cg.columns.length;
          const out = cg.solve(budget);
          return { out, made: cg.columns.slice(seeded) };
        } finally {
          cg.dispose();
        }
      };
      const limited = await run([]);
      const plain = await run(['waste-limit']);
      for (const out of [limited.out, plain.out]) {
        expect(out.status).toBe('optimal');
        expect(out.lpValue).toBeCloseTo(bars * cost, 6);
        expect(out.bound).toBeLessThanOrEqual(bars * cost + 1e-9);
      }
      // Every generated bar is full; without the technique some are not, and more rounds are needed.
      const full = (c: { counts: Int32Array }) =>
        c.counts.reduce((a, k, i) => a + k * (job.items[i]?.weight ?? 0), 0) === job.sources[0]?.capacity;
      expect(limited.made.every(full)).toBe(true);
      expect(plain.made.every(full)).toBe(false);
      expect(limited.out.iterations).toBeLessThan(plain.out.iterations);
    },
  );
});
