/**
 * The pattern-minimisation LP (Vanderbeck 2000; Alves, Macedo & Valério de Carvalho 2009) at a fixed
 * primary value: the master of the column generation behind the setups bound.
 *
 *   min Σ_j y_j                                            (one setup per column)
 *   Σ_j k_j·a_ij·y_j = d_i                   for each item i              dual π_i (free)
 *   Σ_{s of L} z_s − Σ_{j of L} k_j·y_j ≥ 0  for each source length L    dual λ_L ≥ 0
 *   Σ_s cost_s·z_s ≤ V                       (the plan's value)           dual μ ≥ 0
 *   Σ_{s stock} z_s ≤ B                      (purchased bars, when capped) dual β ≥ 0
 *   0 ≤ z_s ≤ supply_s,  y ≥ 0
 *
 * A column j is a pattern a_j on a bar of length L cut k_j times: one setup, whatever stock entries or
 * offcuts of that length its bars come from (a setup is the source length and the pieces, so bars of two
 * entries of one length on one pattern are one setup). Plans cut every demand exactly (the verifier checks
 * it), so one setup never cuts more than the demand of an item: k·aᵢ ≤ dᵢ, which is what makes this bound
 * strong (a pattern on many bars carries few pieces of each item). The bars themselves are the z_s, per
 * source, which carry the value, the purchased-bar count and the supply.
 */
import type { LpEngine, MasterLp } from '../../lp/index.ts';
import { isRunFailure } from '../../lp/index.ts';
import type { Job, Layout } from '../../model/index.ts';

/** The bars of one length: one capacity, the sources that have it, the most bars one setup can use. */
export interface LengthClass {
  readonly length: number;
  readonly capacity: number;
  readonly sources: readonly number[];
  /**
   * The most bars one setup on this length can take in a plan of value ≤ V and ≤ B purchased bars (and at
   * most the largest demand, since k·aᵢ ≤ dᵢ for some aᵢ ≥ 1).
   */
  readonly maxBars: number;
}

/** A column: pattern `counts` on bars of length class `cls`, cut `k` times. */
export interface PmpColumn {
  readonly cls: number;
  readonly counts: Int32Array;
  readonly k: number;
}

/** Multipliers of the master's rows, cleaned so that the Lagrangian bound holds for them exactly. */
export interface PmpDuals {
  readonly pi: Float64Array;
  readonly lambda: Float64Array;
  readonly mu: number;
  readonly beta: number;
}

export interface PmpSolution {
  readonly objective: number;
  /** What the artificial setups carry (> 0: the restricted master has no plan without them yet). */
  readonly artificial: number;
  /** Values of the generated columns (indices as returned by {@link PmpMaster.addColumn}). */
  readonly y: Float64Array;
  readonly duals: PmpDuals;
}

/** The plan's bound: value `value` (job cost units) and at most `bars` purchased bars (∞: not capped). */
export interface PmpLimits {
  readonly value: number;
  readonly bars: number;
}

/** Groups the job's sources by length; each class's most bars per setup at the given limits. */
export function lengthClasses(job: Job, limits: PmpLimits): LengthClass[] {
  const byLength = new Map<number, number[]>();
  job.sources.forEach((s, k) => {
    const list = byLength.get(s.length);
    if (list) list.push(k);
    else byLength.set(s.length, [k]);
  });
  const most = Math.max(0, ...job.items.map((it) => it.demand));
  return [...byLength.entries()].map(([length, sources]) => {
    let owned = 0;
    let bought = 0;
    let cheapest = Number.POSITIVE_INFINITY;
    for (const k of sources) {
      const s = job.sources[k];
      if (!s || s.supply <= 0) continue;
      if (s.kind === 'stock') bought += s.supply;
      else owned += s.supply;
      cheapest = Math.min(cheapest, s.cost);
    }
    let cap = owned + Math.min(bought, limits.bars);
    if (cheapest > 0) cap = Math.min(cap, Math.floor(limits.value / cheapest + 1e-9));
    const capacity = job.sources[sources[0] ?? 0]?.capacity ?? 0;
    return { length, capacity, sources, maxBars: Math.max(0, Math.min(most, cap)) };
  });
}

/** Pieces of item i the column's setup cuts: k·aᵢ. */
export function coverage(job: Job, col: PmpColumn): Float64Array {
  return Float64Array.from(job.items, (_, i) => col.k * (col.counts[i] ?? 0));
}

