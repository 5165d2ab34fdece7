/**
 * The angle stage's search for one group: the sequence greedy, column generation over sequences for the
 * bound (valid for the real geometry), the square solver on the same parts laid square (a safe plan, and
 * the baseline the benchmark compares with), then dives on the sequence master with greedy completions.
 */

import { maxOffcutUsage } from '../../bounds/index.ts';
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import { CoveringMaster, type Residual, SMOOTHING_SMALL } from '../../master/index.ts';
import { ceilBound } from '../../numbers.ts';
import { sequenceBranchAndPrice } from './branch.ts';
import { exactSmallBound } from './exact-bound.ts';
import { greedySequences } from './greedy.ts';
import type { AngleJob, SeqBar } from './job.ts';
import { finishBars, planCostOf } from './plan.ts';
import { SequencePricing } from './sequence-pricing.ts';

/** The angle search's covering master: the solver's, over sequences. */
type SequenceMaster = CoveringMaster<SeqBar>;

/** Master solves a dive node's column generation may take (its LP steers; it need not be optimal). */
const DIVE_ROUNDS = 100;

/** The covering master over sequences for one angle job, at a residual (see `sequence-pricing.ts`). */
export function sequenceMaster(
  job: AngleJob,
  engine: LpEngine,
  residual: Residual,
): { master: SequenceMaster; port: SequencePricing } {
  const port = new SequencePricing(job);
  const master = new CoveringMaster(job.base.sources, job.base.offcutsFirst, port, engine, residual, {
    primalAfterColumns: false,
    substitution: false,
    smoothing: SMOOTHING_SMALL,
  });
  return { master, port };
}

/** The residual of a demand and supply (no branching bounds). */
export function residualOf(demand: readonly number[], supply: readonly number[], usage: number): Residual {
  return {
    demand: Int32Array.from(demand),
    lo: new Float64Array(supply.length),
    hi: Float64Array.from(supply),
    usage,
  };
}

export interface AngleGroupResult {
  readonly job: AngleJob;
  readonly bars: readonly SeqBar[];
  /** Lower bound on the group's cost in job cost units (valid for the real geometry). */
  readonly bound: number;
  readonly barsBound: number;
  readonly optimal: boolean;
  /** Cost of the best plan with every piece laid square (tip to tip, the widest kerf), if one was found. */
  readonly squareCost: number | null;
  /** `fewest_setups`: a valid lower bound on the group's setups at the plan's cost; else absent. */
  readonly setupsBound?: number | null;
}
/** Area bound on bars: Σ material over the longest usable source (one kind of bar, no offcuts). */
function areaBound(job: AngleJob): number {
  const sources = job.base.sources;
  if (job.base.objective !== 'bars' || sources.some((s) => s.kind === 'offcut')) return 0;
  const room = Math.max(...sources.map((s) => s.length)) - 2 * job.trimKerf;
  let material = 0;
  for (const s of job.shapes) material += s.material * s.demand;
  return room > 0 ? Math.ceil(material / room) : 0;
}

/**
 * Bars to buy whatever the objective: the material left after every owned offcut, over the longest stock
 * bar's room (material lengths are never more than the real, so this holds for the real geometry).
 */
function stockBarsBound(job: AngleJob): number {
  const stocks = job.base.sources.filter((s) => s.kind === 'stock');
  if (stocks.length === 0) return 0;
  const room = Math.max(...stocks.map((s) => s.length)) - 2 * job.trimKerf;
  let material = 0;
  for (const s of job.shapes) material += s.material * s.demand;
  for (const o of job.base.sources) if (o.kind === 'offcut') material -= o.length * o.supply;
  return room > 0 && material > 0 ? Math.ceil(material / room) : 0;
}

/**
 * Every plan costs a sum of whole bars' costs, so a bound rises to the least such sum at or above it
 * (supply ignored: a superset of the plans' costs keeps the bound valid). Only up to the incumbent's cost.
 */
function liftToAchievable(job: AngleJob, bound: number, incumbent: number): number {
  if (!Number.isFinite(incumbent) || incumbent > 1_000_000 || bound >= incumbent) return bound;
  const costs = [...new Set(job.base.sources.map((s) => s.cost).filter((c) => c > 0))];
  const reach = new Uint8Array(incumbent + 1);
  reach[0] = 1;
  for (let v = 1; v <= incumbent; v++) {
    for (const c of costs) {
      if (c <= v && reach[v - c] === 1) {
        reach[v] = 1;
        break;
      }
    }
  }
  for (let v = Math.max(0, Math.ceil(bound)); v <= incumbent; v++) if (reach[v] === 1) return v;
  return bound;
}

