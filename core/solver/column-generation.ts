import type { Budget } from '../budget.ts';
import type { Job } from './job.ts';
import { solveKnapsacks } from './knapsack.ts';
import type { LpEngine, MasterLp } from './lp/engine.ts';
import { patternKey } from './plan.ts';

/** A generated pattern: a feasible bar of one source. */
export interface Column {
  readonly source: number;
  readonly counts: Int32Array;
}

export interface CgOutcome {
  /** `optimal`: no column prices out (the LP is solved); `stopped`: ended early (bound settled, cutoff or budget). */
  readonly status: 'optimal' | 'stopped' | 'infeasible' | 'failed';
  /** Objective of the restricted master (≥ the LP optimum). */
  readonly lpValue: number;
  /** A valid lower bound on the cost of any integer plan for the current residual (Lagrangian/Farley). */
  readonly bound: number;
  /** Values of `columns` in the master's solution. */
  readonly x: Float64Array;
  /** Total of the artificial (infeasibility) variables: > 0 means the residual cannot be covered. */
  readonly artificial: number;
  readonly iterations: number;
}

export interface CgStop {
  /** Stop as soon as the bound shows every completion costs at least this much. */
  readonly cutoff?: number;
  /** Stop when ⌈bound⌉ can no longer rise (it equals ⌈LP⌉). */
  readonly settle?: boolean;
}

const REL_TOL = 1e-6;
const SMOOTHING = 0.5;

/** The largest integer not above `x` minus a relative safety margin: how bounds from floats are rounded. */
export function safeCeil(x: number): number {
  if (!Number.isFinite(x)) return x;
  return Math.ceil(x - 1e-9 * Math.max(1, Math.abs(x)));
}

/**
 * Gilmore–Gomory column generation on a persistent master LP. The master has one ≥ row per item (the
 * residual demand), one ≤ row per finite source (the residual supply), and, under `offcuts_first`, one
 * row forcing the offcut material used. Artificial columns keep it feasible; using them means the
 * residual has no plan. Pricing solves one bounded knapsack per distinct bar capacity, with Wentges dual
 * smoothing, and every round yields a Lagrangian bound that stays valid whatever the float duals are.
 */
export class ColumnGeneration {
  readonly columns: Column[] = [];
  private readonly keys = new Map<string, number>();
  private readonly master: MasterLp;
  private readonly m: number;
  private readonly supplyRow: Int32Array;
  private readonly usageRow: number;
  private readonly big: number;
  private readonly capacities: number[];
  private readonly weights: Float64Array;
  private demand: Int32Array;
  private supply: Float64Array;
  private center: Float64Array | null = null;

  constructor(
    private readonly job: Job,
    engine: LpEngine,
    demand: Int32Array,
    supply: Float64Array,
    usageTarget: number | null,
  ) {
    this.m = job.items.length;
    this.demand = demand.slice();
    this.supply = supply.slice();
    this.weights = Float64Array.from(job.items, (it) => it.weight);
    const rows: { lower: number; upper: number }[] = [];
    for (let i = 0; i < this.m; i++) rows.push({ lower: demand[i] ?? 0, upper: Number.POSITIVE_INFINITY });
    this.supplyRow = new Int32Array(job.sources.length).fill(-1);
    job.sources.forEach((s, k) => {
      if (Number.isFinite(s.supply)) {
        this.supplyRow[k] = rows.length;
        rows.push({ lower: Number.NEGATIVE_INFINITY, upper: supply[k] ?? 0 });
      }
    });
    this.usageRow = -1;
    if (usageTarget !== null && usageTarget > 0) {
      this.usageRow = rows.length;
      rows.push({ lower: usageTarget / this.usageScale(), upper: Number.POSITIVE_INFINITY });
    }
    this.master = engine.createMaster(rows);
    const maxCost = Math.max(1, ...job.sources.map((s) => s.cost));
    this.big = 1e4 * maxCost;
    for (let i = 0; i < this.m; i++) this.master.addColumn(this.big, [i], [1]);
    this.capacities = [...new Set(job.sources.map((s) => s.capacity))].sort((a, b) => a - b);
  }

  /** Offcut lengths in the usage row are divided by this to keep coefficients near 1. */
  private usageScale(): number {
    return Math.max(1, ...this.job.sources.filter((s) => s.kind === 'offcut').map((s) => s.length));
  }