/** The master LP over the job's items and length classes at fixed limits. */
export class PmpMaster {
  readonly columns: PmpColumn[] = [];
  private readonly keys = new Map<string, number>();
  private readonly lp: MasterLp;
  private readonly m: number;
  private readonly classRow: number;
  private readonly valueRow: number;
  private readonly barsRow: number;
  /** The value row is divided by this (values can be large, the other rows are counts). */
  private readonly scale: number;
  /** LP index of the first generated column (z columns and artificials first). */
  private readonly first: number;
  /** LP index of the first artificial column. */
  private readonly artificialFrom: number;
  /** The job the rows stand for now: the whole job, or what a dive has left of it. */
  job: Job;
  classes: readonly LengthClass[];
  private limits: PmpLimits;

  constructor(job: Job, engine: LpEngine, classes: readonly LengthClass[], limits: PmpLimits) {
    this.job = job;
    this.classes = classes;
    this.limits = limits;
    this.m = job.items.length;
    this.scale = limits.value > 0 ? limits.value : 1;
    const rows: { lower: number; upper: number }[] = job.items.map((it) => ({
      lower: it.demand,
      upper: it.demand,
    }));
    this.classRow = rows.length;
    for (const _ of classes) rows.push({ lower: 0, upper: Number.POSITIVE_INFINITY });
    this.valueRow = rows.length;
    rows.push({ lower: Number.NEGATIVE_INFINITY, upper: limits.value / this.scale });
    this.barsRow = Number.isFinite(limits.bars) ? rows.length : -1;
    if (this.barsRow >= 0) rows.push({ lower: Number.NEGATIVE_INFINITY, upper: limits.bars });
    this.lp = engine.createMaster(rows);
    classes.forEach((c, l) => {
      for (const k of c.sources) {
        const s = job.sources[k];
        if (!s) continue;
        const r = [this.classRow + l, this.valueRow];
        const v = [1, s.cost / this.scale];
        if (this.barsRow >= 0 && s.kind === 'stock') {
          r.push(this.barsRow);
          v.push(1);
        }
        this.lp.addColumn(0, r, v, Math.max(0, s.supply));
      }
    });
    // Artificial setups cutting one item's whole demand without bars keep every restricted master
    // feasible (a dive's fixings can leave none); dear enough that an LP uses them only when it must.
    const big = 1000 * (this.m + 1);
    this.artificialFrom = this.lp.columnCount;
    job.items.forEach((it, i) => {
      if (it.demand > 0) this.lp.addColumn(big, [i], [it.demand]);
    });
    this.first = this.lp.columnCount;
  }

  /** The setups of a plan as columns (layouts of one length and pattern are one setup). */
  addPlan(layouts: readonly Layout[]): void {
    const setups = new Map<string, { cls: number; counts: Int32Array; k: number }>();
    for (const l of layouts) {
      const length = this.job.sources[l.source]?.length;
      const cls = this.classes.findIndex((c) => c.length === length);
      if (cls < 0 || l.count <= 0) continue;
      const key = `${cls}:${l.counts.join(',')}`;
      const prev = setups.get(key);
      setups.set(key, { cls, counts: l.counts, k: (prev?.k ?? 0) + l.count });
    }
    for (const c of setups.values()) this.addColumn(c);
  }

  /** Adds a column unless it is there; returns its index in `columns`. */
  addColumn(col: PmpColumn): number {
    const key = `${col.cls}:${col.k}:${col.counts.join(',')}`;
    const known = this.keys.get(key);
    if (known !== undefined) return known;
    const rows: number[] = [];
    const coefs: number[] = [];
    coverage(this.job, col).forEach((c, i) => {
      if (c > 0) {
        rows.push(i);
        coefs.push(c);
      }
    });
    rows.push(this.classRow + col.cls);
    coefs.push(-col.k);
    this.lp.addColumn(1, rows, coefs);
    this.columns.push({ cls: col.cls, counts: col.counts.slice(), k: col.k });
    this.keys.set(key, this.columns.length - 1);
    return this.columns.length - 1;
  }

