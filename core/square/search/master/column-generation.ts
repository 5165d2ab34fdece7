/**
 * The covering master over square patterns: the kernel's {@link CoveringMaster} with the square pricing
 * port (knapsacks, the arc DP where branching bounds arc flows) and the square arcs' flows.
 */

import type { Budget } from '../../../budget.ts';
import type { LpEngine } from '../../../lp/index.ts';
import {
  type CgOutcome,
  type CgStop,
  CoveringMaster,
  DualTolerance,
  POOL_LARGE_AGE,
  POOL_LARGE_COLUMNS,
  POOL_LARGE_ITEM_TYPES,
  POOL_LARGE_PERIOD,
  POOL_LARGE_REDUCED_COST,
  POOL_SMALL_AGE,
  POOL_SMALL_COLUMNS,
  POOL_SMALL_PERIOD,
  type PoolTuning,
  type Residual,
  SMOOTHING_LARGE,
  SMOOTHING_SMALL,
  SMOOTHING_WASTE,
  WASTE_UNSMOOTHED_CELLS,
  WASTE_UNSMOOTHED_ITEM_TYPES,
} from '../../../master/index.ts';
import { type Ablation, type Job, LARGE_JOB_ITEM_TYPES, PRACTICAL_ITEM_TYPES } from '../../../model/index.ts';
import { type Arc, arcKey, arcsOf } from '../../../pricing/index.ts';
import { type Column, type PricingFixing, SquarePricing } from './square-pricing.ts';

export type { Column, PricingFixing } from './square-pricing.ts';

/**
 * The covering master over square patterns (multisets of items on a bar), priced by knapsacks and, where
 * branching bounded arc flows, by the arc DP ({@link SquarePricing}).
 */
export class ColumnGeneration extends CoveringMaster<Column> {
  private readonly weights: Float64Array;
  private readonly squarePort: SquarePricing;
  /** Tight duals during tight pricing rounds (technique `tight-duals`), or null. */
  private readonly dualTolerance: DualTolerance | null;

  constructor(
    job: Job,
    engine: LpEngine,
    residual: Residual,
    options: {
      readonly primalAfterColumns?: boolean;
      /** The incumbent's cost, for waste-limited pricing (technique `waste-limit`); none: not limited. */
      readonly pruneAt?: () => number;
      readonly off?: Ablation;
      /**
       * The column pool, opt-in (docs/solver.md, "Column pool"): off in production, where it cost ANI 600
       * proofs more pricing rounds than it saved HiGHS time.
       */
      readonly pool?: PoolTuning;
      /** Reduced-cost fixing of arcs (technique `rc-fixing`): pricing honours its ban (rcfix's edit). */
      readonly fixing?: PricingFixing;
    } = {},
  ) {
    const large = job.items.length >= LARGE_JOB_ITEM_TYPES;
    const oneBar = large && job.sources.length === 1;
    const pruneAt = options.pruneAt;
    const limit = oneBar && pruneAt && !options.off?.has('waste-limit') ? wasteLimitOf(job, pruneAt) : null;
    const port = new SquarePricing(
      job,
      limit,
      !options.off?.has('sparse-dp'),
      !options.off?.has('arc-waste'),
      !options.off?.has('waste-limit-large'),
      undefined,
      options.fixing ?? null,
    );
    port.arcColumnsOn = !options.off?.has('arc-waste-columns');
    port.wasmSweepOn = !options.off?.has('wasm-sweep');
    port.disjointOn = !options.off?.has('disjoint-columns') && SquarePricing.wantsDisjoint(job);
    // Past `WASTE_UNSMOOTHED_CELLS` (ANI 600, 801) only with `waste-unsmoothed-large`: up to the DP's
    // first-call cap, so never where the first rounds are plain knapsacks (ANI 1002).
    const unsmoothedCells = options.off?.has('waste-unsmoothed-large')
      ? WASTE_UNSMOOTHED_CELLS
      : Number.POSITIVE_INFINITY;
    const unsmoothed =
      limit !== null &&
      job.items.length >= WASTE_UNSMOOTHED_ITEM_TYPES &&
      port.wasteDpFits(residual.demand, unsmoothedCells) &&
      !options.off?.has('waste-unsmoothed');
    const dualTolerance = options.off?.has('tight-duals') ? null : new DualTolerance();
    super(job.sources, job.offcutsFirst, port, dualTolerance?.wrap(engine) ?? engine, residual, {
      // Jobs with several kinds of bar and up to 60 item types (practical cut lists) re-solve column
      // generation's masters by primal simplex after added columns; the others stay on dual simplex, on
      // whose vertices their dives and tree were tuned (docs/solver.md, LP engine, has the measurements).
      // Full-bar jobs ask for primal re-solves through `options` (see solveGroup).
      primalAfterColumns:
        options.primalAfterColumns ?? (job.sources.length > 1 && job.items.length <= PRACTICAL_ITEM_TYPES),
      // Substitution columns pay off where rounds are many (large jobs with one kind of bar); on small
      // practical jobs they steer the search worse than they save (measured on the seeded practical set;
      // `LARGE_JOB_ITEM_TYPES` draws the line).
      substitution: job.sources.length === 1 && large,
      // Where the waste-limited DP prices a job of many lengths, the substitution columns steady the
      // duals enough: smoothing there cost the root rounds (technique `waste-unsmoothed`, docs/solver.md has the figures).
      smoothing: !large ? SMOOTHING_SMALL : unsmoothed ? SMOOTHING_WASTE : SMOOTHING_LARGE,
      pool: options.pool ?? false,
    });
    this.weights = port.weights;
    this.squarePort = port;
    this.dualTolerance = dualTolerance;
  }

