import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { onlyJob, workBudget } from '../../../../test/support/solver.ts';
import { POOL_LARGE_COLUMNS, POOL_LARGE_ITEM_TYPES, type Residual } from '../../../master/index.ts';
import { type Job, rng } from '../../../model/index.ts';
import { ColumnGeneration, largePool } from './column-generation.ts';
import { SquarePricing } from './square-pricing.ts';

/** Columns leave the LP after two idle solves, looked for every solve, whatever the LP's size. */
const EAGER = { age: 2, period: 1, minColumns: 0, rowsFactor: 0 };
/** The same, scanned beside the pricing in each round (`withPricing`) and idle from 1e-3 of a bar. */
const BESIDE = { ...EAGER, withPricing: true, reducedCost: 1e-3 };

/** A random job of `m` part lengths on one or two priced stocks. */
function randomJob(seed: number, m: number, twoStocks: boolean): Job {
  const r = rng(seed);
  const lengths = new Set<number>();
  while (lengths.size < m) lengths.add(80 + Math.floor(r() * 900));
  const parts = [...lengths].map((length) => ({ length, quantity: 1 + Math.floor(r() * 4) }));
  const stocks = twoStocks
    ? [
        { length: 1000, price: 10 },
        { length: 1400, price: 13 + Math.floor(r() * 3) },
      ]
    : [{ length: 1000 }];
  return onlyJob({ parts, stocks });
}

function rootOf(job: Job): Residual {
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const hi = Float64Array.from(job.sources, (s) => s.supply);
  return { demand, lo: new Float64Array(hi.length), hi, usage: 0 };
}

/** Solves each residual in turn on one master (as the dives and the tree do); LP values and pool sizes. */
async function walk(job: Job, residuals: readonly Residual[], pool: 'eager' | 'beside' | 'off') {
  const { engine, budget } = await workBudget(100_000);
  const first = residuals[0];
  if (!first) throw new Error('no residual');
  const tuning = pool === 'eager' ? EAGER : pool === 'beside' ? BESIDE : null;
  const cg = new ColumnGeneration(job, engine, first, tuning ? { pool: tuning } : {});
  try {
    return residuals.map((r) => {
      cg.setResidual(r);
      const out = cg.solve(budget);
      const made = new Float64Array(job.items.length);
      out.x.forEach((v, j) => {
        cg.columns[j]?.counts.forEach((c, i) => {
          made[i] = (made[i] ?? 0) + c * v;
        });
      });
      return { out, pooled: cg.pooledCount, made };
    });
  } finally {
    cg.dispose();
  }
}

/** The root with its LP's busiest arc of fractional flow bounded down (the root itself when none). */
async function arcBranch(job: Job, root: Residual): Promise<Residual> {
  const { engine, budget } = await workBudget(100_000);
  const cg = new ColumnGeneration(job, engine, root);
  try {
    const out = cg.solve(budget);
    let best: { key: string; flow: number } | null = null;
    for (const [key, f] of cg.arcFlows(out.x)) {
      if (f.flow - Math.floor(f.flow) < 1e-6) continue;
      if (!best || f.flow > best.flow) best = { key, flow: f.flow };
    }
    if (!best) return root;
    return {
      ...root,
      arcs: new Map([[best.key, { lo: Number.NEGATIVE_INFINITY, hi: Math.floor(best.flow) }]]),
    };
  } finally {
    cg.dispose();
  }
}