  /**
   * Moves the master to what is left of the job (`rest`: the same items and sources, demand and supply
   * left) within `limits` (the value and bars left; bars capped only if they were at construction).
   * Columns that no longer fit the demand or the bars left are switched off; they come back on a move back.
   */
  restrict(rest: Job, limits: PmpLimits): void {
    this.job = rest;
    this.limits = limits;
    this.classes = lengthClasses(rest, limits);
    rest.items.forEach((it, i) => {
      this.lp.setRowBounds(i, it.demand, it.demand);
    });
    this.lp.setRowBounds(this.valueRow, Number.NEGATIVE_INFINITY, limits.value / this.scale);
    if (this.barsRow >= 0) this.lp.setRowBounds(this.barsRow, Number.NEGATIVE_INFINITY, limits.bars);
    let z = 0;
    for (const c of this.classes)
      for (const k of c.sources) this.lp.setColumnBounds(z++, 0, Math.max(0, rest.sources[k]?.supply ?? 0));
    this.columns.forEach((col, j) => {
      const fits =
        col.k <= (this.classes[col.cls]?.maxBars ?? 0) &&
        rest.items.every((it, i) => col.k * (col.counts[i] ?? 0) <= it.demand);
      this.lp.setColumnBounds(this.first + j, 0, fits ? Number.POSITIVE_INFINITY : 0);
    });
  }

  /** Solves the restricted master; null when the engine fails. */
  solve(): PmpSolution | null {
    let sol: ReturnType<MasterLp['solve']>;
    try {
      sol = this.lp.solve();
    } catch (e) {
      if (!isRunFailure(e)) throw e;
      return null;
    }
    if (sol.status !== 'optimal') return null;
    const y = new Float64Array(this.columns.length);
    for (let j = 0; j < y.length; j++) y[j] = sol.x[this.first + j] ?? 0;
    let artificial = 0;
    for (let a = this.artificialFrom; a < this.first; a++) artificial += sol.x[a] ?? 0;
    return { objective: sol.objective, artificial, y, duals: this.clean(sol.duals) };
  }

  /**
   * Row duals as multipliers of the right sign. λ_L is lowered where a bar of unlimited supply would
   * otherwise price below zero (μ·cost_s/V + β·[stock] < λ_L): with such λ the Lagrangian is unbounded,
   * and any λ ≥ 0 gives a valid bound, so the lowered one does.
   */
  private clean(raw: Float64Array): PmpDuals {
    const pi = Float64Array.from(this.job.items, (_, i) => raw[i] ?? 0);
    const mu = Math.max(0, -(raw[this.valueRow] ?? 0));
    const beta = this.barsRow >= 0 ? Math.max(0, -(raw[this.barsRow] ?? 0)) : 0;
    const lambda = Float64Array.from(this.classes, (c, l) => {
      let v = Math.max(0, raw[this.classRow + l] ?? 0);
      for (const k of c.sources) {
        const s = this.job.sources[k];
        if (s && s.supply === Number.POSITIVE_INFINITY) v = Math.min(v, this.barPrice(k, mu, beta));
      }
      return v;
    });
    return { pi, lambda, mu, beta };
  }

  /** What one bar of source k costs in the Lagrangian: μ·cost/V + β when purchased under a cap. */
  private barPrice(k: number, mu: number, beta: number): number {
    const s = this.job.sources[k];
    if (!s) return 0;
    return (mu * s.cost) / this.scale + (this.barsRow >= 0 && s.kind === 'stock' ? beta : 0);
  }

  /**
   * The Lagrangian's constant at `duals`: π·d − μ·V − β·B plus, for each source whose bars price below
   * zero, its whole supply at that price (the z part of the Lagrangian at its minimum). With ζ a lower
   * bound on every column's reduced cost 1 − π·cov + λ·k, every plan has setups ≥ D / (1 − min(0, ζ)).
   */
  lagrangianConstant(duals: PmpDuals): number {
    let d = 0;
    this.job.items.forEach((it, i) => {
      d += (duals.pi[i] ?? 0) * it.demand;
    });
    d -= (duals.mu * this.limits.value) / this.scale;
    if (this.barsRow >= 0) d -= duals.beta * this.limits.bars;
    this.classes.forEach((c, l) => {
      for (const k of c.sources) {
        const s = this.job.sources[k];
        if (!s || s.supply <= 0) continue;
        const r = this.barPrice(k, duals.mu, duals.beta) - (duals.lambda[l] ?? 0);
        // Unlimited sources never price below zero (clean); a float slip there costs nothing.
        if (r < 0 && Number.isFinite(s.supply)) d += r * s.supply;
      }
    });
    return d;
  }

  dispose(): void {
    this.lp.dispose();
  }
}