  override solve(budget: Budget, stop: CgStop = {}): CgOutcome {
    const solve = (b: Budget, s: CgStop): CgOutcome => super.solve(b, s);
    return this.dualTolerance ? this.dualTolerance.during(stop, budget, solve) : solve(budget, stop);
  }

  /** Pricing calls answered by the waste-limited DP past its former cap (technique `waste-limit-large`). */
  get largePricingCalls(): number {
    return this.squarePort.largeCalls;
  }

  /** Adds a pattern unless it is already there; returns its index in `columns`. */
  addColumn(source: number, counts: Int32Array): number {
    return this.add({ source, counts });
  }

  /** Flow on every arc in an LP solution `x` (over `columns`). */
  arcFlows(x: Float64Array): Map<string, { arc: Arc; flow: number }> {
    const flows = new Map<string, { arc: Arc; flow: number }>();
    x.forEach((v, j) => {
      const c = this.columns[j];
      if (!c || v <= 1e-9) return;
      for (const a of arcsOf(this.weights, c.source, c.counts)) {
        const key = arcKey(a);
        const f = flows.get(key);
        if (f) f.flow += v;
        else flows.set(key, { arc: a, flow: v });
      }
    });
    return flows;
  }
}

/**
 * The small column pool for `job`'s search master (technique `pool-small`), or undefined: jobs with several
 * kinds of bar and at most `PRACTICAL_ITEM_TYPES` item types, whose masters start on the dense simplex and
 * went over to HiGHS at its column limit after 13–26 solves, where the slow warm jobs then spent most of
 * their LP time (docs/solver.md, "Small masters kept on the dense simplex"). One-bar jobs keep every column.
 */
export function smallPool(job: Job): PoolTuning | undefined {
  if (job.sources.length < 2 || job.items.length > PRACTICAL_ITEM_TYPES) return undefined;
  return {
    age: POOL_SMALL_AGE,
    period: POOL_SMALL_PERIOD,
    minColumns: POOL_SMALL_COLUMNS,
    rowsFactor: 0,
    scan: false,
  };
}

/**
 * The large column pool for `job`'s search master (technique `pool-large`), or undefined: one-bar jobs of
 * at least `POOL_LARGE_ITEM_TYPES` lengths in the full-bar regime (`fullBars`: ANI 600, 801, 1002), whose
 * masters carry 4,000–7,000 columns where HiGHS's re-solves are most of a round (docs/solver.md, "The
 * column pool on ANI 801"). Scanned beside the pricing, never instead of it.
 */
export function largePool(job: Job, fullBars: boolean): PoolTuning | undefined {
  if (!fullBars || job.sources.length !== 1 || job.items.length < POOL_LARGE_ITEM_TYPES) return undefined;
  return {
    age: POOL_LARGE_AGE,
    period: POOL_LARGE_PERIOD,
    minColumns: POOL_LARGE_COLUMNS,
    rowsFactor: 2,
    withPricing: true,
    reducedCost: POOL_LARGE_REDUCED_COST,
  };
}

/**
 * The most waste a bar can have in a plan that beats the incumbent, for a job with one kind of bar: such
 * a plan has at most ⌊pruneAt / cost⌋ − 1 bars, which waste C·bars − Σ wᵢdᵢ in all. ∞ while there is no
 * incumbent to beat.
 */
function wasteLimitOf(job: Job, pruneAt: () => number): (() => number) | null {
  const s = job.sources[0];
  if (!s || s.cost <= 0) return null;
  let load = 0;
  for (const it of job.items) load += it.weight * it.demand;
  return () => {
    const at = pruneAt();
    if (!Number.isFinite(at)) return Number.POSITIVE_INFINITY;
    const bars = Math.floor(at / s.cost + 1e-9) - 1;
    return s.capacity * bars - load;
  };
}