/**
 * `offcuts_first`: the most owned offcut material any plan can use, `U*` (docs/solver.md, Objectives). A
 * piece alone on a bar takes its tip-to-tip length and the trims in every geometry, and an offcut counts as
 * used when one piece is cut from it, so the square solver's matching of offcut bars to pieces that fit
 * them alone gives it.
 */
export function angleOffcutUsage(
  job: AngleJob,
  demand: readonly number[],
  supply: readonly number[],
): number {
  const alone = {
    ...job.base,
    items: job.shapes.map((s) => ({
      length: s.length,
      weight: s.length + 2 * job.trimKerf,
      demand: s.demand,
      parts: s.parts,
    })),
    sources: job.base.sources.map((s) => ({ ...s, capacity: s.length })),
  };
  return maxOffcutUsage(alone, Int32Array.from(demand), Float64Array.from(supply));
}

/** Owned offcut material a plan's bars use (each offcut bar used in full). */
function offcutUse(job: AngleJob, bars: readonly SeqBar[]): number {
  let used = 0;
  for (const b of bars) {
    const s = job.base.sources[b.source];
    if (s?.kind === 'offcut') used += s.length;
  }
  return used;
}

/**
 * What the setups stage's oracle wants of a search: a plan that is `enough` (within the cost and bars
 * left), not a proof; and none at all once the bound shows that no plan costs `above` or less.
 */
export interface SearchTarget {
  readonly enough: (bars: readonly SeqBar[]) => boolean;
  readonly above: number;
  /** Sequences known to fit (the plan the stage stands on), given to the master as its first columns. */
  readonly columns?: readonly SeqBar[];
}

/**
 * One group; null when no plan was found (supply too small for the demand), or, with a `target`, when
 * the bound rules out every plan it could use. With a target the search stops at the first plan that is
 * enough.
 */
export function solveAngleGroup(
  job: AngleJob,
  engine: LpEngine,
  budget: Budget,
  squareFallback: (budget: Budget) => SeqBar[] | null,
  target?: SearchTarget,
): AngleGroupResult | null {
  const demand = job.shapes.map((s) => s.demand);
  const supply = job.base.sources.map((s) => s.supply);
  let best: SeqBar[] | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestUse = 0;
  // Under offcuts_first, plans are ranked by the offcut material they use first (more is better), and the
  // master carries the row "offcut material used ≥ U*": its bound holds for the plans that use U*.
  const usageTarget = job.base.offcutsFirst ? angleOffcutUsage(job, demand, supply) : 0;
  const usesEnough = (bars: readonly SeqBar[]): boolean =>
    !job.base.offcutsFirst || offcutUse(job, bars) >= usageTarget;
  const offer = (candidate: readonly SeqBar[] | null): void => {
    if (!candidate) return;
    const bars = finishBars(job, candidate, supply);
    if (!bars) return;
    const cost = planCostOf(job, bars);
    const use = job.base.offcutsFirst ? offcutUse(job, bars) : 0;
    const better =
      best === null ||
      use > bestUse ||
      (use === bestUse && (cost < bestCost || (cost === bestCost && bars.length < best.length)));
    if (better) {
      best = bars;
      bestCost = cost;
      bestUse = use;
      job.base.observer?.best(cost);
    }
  };
  offer(greedySequences(job, demand, Float64Array.from(supply)));
  const { master, port } = sequenceMaster(job, engine, residualOf(demand, supply, usageTarget));
  let squareCost: number | null = null;
  try {
    if (best) for (const b of best as SeqBar[]) master.add(b);
    for (const b of target?.columns ?? []) master.add(b);
    // A caller that wants only plans costing `above` or less stops once the bound rules them out.
    const above = target?.above;
    const root = master.solve(budget, above === undefined ? {} : { cutoff: Math.floor(above) + 1 });
    const rootBound = root.status === 'failed' || root.status === 'infeasible' ? 0 : root.bound;
    let bound = Math.max(ceilBound(Math.max(0, rootBound)), areaBound(job), exactSmallBound(job));
    job.base.observer?.bound(bound);
    if (target && bound > target.above) return null;
    const proven = (): boolean =>
      best !== null && ((bestCost <= bound && usesEnough(best)) || target?.enough(best) === true);
    if (!proven() && !budget.expired()) {
      const sq = squareFallback(budget.sub(budget.remainingMs() / 4));
      if (sq) {
        const fin = finishBars(job, sq, supply);
        squareCost = fin ? planCostOf(job, fin) : null;
        offer(sq);
        for (const b of fin ?? []) master.add(b);
      }
    }
    // Dives: whole parts of the LP's values first; then one bar at a time (the LP's largest value, then
    // its largest fraction), which walks nearer the LP where whole parts overshoot.
    // Dives read only the LP's values: their rounds skip the bound-mode pricing.
    port.bounding = false;
    for (const step of ['whole', 'largest', 'fraction'] as const) {
      if (root.status === 'failed' || proven() || budget.expired()) break;
      dive(job, master, demand, supply, usageTarget, budget, offer, step);
    }
    // Branch and price over sequences, for the proof. Not for a setups target, which wants a plan: given
    // the tree, the oracle's searches found no plan the dives missed on bench/angle-setups.ts and took
    // longer (docs/angle-cuts.md).
    if (!target && root.status !== 'failed' && !proven() && !budget.expired()) {
      port.bounding = true;
      const pruneAt = (): number => (best !== null && usesEnough(best) ? bestCost : Number.POSITIVE_INFINITY);
      const tree = { job, master, root: residualOf(demand, supply, usageTarget), pruneAt, offer };
      bound = Math.max(bound, sequenceBranchAndPrice(tree, bound, budget));
      job.base.observer?.bound(bound);
    }
    if (best === null) return null;
    bound = liftToAchievable(job, bound, bestCost);
    const plan: SeqBar[] = best;
    const offcutsOk = usesEnough(plan);
    const barsBound = job.base.objective === 'bars' ? bound : stockBarsBound(job);
    return {
      job,
      bars: plan,
      bound: Math.min(bound, bestCost),
      barsBound: Math.min(barsBound, plan.filter((b) => job.base.sources[b.source]?.kind === 'stock').length),
      optimal: bestCost <= bound && offcutsOk,
      squareCost,
    };
  } finally {
    master.dispose();
  }
}

