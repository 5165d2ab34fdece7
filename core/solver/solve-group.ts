import type { Budget } from '../budget.ts';
import { continuousBound, l2Bound } from './bounds.ts';
import { ColumnGeneration, safeCeil } from './column-generation.ts';
import { downsize, greedyPack, sourcePreference } from './greedy.ts';
import type { Job } from './job.ts';
import type { LpEngine } from './lp/engine.ts';
import { maxOffcutUsage } from './offcut-usage.ts';
import { better, finishPlan, type GroupPlan, type Layout, offcutUsage, patternWeight } from './plan.ts';

/** What the search knows about one job when it stops. */
export interface GroupResult {
  /** The best plan found; null when the supply cannot cover the demand. */
  readonly plan: GroupPlan | null;
  /** Valid lower bound on the cost (job cost units). */
  readonly bound: number;
  /** Valid lower bound on purchased bars. */
  readonly barsBound: number;
  /** True only when the plan meets the bound (and, under offcuts_first, uses the most offcut material). */
  readonly optimal: boolean;
  /** True when the LP relaxation itself proved that no plan exists. */
  readonly infeasible: boolean;
  readonly trace: SearchTrace;
}

/** Counters for the benchmark and for tests. */
export interface SearchTrace {
  greedyCost: number | null;
  rootLp: number | null;
  cgIterations: number;
  columns: number;
  diveNodes: number;
  phase: 'greedy' | 'root' | 'dive' | 'none';
}

/**
 * Solves one material group: greedy plans for an instant incumbent, combinatorial bounds, column generation
 * for the LP bound, then limited-discrepancy diving on the column-generation LP until the plan meets the
 * bound or the budget runs out. Anytime: the incumbent only improves.
 */
export function solveGroup(job: Job, engine: LpEngine, budget: Budget): GroupResult {
  const m = job.items.length;
  const demand = Int32Array.from(job.items, (it) => it.demand);
  const supply = Float64Array.from(job.sources, (s) => s.supply);
  const trace: SearchTrace = {
    greedyCost: null,
    rootLp: null,
    cgIterations: 0,
    columns: 0,
    diveNodes: 0,
    phase: 'none',
  };
  const usageTarget = job.offcutsFirst ? maxOffcutUsage(job, demand, supply) : 0;
  const weightOf = (c: Int32Array): number => patternWeight(job, c);

  let incumbent: GroupPlan | null = null;
  const offer = (bars: readonly Layout[] | null): void => {
    if (!bars) return;
    const plan = finishPlan(job, bars);
    if (better(job, plan, incumbent)) incumbent = plan;
  };
  const pref = sourcePreference(job);
  for (const rule of ['first', 'best'] as const) {
    const bars = greedyPack(job, rule, demand, supply, pref);
    offer(bars);
    if (bars) offer(downsize(job, bars, supply, weightOf));
  }
  trace.greedyCost = (incumbent as GroupPlan | null)?.cost ?? null;
  trace.phase = 'greedy';

  let bound = combinatorialBound(job, demand);
  const isOptimal = (): boolean => {
    const inc = incumbent as GroupPlan | null;
    if (!inc || inc.cost > bound) return false;
    return !job.offcutsFirst || offcutUsage(job, inc.layouts) >= usageTarget;
  };
  const result = (infeasible = false): GroupResult => ({
    plan: incumbent,
    bound,
    barsBound: barsBound(job, bound),
    optimal: isOptimal(),
    infeasible,
    trace,
  });
  if (isOptimal() || budget.expired()) return result();

  const cg = new ColumnGeneration(job, engine, demand, supply, job.offcutsFirst ? usageTarget : null);
  try {
    seedColumns(job, cg, demand, supply, incumbent);
    const pruneAt = (): number => {
      const inc = incumbent as GroupPlan | null;
      if (!inc) return Number.POSITIVE_INFINITY;
      if (job.offcutsFirst && offcutUsage(job, inc.layouts) < usageTarget) return Number.POSITIVE_INFINITY;
      return inc.cost;
    };
    const root = cg.solve(budget, { settle: true, cutoff: pruneAt() });
    trace.cgIterations += root.iterations;
    trace.rootLp = root.lpValue;
    bound = Math.max(bound, safeCeil(root.bound));
    trace.phase = 'root';
    if (
      incumbent === null &&
      root.artificial > 1e-6 &&
      provesInfeasible(job, engine, demand, supply, budget)
    ) {
      return result(true);
    }
    if (isOptimal() || budget.expired()) return result();

    const diver = new Diver(job, cg, budget, trace, offer, pruneAt, () => isOptimal(), usageTarget);
    diver.complete(root.x, demand, supply, []);
    for (let discrepancy = 0; discrepancy <= m && !isOptimal() && !budget.expired(); discrepancy++) {
      trace.phase = 'dive';
      diver.exhausted = true;
      diver.dive(demand, supply, [], 0, discrepancy);
      if (diver.exhausted) break;
    }
    return result();
  } finally {
    trace.columns = cg.columns.length;
    cg.dispose();
  }
}

