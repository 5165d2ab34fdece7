/**
 * The oracle of the sequential heuristic: a plan for what is left within the cost left. Greedy packing
 * first (instant, and enough whenever the cost leaves some slack), then the solver itself on the
 * residual job, a limited number of times.
 */
import type { Budget } from '../budget.ts';
import { downsize, greedyPack, sourcePreference } from '../solver/heuristics/index.ts';
import type { LpEngine } from '../solver/lp/index.ts';
import type { Job } from '../solver/model/index.ts';
import { type Layout, mergeLayouts, patternWeight, planCost, trimExcess } from '../solver/model/index.ts';
import { solveGroup } from '../solver/solve-group.ts';
import type { Oracle } from './sequential.ts';

export interface OracleLimits {
  /** Solver runs the oracle may make in all. */
  readonly solves: number;
  /**
   * Deadline checks one solver run may make (its work, counted the same on any machine, so where a run
   * stops does not depend on the machine's speed).
   */
  readonly checks: number;
  /** Share of the budget left that one solver run may take at most, and its cap in ms (a safety net). */
  readonly share: number;
  readonly maxMs: number;
}

export const DEFAULT_ORACLE: OracleLimits = { solves: 60, checks: 250_000, share: 0.25, maxMs: 1000 };

/** An oracle over `job` (whose items and sources it keeps; demand and supply vary per call). */
export function residualOracle(
  job: Job,
  engine: LpEngine,
  budget: Budget,
  limits: OracleLimits = DEFAULT_ORACLE,
): Oracle {
  let solves = 0;
  const pref = sourcePreference(job);
  const weightOf = (c: Int32Array): number => patternWeight(job, c);
  const fits = (layouts: readonly Layout[], cost: number, room: number, bars: number): boolean =>
    cost <= room && purchasedBars(job, layouts) <= bars;
  return (demand, supply, room, bars) => {
    for (const rule of ['first', 'best'] as const) {
      const packed = greedyPack(job, rule, demand, supply, pref);
      if (!packed) continue;
      for (const plan of [downsize(job, packed, supply, weightOf), packed]) {
        const merged = mergeLayouts(job, trimExcess(job, plan));
        if (fits(merged.layouts, merged.cost, room, bars)) return [...merged.layouts];
      }
    }
    if (solves >= limits.solves || budget.expired()) return null;
    solves++;
    const sub = residualJob(job, demand, supply, Number.isFinite(bars));
    const ms = Math.min(limits.maxMs, budget.remainingMs() * limits.share);
    const r = solveGroup(sub.job, engine, counted(budget.sub(ms), limits.checks));
    if (!r.plan) return null;
    const layouts = r.plan.layouts.map((l) => ({
      source: l.source,
      counts: sub.widen(l.counts),
      count: l.count,
    }));
    return fits(layouts, planCost(job, layouts), room, bars) ? layouts : null;
  };
}

/** A budget that also ends after `limit` deadline checks (of it or of any budget made from it). */
export function counted(parent: Budget, limit: number): Budget {
  const state = { checks: 0 };
  const wrap = (b: Budget): Budget => ({
    remainingMs: () => {
      state.checks++;
      return state.checks >= limit ? 0 : b.remainingMs();
    },
    expired: () => {
      state.checks++;
      return state.checks >= limit || b.expired();
    },
    elapsedMs: () => b.elapsedMs(),
    sub: (ms) => wrap(b.sub(ms)),
  });
  return wrap(parent);
}

/**
 * The job of what is left: items still wanted (in the same order), sources with the bars left. With
 * `fewestBars` each purchased bar costs one unit more on a scale where the job's own cost counts more than
 * every bar together (a bar holds a piece at least), so the solver finds the cheapest plan with the fewest
 * bars among the cheapest; the job's own objective value is recomputed from the plan.
 */
function residualJob(
  job: Job,
  demand: Int32Array,
  supply: Float64Array,
  fewestBars: boolean,
): { job: Job; widen: (counts: Int32Array) => Int32Array } {
  const keep: number[] = [];
  let pieces = 0;
  demand.forEach((d, i) => {
    if (d > 0) keep.push(i);
    pieces += Math.max(0, d);
  });
  const scale = fewestBars && job.objective !== 'bars' ? pieces + 1 : 1;
  const sub: Job = {
    ...job,
    items: keep.map((i) => ({ ...(job.items[i] as Job['items'][number]), demand: demand[i] ?? 0 })),
    sources: job.sources.map((s, k) => ({
      ...s,
      supply: supply[k] ?? 0,
      cost: scale === 1 ? s.cost : s.cost * scale + (s.kind === 'stock' ? 1 : 0),
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
  return { job: sub, widen };
}

/** Bars a plan buys (offcut bars are owned). */
export function purchasedBars(job: Job, layouts: readonly Layout[]): number {
  let n = 0;
  for (const l of layouts) if (job.sources[l.source]?.kind === 'stock') n += l.count;
  return n;
}