/**
 * Fixes the bars the LP wants (whole parts of its values, else its largest value), re-solves the residual,
 * and offers at every node the fixed bars completed greedily, until the demand is met or time is up.
 */
function dive(
  job: AngleJob,
  master: SequenceMaster,
  demand: readonly number[],
  supply: readonly number[],
  usageTarget: number,
  budget: Budget,
  offer: (bars: readonly SeqBar[] | null) => void,
  step: 'whole' | 'largest' | 'fraction',
): void {
  const fixed: SeqBar[] = [];
  const need = demand.slice();
  const left = supply.slice();
  for (let node = 0; node < 10_000 && !budget.expired(); node++) {
    if (need.every((d) => d <= 0)) break;
    master.setResidual(residualOf(need, left, Math.max(0, usageTarget - offcutUse(job, fixed))));
    const lp = master.solve(budget, { rounds: DIVE_ROUNDS });
    const rest = greedySequences(job, need, Float64Array.from(left));
    if (rest) offer([...fixed, ...rest]);
    if (lp.status === 'failed' || lp.status === 'infeasible' || lp.artificial > 1e-7) return;
    const take: { j: number; n: number }[] = [];
    if (step === 'whole') {
      lp.x.forEach((v, j) => {
        const n = Math.floor(v + 1e-6);
        if (n >= 1) take.push({ j, n });
      });
    } else if (step === 'fraction') {
      // The column nearest to a whole bar above it, among those the LP uses.
      let bj = -1;
      let bf = -1;
      lp.x.forEach((v, j) => {
        const f = v - Math.floor(v);
        if (v > 1e-6 && f > bf + 1e-9) {
          bf = f;
          bj = j;
        }
      });
      if (bj >= 0) take.push({ j: bj, n: 1 });
    }
    if (take.length === 0) {
      let bj = -1;
      let bv = 0;
      lp.x.forEach((v, j) => {
        if (v > bv + 1e-9) {
          bv = v;
          bj = j;
        }
      });
      if (bj < 0) return;
      take.push({ j: bj, n: 1 });
    }
    let progress = false;
    for (const { j, n } of take) {
      const bar = master.columns[j];
      if (!bar) continue;
      const copies = Math.min(n, left[bar.source] ?? 0);
      for (let q = 0; q < copies; q++) {
        fixed.push(bar);
        for (const p of bar.pieces) need[p.shape] = Math.max(0, (need[p.shape] ?? 0) - 1);
      }
      left[bar.source] = (left[bar.source] ?? 0) - copies;
      if (copies > 0) progress = true;
    }
    if (!progress) return;
  }
  if (need.every((d) => d <= 0)) offer(fixed);
}