describe('column pool', () => {
  it('reaches the same LP value with the pool on and off, on every residual of a walk', async () => {
    let pooledSomewhere = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 8, max: 40 }),
        fc.boolean(),
        async (seed, m, two) => {
          const job = randomJob(seed, m, two);
          const root = rootOf(job);
          // The root, a residual with less demand (a dive), a source bounded (a branch), the root again.
          const less: Residual = { ...root, demand: root.demand.map((d, i) => (i % 3 === 0 ? 0 : d)) };
          const hi = root.hi.slice();
          hi[0] = Math.max(1, Math.floor(job.items.reduce((s, it) => s + it.weight * it.demand, 0) / 3000));
          const bounded: Residual = { ...root, hi };
          // An arc branch, as the tree makes: the root LP's busiest fractional arc bounded down. Columns
          // crossing it that were pooled on the way must meet its row when they come back.
          const arced = await arcBranch(job, root);
          const steps = [root, less, bounded, arced, root];
          const off = await walk(job, steps, 'off');
          for (const mode of ['eager', 'beside'] as const) {
            const on = await walk(job, steps, mode);
            steps.forEach((_, s) => {
              const a = on[s];
              const b = off[s];
              if (!a || !b) throw new Error('missing step');
              expect(a.out.status).toBe(b.out.status);
              if (b.out.status !== 'optimal') return;
              expect(a.out.lpValue).toBeCloseTo(b.out.lpValue, 6);
              expect(a.out.bound).toBeLessThanOrEqual(a.out.lpValue + 1e-6);
              // The LP's columns cover the residual's demand (where it needs no artificial column).
              if (a.out.artificial > 1e-6) return;
              steps[s]?.demand.forEach((d, i) => {
                expect(a.made[i]).toBeGreaterThanOrEqual(d - 1e-6);
              });
              pooledSomewhere += a.pooled;
            });
          }
        },
      ),
      { numRuns: 12, seed: 41 },
    );
    // The property would hold trivially if no column ever left the LP.
    expect(pooledSomewhere).toBeGreaterThan(0);
  });

  it('brings a pooled column back when the duals price it out', async () => {
    const job = randomJob(7, 30, false);
    const root = rootOf(job);
    const { engine, budget } = await workBudget(100_000);
    const cg = new ColumnGeneration(job, engine, root, { pool: EAGER });
    try {
      const first = cg.solve(budget);
      expect(first.status).toBe('optimal');
      expect(cg.pooledCount).toBeGreaterThan(0);
      const pooledBefore = cg.pooledCount;
      // Half the demand: other patterns pay now, some of them pooled ones.
      const half: Residual = { ...root, demand: root.demand.map((d, i) => (i % 2 === 0 ? d : 0)) };
      cg.setResidual(half);
      const second = cg.solve(budget);
      expect(second.status).toBe('optimal');
      const fresh = await walk(job, [half], 'off');
      expect(second.lpValue).toBeCloseTo(fresh[0]?.out.lpValue ?? Number.NaN, 6);
      cg.setResidual(root);
      const again = cg.solve(budget);
      expect(again.lpValue).toBeCloseTo(first.lpValue, 6);
      // Some pooled column went back into the LP on the way (the pool does not only grow).
      expect(cg.returnedCount).toBeGreaterThan(0);
      expect(pooledBefore).toBeGreaterThan(0);
    } finally {
      cg.dispose();
    }
  });
});

describe('column pool scanned beside the pricing (`withPricing`, technique `pool-large`)', () => {
  it('prices every round: no master solve is spent on pooled columns alone', async () => {
    const price = vi.spyOn(SquarePricing.prototype, 'price');
    let returned = 0;
    try {
      for (const seed of [3, 11, 29]) {
        const job = randomJob(seed, 36, false);
        const root = rootOf(job);
        const less: Residual = { ...root, demand: root.demand.map((d, i) => (i % 2 === 0 ? d : 0)) };
        const { engine, budget } = await workBudget(100_000);
        const cg = new ColumnGeneration(job, engine, root, { pool: BESIDE });
        try {
          for (const r of [root, less, root, less, root]) {
            cg.setResidual(r);
            price.mockClear();
            const out = cg.solve(budget);
            expect(out.status).toBe('optimal');
            // Each master solve but a stopped run's last is followed by at least one pricing call.
            expect(price.mock.calls.length).toBeGreaterThanOrEqual(out.iterations);
          }
          returned += cg.returnedCount;
        } finally {
          cg.dispose();
        }
      }
    } finally {
      price.mockRestore();
    }
    // Pooled columns did come back on the way (else the test proves nothing about the scan).
    expect(returned).toBeGreaterThan(0);
  });

  it('is for full-bar one-bar jobs of many lengths only', () => {
    const big = randomJob(5, POOL_LARGE_ITEM_TYPES, false);
    expect(largePool(big, true)).toMatchObject({ withPricing: true, minColumns: POOL_LARGE_COLUMNS });
    expect(largePool(big, false)).toBeUndefined();
    expect(largePool(randomJob(5, POOL_LARGE_ITEM_TYPES - 1, false), true)).toBeUndefined();
    expect(largePool(randomJob(5, 40, true), true)).toBeUndefined();
  });
});
