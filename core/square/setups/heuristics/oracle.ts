/**
 * The oracle of the sequential heuristic: a plan for what is left within the cost left. Greedy packing
 * first (instant, and enough whenever the cost leaves some slack), then the solver itself on the
 * residual job, a limited number of times. `budget` is the stage's work budget (work.ts), so where a
 * solver run stops does not depend on the machine's speed.
 */
import type { Budget } from '../../../budget.ts';
import type { LpEngine } from '../../../lp/index.ts';
import type { Job } from '../../../model/index.ts';
import { type Layout, mergeLayouts, patternWeight, planCost, trimExcess } from '../../../model/index.ts';
import { barsTieBreak } from '../../../setups/index.ts';
import { downsize, greedyPack, type SearchGoal, solveGroup, sourcePreference } from '../../search/index.ts';
import { DEFAULT_ORACLE } from '../tuning.ts';
import type { ResidualBound } from './residual-bound.ts';
import type { Oracle } from './sequential.ts';

export interface OracleLimits {
  /** Solver runs the oracle may make in all. */
  readonly solves: number;
  /** Share of the work left that one solver run may take at most, and its cap in work units. */
  readonly share: number;
  readonly maxWork: number;
  /** Work below which a solver run is not started (its root alone takes more). */
  readonly minWork: number;
}

/**
 * What the oracles of one stage learnt per residual (demand, supply and bars left): the cheapest plan
 * found and the most room that found none. The phases ask for the same residuals again (the two orders
 * share their first steps, the tail repeats the last), so each is solved once; the answer is the same
 * on every machine, as the solver runs are budgeted in work.
 */
export interface OracleShared {
  readonly memo: Map<string, { plan: Layout[] | null; cost: number; failed: number }>;
  /** A quick proof that a residual cannot be cut within the room (null: none). */
  readonly bound: ResidualBound | null;
}

/** An oracle over `job` (whose items and sources it keeps; demand and supply vary per call). */
export function residualOracle(
  job: Job,
  engine: LpEngine,
  budget: Budget,
  shared: OracleShared = { memo: new Map(), bound: null },
  limits: OracleLimits = DEFAULT_ORACLE,
): Oracle {
  let solves = 0;
  const pref = sourcePreference(job);
  const weightOf = (c: Int32Array): number => patternWeight(job, c);
  const fits = (layouts: readonly Layout[], cost: number, room: number, bars: number): boolean =>
    cost <= room && purchasedBars(job, layouts) <= bars;
  const find = (demand: Int32Array, supply: Float64Array, room: number, bars: number): Layout[] | null => {
    for (const rule of ['first', 'best'] as const) {
      const packed = greedyPack(job, rule, demand, supply, pref);
      if (!packed) continue;
      for (const plan of [downsize(job, packed, supply, weightOf), packed]) {
        const merged = mergeLayouts(job, trimExcess(job, plan));
        if (fits(merged.layouts, merged.cost, room, bars)) return [...merged.layouts];
      }
    }
    if (solves >= limits.solves || budget.expired()) return null;
    const work = Math.min(limits.maxWork, budget.remainingMs() * limits.share);
    if (work < limits.minWork) return null;
    if (shared.bound?.exceeds(demand, supply, room, budget)) return null;
    solves++;
    const sub = residualJob(job, demand, supply, Number.isFinite(bars));
    // Any plan within the room and bars will do; none exists once the bound passes both together.
    const goal: SearchGoal = {
      enough: (p) => fits(p.layouts, planCost(job, p.layouts), room, bars),
      hopeless: (bound) => bound > sub.costOf(room, bars) + 1e-9 * Math.max(1, Math.abs(bound)),
    };
    const r = solveGroup(sub.job, engine, budget.sub(work), goal);
    if (!r.plan) return null;
    const layouts = r.plan.layouts.map((l) => ({
      source: l.source,
      counts: sub.widen(l.counts),
      count: l.count,
    }));
    return fits(layouts, planCost(job, layouts), room, bars) ? layouts : null;
  };
  return (demand, supply, room, bars) => {
    const key = `${demand.join(',')}|${supply.join(',')}|${bars}`;
    const { memo } = shared;
    const known = memo.get(key) ?? { plan: null, cost: Number.POSITIVE_INFINITY, failed: -1 };
    if (known.plan && known.cost <= room) return [...known.plan];
    if (room <= known.failed) return null;
    const found = find(demand, supply, room, bars);
    if (found) memo.set(key, { ...known, plan: found, cost: planCost(job, found) });
    else memo.set(key, { ...known, failed: room });
    return found;
  };
}

/**
 * The job of what is left: items still wanted (in the same order), sources with the bars left, costs with
 * the fewest-bars tie-break (bars-tie-break.ts) when `fewestBars`.
 */
function residualJob(
  job: Job,
  demand: Int32Array,
  supply: Float64Array,
  fewestBars: boolean,
): { job: Job; widen: (counts: Int32Array) => Int32Array; costOf: (cost: number, bars: number) => number } {
  const keep: number[] = [];
  demand.forEach((d, i) => {
    if (d > 0) keep.push(i);
  });
  const tie = barsTieBreak(demand, job.objective, fewestBars);
  const sub: Job = {
    ...job,
    items: keep.map((i) => ({ ...(job.items[i] as Job['items'][number]), demand: demand[i] ?? 0 })),
    sources: job.sources.map((s, k) => ({
      ...s,
      supply: supply[k] ?? 0,
      cost: tie.sourceCost(s.cost, s.kind),
    })),
    offcutsFirst: false,
  };
  const widen = (counts: Int32Array): Int32Array => {
    const full = new Int32Array(job.items.length);
    keep.forEach((i, j) => {
      full[i] = counts[j] ?? 0;
    });
    return full;
  };
  return { job: sub, widen, costOf: tie.costOf };
}

/** Bars a plan buys (offcut bars are owned). */
export function purchasedBars(job: Job, layouts: readonly Layout[]): number {
  let n = 0;
  for (const l of layouts) if (job.sources[l.source]?.kind === 'stock') n += l.count;
  return n;
}
