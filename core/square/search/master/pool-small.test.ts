/**
 * The small column pool (technique `pool-small`): which jobs' masters get it, and that on the composite
 * engine it keeps a master on the dense simplex (deleting only non-basic columns) with the optimum HiGHS
 * finds for the same walk without any pool.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { practicalJob } from '../../../../test/fixtures/practical.ts';
import { countedSolve, onlyJob, workBudget } from '../../../../test/support/solver.ts';
import { compositeEngine, createHighsEngine, type LpEngine } from '../../../lp/index.ts';
import type { CgStop, PoolTuning, Residual } from '../../../master/index.ts';
import { type Job, rng } from '../../../model/index.ts';
import { createLpEngine, type OptimiseContext } from '../../../optimise.ts';
import { ColumnGeneration, smallPool } from './column-generation.ts';

/** A random job of `m` part lengths on `stocks` priced stock lengths. */
function randomJob(seed: number, m: number, stocks: number): Job {
  const r = rng(seed);
  const lengths = new Set<number>();
  while (lengths.size < m) lengths.add(60 + Math.floor(r() * 900));
  const parts = [...lengths].map((length) => ({ length, quantity: 1 + Math.floor(r() * 5) }));
  const all = [
    { length: 1000, price: 10 },
    { length: 1400, price: 13 + Math.floor(r() * 3) },
    { length: 1700, price: 16 + Math.floor(r() * 3) },
  ];
  return onlyJob({ parts, stocks: all.slice(0, stocks) });
}

function rootOf(job: Job): Residual {
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const hi = Float64Array.from(job.sources, (s) => s.supply);
  return { demand, lo: new Float64Array(hi.length), hi, usage: 0 };
}

/** A dive's residuals: a few items dropped at a time, then the root again (as backtracking does). */
function walkOf(job: Job, seed: number): Residual[] {
  const root = rootOf(job);
  const r = rng(seed);
  const steps: Residual[] = [root];
  let demand = root.demand.slice();
  for (let s = 0; s < 6; s++) {
    demand = demand.map((d) => (r() < 0.25 ? Math.max(0, d - 1) : d));
    steps.push({ ...root, demand: demand.slice() });
  }
  const hi = root.hi.slice();
  hi[1] = 2;
  steps.push({ ...root, hi }, root);
  return steps;
}

/**
 * Column generation over each residual in turn on one master; the LP values, and a quick stop (a few
 * rounds) on every other step, so a solve that ages no column (the stop's last solve) comes between.
 */
async function walk(job: Job, steps: readonly Residual[], base: LpEngine, pool?: PoolTuning) {
  const { engine, budget } = await workBudget(100_000, base);
  const first = steps[0];
  if (!first) throw new Error('no residual');
  const cg = new ColumnGeneration(job, engine, first, pool ? { pool } : {});
  try {
    const values = steps.map((r, s) => {
      cg.setResidual(r);
      const stop: CgStop = s % 2 === 1 ? { rounds: 3 } : {};
      cg.solve(budget, stop);
      return cg.solve(budget).lpValue;
    });
    return { values, pooled: cg.pooledCount + cg.returnedCount };
  } finally {
    cg.dispose();
  }
}