  /** Adds a pattern unless it is already there; returns its index in `columns`. */
  addColumn(source: number, counts: Int32Array): number {
    const key = patternKey(source, counts);
    const known = this.keys.get(key);
    if (known !== undefined) return known;
    const rows: number[] = [];
    const coefs: number[] = [];
    for (let i = 0; i < this.m; i++) {
      const c = counts[i] ?? 0;
      if (c > 0) {
        rows.push(i);
        coefs.push(c);
      }
    }
    const sRow = this.supplyRow[source] ?? -1;
    if (sRow >= 0) {
      rows.push(sRow);
      coefs.push(1);
    }
    const src = this.job.sources[source];
    if (this.usageRow >= 0 && src?.kind === 'offcut') {
      rows.push(this.usageRow);
      coefs.push(src.length / this.usageScale());
    }
    this.master.addColumn(src?.cost ?? 0, rows, coefs);
    this.columns.push({ source, counts: counts.slice() });
    this.keys.set(key, this.columns.length - 1);
    return this.columns.length - 1;
  }

  /** Changes the residual demand and supply (diving fixes bars; backtracking restores them). */
  setResidual(demand: Int32Array, supply: Float64Array, usageTarget: number | null): void {
    for (let i = 0; i < this.m; i++) {
      if ((demand[i] ?? 0) !== (this.demand[i] ?? 0))
        this.master.setRowBounds(i, demand[i] ?? 0, Number.POSITIVE_INFINITY);
    }
    this.supplyRow.forEach((row, k) => {
      if (row >= 0 && (supply[k] ?? 0) !== (this.supply[k] ?? 0)) {
        this.master.setRowBounds(row, Number.NEGATIVE_INFINITY, supply[k] ?? 0);
      }
    });
    if (this.usageRow >= 0) {
      this.master.setRowBounds(
        this.usageRow,
        Math.max(0, usageTarget ?? 0) / this.usageScale(),
        Number.POSITIVE_INFINITY,
      );
    }
    this.demand = demand.slice();
    this.supply = supply.slice();
    this.center = null;
  }

  /** Runs column generation on the current residual until the LP is solved or a stop applies. */
  solve(budget: Budget, stop: CgStop = {}): CgOutcome {
    let iterations = 0;
    let bestBound = Number.NEGATIVE_INFINITY;
    for (;;) {
      const sol = this.master.solve();
      iterations++;
      if (sol.status !== 'optimal') {
        return this.outcome(
          sol.status === 'infeasible' ? 'infeasible' : 'failed',
          sol,
          bestBound,
          iterations,
        );
      }
      const duals = this.itemDuals(sol.duals);
      let priced = this.price(this.center ? this.smooth(duals) : duals, sol.duals);
      if (this.center && priced.columns.length === 0) priced = this.price(duals, sol.duals);
      if (priced.bound > bestBound) {
        bestBound = priced.bound;
        this.center = priced.duals;
      }
      if (priced.columns.length === 0) return this.outcome('optimal', sol, bestBound, iterations);
      for (const c of priced.columns) this.addColumn(c.source, c.counts);
      const settled = safeCeil(bestBound) >= safeCeil(sol.objective - 1e-9 * Math.max(1, sol.objective));
      if ((stop.settle && settled) || (stop.cutoff !== undefined && safeCeil(bestBound) >= stop.cutoff)) {
        return this.outcome('stopped', this.master.solve(), bestBound, iterations + 1);
      }
      if (budget.expired()) return this.outcome('stopped', this.master.solve(), bestBound, iterations + 1);
    }
  }

  private outcome(
    status: CgOutcome['status'],
    sol: { objective: number; x: Float64Array },
    bound: number,
    iterations: number,
  ): CgOutcome {
    const x = new Float64Array(this.columns.length);
    let artificial = 0;
    for (let i = 0; i < this.m; i++) artificial += sol.x[i] ?? 0;
    for (let j = 0; j < x.length; j++) x[j] = sol.x[this.m + j] ?? 0;
    return { status, lpValue: sol.objective, bound, x, artificial, iterations };
  }

  private itemDuals(all: Float64Array): Float64Array {
    const d = new Float64Array(this.m);
    for (let i = 0; i < this.m; i++) d[i] = Math.max(0, all[i] ?? 0);
    return d;
  }

  private smooth(duals: Float64Array): Float64Array {
    const c = this.center ?? duals;
    const out = new Float64Array(this.m);
    for (let i = 0; i < this.m; i++) out[i] = SMOOTHING * (c[i] ?? 0) + (1 - SMOOTHING) * (duals[i] ?? 0);
    return out;
  }