/**
 * Phase one: with every bar free, the master's optimum is positive exactly when no fractional plan covers
 * the demand from the finite supply, and then no plan exists at all.
 */
function provesInfeasible(
  job: Job,
  engine: LpEngine,
  demand: Int32Array,
  supply: Float64Array,
  budget: Budget,
): boolean {
  const free: Job = { ...job, sources: job.sources.map((s) => ({ ...s, cost: 0 })), offcutsFirst: false };
  const cg = new ColumnGeneration(free, engine, demand, supply, null);
  try {
    seedColumns(free, cg, demand, supply, null);
    const out = cg.solve(budget);
    return out.status === 'optimal' && out.artificial > 1e-6;
  } finally {
    cg.dispose();
  }
}

/** L2 when the group has one kind of bar with unlimited supply and the objective counts bars. */
function combinatorialBound(job: Job, demand: Int32Array): number {
  const stockOnly = job.sources.every((s) => s.kind === 'stock' && !Number.isFinite(s.supply));
  const caps = new Set(job.sources.map((s) => s.capacity));
  if (!stockOnly || caps.size !== 1) return 0;
  const capacity = job.sources[0]?.capacity ?? 1;
  const minCost = Math.min(...job.sources.map((s) => s.cost));
  const weights = job.items.map((it) => it.weight);
  const bars = Math.max(
    continuousBound({ weights, demands: demand, capacity }),
    l2Bound({ weights, demands: demand, capacity }),
  );
  return bars * minCost;
}

/** A lower bound on purchased bars, from the cost bound when bars are the cost, else by capacity. */
function barsBound(job: Job, costBound: number): number {
  const stocks = job.sources.filter((s) => s.kind === 'stock');
  if (stocks.length === 0) return 0;
  if (job.objective === 'bars' && job.sources.every((s) => s.kind === 'offcut' || s.cost === 1))
    return costBound;
  const costs = new Set(stocks.map((s) => s.cost));
  const minCost = Math.min(...costs);
  if (
    job.objective !== 'waste' &&
    minCost > 0 &&
    job.sources.every((s) => s.kind === 'offcut' || s.cost > 0)
  ) {
    // Every purchased bar costs at least minCost and offcuts cost nothing.
    const viaCost = Math.ceil(costBound / Math.max(...costs) - 1e-9);
    if (costs.size === 1) return Math.max(0, Math.ceil(costBound / minCost - 1e-9));
    return Math.max(0, viaCost);
  }
  let total = 0;
  for (const it of job.items) total += it.weight * it.demand;
  for (const s of job.sources) if (s.kind === 'offcut') total -= s.capacity * s.supply;
  const maxCap = Math.max(...stocks.map((s) => s.capacity));
  return Math.max(0, Math.ceil(total / maxCap));
}

/** Adds the incumbent's layouts and one homogeneous pattern per item on the preferred stock. */
function seedColumns(
  job: Job,
  cg: ColumnGeneration,
  demand: Int32Array,
  supply: Float64Array,
  plan: GroupPlan | null,
): void {
  for (const l of plan?.layouts ?? []) cg.addColumn(l.source, l.counts);
  const pref = sourcePreference(job).filter((k) => (supply[k] ?? 0) > 0);
  job.items.forEach((it, i) => {
    const k = pref.find((p) => (job.sources[p]?.capacity ?? 0) >= it.weight);
    if (k === undefined) return;
    const counts = new Int32Array(job.items.length);
    counts[i] = Math.min(demand[i] ?? 0, Math.floor((job.sources[k]?.capacity ?? 0) / it.weight));
    if ((counts[i] ?? 0) > 0) cg.addColumn(k, counts);
  });
}

/**
 * Depth-first diving on the column-generation LP: fix the bars the LP most wants (whole parts of large
 * values first), re-solve the residual, and at every node round the LP down and complete it greedily.
 * Limited discrepancy: a path may take the k-th best choice instead of the best only `discrepancy` times.
 */
class Diver {
  exhausted = true;

  constructor(
    private readonly job: Job,
    private readonly cg: ColumnGeneration,
    private readonly budget: Budget,
    private readonly trace: SearchTrace,
    private readonly offer: (bars: readonly Layout[] | null) => void,
    private readonly pruneAt: () => number,
    private readonly done: () => boolean,
    private readonly usageTarget: number,
  ) {}