describe('the small pool (technique pool-small)', () => {
  it.each([
    { name: 'several kinds of bar, practical size', stocks: 2, m: 30, pooled: true },
    { name: 'three kinds of bar', stocks: 3, m: 60, pooled: true },
    { name: 'one kind of bar (the hard sets)', stocks: 1, m: 30, pooled: false },
    { name: 'past the practical item types', stocks: 2, m: 61, pooled: false },
  ])('$name: pooled $pooled', ({ stocks, m, pooled }) => {
    const job = randomJob(3, m, stocks);
    const tuning = smallPool(job);
    expect(tuning !== undefined).toBe(pooled);
    if (tuning) expect(tuning.scan).toBe(false);
  });

  it('keeps masters on the dense simplex, at the optimum HiGHS finds without a pool', async () => {
    const highs = await createHighsEngine();
    let pooledSomewhere = 0;
    let handedWithout = 0;
    const handedWith = { scan: 0, none: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 14, max: 30 }),
        async (seed, m) => {
          const job = randomJob(seed, m, 2 + (seed % 2));
          const steps = walkOf(job, seed);
          // A column limit of 4m + 40 (artificial columns included) and a floor of m generated columns.
          const limit = 4 * m + 40;
          const tuning: PoolTuning = { age: 3, period: 1, minColumns: m, rowsFactor: 0, scan: false };
          const truth = await walk(job, steps, highs);
          const plain = compositeEngine(highs, { maxRows: 80, maxColumns: limit });
          const off = await walk(job, steps, plain);
          handedWithout += plain.stats.handedOver.columns ?? 0;
          for (const scan of [true, false]) {
            const pooled = compositeEngine(highs, { maxRows: 80, maxColumns: limit });
            const on = await walk(job, steps, pooled, { ...tuning, scan });
            on.values.forEach((v, s) => {
              const want = truth.values[s] ?? Number.NaN;
              // Column generation stops at reduced costs of 1e-6 of a bar's cost: LPs a hair apart.
              const tol = 1e-5 * Math.max(1, Math.abs(want));
              expect(Math.abs((off.values[s] ?? Number.NaN) - want)).toBeLessThanOrEqual(tol);
              // Scanned, the pool gives back every column that prices out: the LP is the one without a
              // pool. Not scanned, a column cut for more pieces than a dive's residual needs stays out
              // (the pricing offers only patterns within the residual): that LP is as tight or tighter,
              // and the same wherever the residual asks for the root's pieces (the first and last steps).
              const full = steps[s]?.demand.every((d, i) => d === steps[0]?.demand[i]);
              if (scan || full) expect(Math.abs(v - want)).toBeLessThanOrEqual(tol);
              else expect(v).toBeGreaterThanOrEqual(want - tol);
            });
            // Only non-basic columns left the LP (every solve ages the columns): never a hand-over for a
            // basic one's delete.
            expect(pooled.stats.handedOver['delete-basic']).toBeUndefined();
            handedWith[scan ? 'scan' : 'none'] += pooled.stats.handedOver.columns ?? 0;
            pooledSomewhere += on.pooled;
          }
        },
      ),
      { numRuns: 10, seed: 58 },
    );
    // Trivial unless columns left the LP and the walks without a pool outgrew the limit; with the pool
    // fewer masters went over to HiGHS for their size (a burst of young columns, as at a root, still can).
    expect(pooledSomewhere).toBeGreaterThan(0);
    expect(handedWithout).toBeGreaterThan(0);
    expect(handedWith.scan).toBeLessThan(handedWithout);
    expect(handedWith.none).toBeLessThan(handedWithout);
  });

  it("is opt-in: moves a practical job's search only where asked and the dense simplex serves, same cost and proof", async () => {
    // Seed 104 (one stock and an offcut): its master went over to HiGHS at 300 columns after 26 solves.
    const engine = await createLpEngine();
    const run = (extra: Pick<OptimiseContext, 'on' | 'off'>) =>
      countedSolve(practicalJob(104), engine, extra);
    const on = new Set(['pool-small'] as const);
    // The service's context (`SolveContext`) has no `on`: what the service runs is the first.
    const [plain, pooled] = [await run({}), await run({ on })];
    expect(pooled.optimal && plain.optimal).toBe(true);
    expect(pooled.best).toBe(plain.best);
    expect(pooled.best).not.toBeNull();
    // The pool acted: another walk (fewer solves on this job: 253 → 116 in the ablation run).
    expect(pooled.solves).toBeLessThan(plain.solves);
    // Masters on HiGHS alone (`dense-lp` off): the pool is dropped, the walk is HiGHS's own.
    const off = new Set(['dense-lp'] as const);
    expect((await run({ on, off })).solves).toBe((await run({ off })).solves);
  });
});