  /**
   * Prices at `pi`: returns the columns whose reduced cost under the master's own duals is negative, and
   * the Lagrangian bound that `pi` proves.
   */
  private price(
    pi: Float64Array,
    masterDuals: Float64Array,
  ): { columns: Column[]; bound: number; duals: Float64Array; exact: boolean } {
    // A small search usually finds an improving bar; the exact (and costlier) pricing is needed only to
    // prove that none exists and to tighten the bound.
    const fast = this.priceWith(pi, masterDuals, 'fast');
    if (fast.columns.length > 0 || fast.exact) return fast;
    return this.priceWith(pi, masterDuals, 'exact');
  }

  private priceWith(
    pi: Float64Array,
    masterDuals: Float64Array,
    mode: 'fast' | 'exact',
  ): { columns: Column[]; bound: number; duals: Float64Array; exact: boolean } {
    const bounds = Int32Array.from(this.demand, (d) => Math.max(0, d));
    const results = solveKnapsacks({ values: pi, weights: this.weights, bounds }, this.capacities, {
      extras: 3,
      mode,
    });
    const byCap = new Map(this.capacities.map((c, k) => [c, results[k]]));
    const columns: Column[] = [];
    const sourceDual = (k: number): number => {
      const row = this.supplyRow[k] ?? -1;
      let d = row >= 0 ? Math.min(0, masterDuals[row] ?? 0) : 0;
      const s = this.job.sources[k];
      if (this.usageRow >= 0 && s?.kind === 'offcut')
        d += Math.max(0, masterDuals[this.usageRow] ?? 0) * (s.length / this.usageScale());
      return d;
    };
    const reduced = (k: number, counts: Int32Array): number => {
      let v = 0;
      for (let i = 0; i < this.m; i++) v += (counts[i] ?? 0) * (masterDuals[i] ?? 0);
      return (this.job.sources[k]?.cost ?? 0) - sourceDual(k) - v;
    };
    this.job.sources.forEach((s, k) => {
      if ((this.supply[k] ?? 0) <= 0) return;
      const r = byCap.get(s.capacity);
      if (!r || r.value <= 0) return;
      const tol = REL_TOL * Math.max(1, s.cost);
      for (const counts of [r.counts, ...r.extra]) {
        if (reduced(k, counts) < -tol && !this.keys.has(patternKey(k, counts)))
          columns.push({ source: k, counts });
      }
    });
    const values = this.job.sources.map((s) => byCap.get(s.capacity)?.upperBound ?? 0);
    const exact = results.every((r) => r.exact);
    return { columns, bound: this.lagrangianBound(pi, values), duals: pi, exact };
  }

  /**
   * max over t of  t·Σ dᵢπᵢ + Σ_{finite s} qₛ·min(0, cₛ − t·vₛ)  subject to cₛ − t·vₛ ≥ 0 for unlimited s
   * (and for the artificial columns). vₛ is the exact (or an upper bound on the) best pattern value, so
   * the scaled duals are dual feasible and the bound holds for any float `pi`.
   */
  private lagrangianBound(pi: Float64Array, values: readonly number[]): number {
    let dpi = 0;
    for (let i = 0; i < this.m; i++) dpi += (this.demand[i] ?? 0) * (pi[i] ?? 0);
    if (dpi <= 0) return 0;
    let tMax = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.m; i++) if ((pi[i] ?? 0) > 0) tMax = Math.min(tMax, this.big / (pi[i] ?? 1));
    const finite: { q: number; c: number; v: number }[] = [];
    this.job.sources.forEach((s, k) => {
      const v = values[k] ?? 0;
      const q = this.supply[k] ?? 0;
      if (Number.isFinite(q)) {
        if (q > 0 && v > 0) finite.push({ q, c: s.cost, v });
      } else if (v > 0) tMax = Math.min(tMax, s.cost / v);
    });
    const at = (t: number): number => {
      let lb = t * dpi;
      for (const f of finite) lb += f.q * Math.min(0, f.c - t * f.v);
      return lb;
    };
    const candidates = [1, tMax, ...finite.map((f) => f.c / f.v)].filter(
      (t) => t >= 0 && t <= tMax && Number.isFinite(t),
    );
    let best = 0;
    for (const t of candidates) best = Math.max(best, at(t));
    return best;
  }

  dispose(): void {
    this.master.dispose();
  }
}