  dive(
    demand: Int32Array,
    supply: Float64Array,
    fixed: Layout[],
    fixedCost: number,
    discrepancy: number,
  ): void {
    if (this.budget.expired() || this.done()) return;
    if (demand.every((d) => d <= 0)) {
      this.offer(fixed);
      return;
    }
    this.trace.diveNodes++;
    const usageLeft = this.usageTarget - this.usage(fixed);
    this.cg.setResidual(demand, supply, this.job.offcutsFirst ? usageLeft : null);
    const out = this.cg.solve(this.budget, { settle: true, cutoff: this.pruneAt() - fixedCost });
    this.trace.cgIterations += out.iterations;
    if (out.status === 'failed' || out.status === 'infeasible') return;
    if (fixedCost + safeCeil(out.bound) >= this.pruneAt()) return;
    this.complete(out.x, demand, supply, fixed);
    if (this.done()) return;

    const candidates = this.candidates(out.x, demand, supply);
    if (candidates.length > discrepancy + 1) this.exhausted = false;
    for (let k = 0; k < candidates.length && k <= discrepancy; k++) {
      const c = candidates[k];
      if (!c) break;
      const nd = demand.slice();
      const ns = supply.slice();
      const layout = this.take(c.column, c.copies, nd, ns);
      if (!layout) continue;
      const cost = (this.job.sources[layout.source]?.cost ?? 0) * layout.count;
      this.dive(nd, ns, [...fixed, layout], fixedCost + cost, discrepancy - k);
      if (this.budget.expired() || this.done()) return;
    }
  }

  /** Rounds the LP down, then packs what is left greedily, and offers the result. */
  complete(x: Float64Array, demand: Int32Array, supply: Float64Array, fixed: Layout[]): void {
    const nd = demand.slice();
    const ns = supply.slice();
    const bars: Layout[] = [...fixed];
    const order = Array.from(x.keys())
      .filter((j) => (x[j] ?? 0) >= 1 - 1e-9)
      .sort((a, b) => (x[b] ?? 0) - (x[a] ?? 0) || a - b);
    for (const j of order) {
      const l = this.take(j, Math.floor((x[j] ?? 0) + 1e-9), nd, ns);
      if (l) bars.push(l);
    }
    const pref = sourcePreference(this.job);
    for (const rule of ['first', 'best'] as const) {
      const rest = greedyPack(this.job, rule, nd, ns, pref);
      if (!rest) continue;
      this.offer([...bars, ...rest]);
      this.offer([...bars, ...downsize(this.job, rest, ns, (c) => patternWeight(this.job, c))]);
    }
  }

  /** Columns worth fixing, best first: large LP values, then fuller bars. */
  private candidates(
    x: Float64Array,
    demand: Int32Array,
    supply: Float64Array,
  ): { column: number; copies: number }[] {
    const list: { column: number; copies: number; score: number }[] = [];
    x.forEach((v, j) => {
      if (v <= 1e-6) return;
      const col = this.cg.columns[j];
      if (!col || (supply[col.source] ?? 0) <= 0) return;
      const useful = col.counts.some((c, i) => c > 0 && (demand[i] ?? 0) > 0);
      if (!useful) return;
      list.push({
        column: j,
        copies: v >= 1 - 1e-9 ? Math.floor(v + 1e-9) : 1,
        score: v >= 1 - 1e-9 ? 1 + v : v,
      });
    });
    list.sort((a, b) => b.score - a.score || a.column - b.column);
    return list;
  }

  /**
   * Fixes up to `copies` bars of column j against the residual, clipping the last one to what is still
   * needed. Updates demand and supply in place.
   */
  private take(j: number, copies: number, demand: Int32Array, supply: Float64Array): Layout | null {
    const col = this.cg.columns[j];
    if (!col) return null;
    const avail = supply[col.source] ?? 0;
    let full = Math.min(copies, avail);
    col.counts.forEach((c, i) => {
      if (c > 0) full = Math.min(full, Math.floor((demand[i] ?? 0) / c));
    });
    let counts = col.counts;
    let count = full;
    if (full <= 0) {
      if (avail <= 0) return null;
      counts = Int32Array.from(col.counts, (c, i) => Math.min(c, demand[i] ?? 0));
      if (counts.every((c) => c === 0)) return null;
      count = 1;
    }
    counts.forEach((c, i) => {
      demand[i] = (demand[i] ?? 0) - c * count;
    });
    supply[col.source] = avail - count;
    return { source: col.source, counts, count };
  }

  private usage(fixed: readonly Layout[]): number {
    return offcutUsage(this.job, fixed);
  }
}
