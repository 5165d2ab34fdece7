/**
 * Column generation over sequences for one angle job: the covering master of docs/solver.md (one ≥ row
 * per shape, one range row per source) whose columns are bar sequences, priced by the sequence DP. The
 * Lagrangian bound of each round holds for the real geometry (bound-mode pricing); a residual (demand and
 * supply left after bars were fixed) is set by changing row bounds, so one master serves a whole dive.
 */
import type { Budget } from '../budget.ts';
import { lagrangianBound } from '../solver/bounds/index.ts';
import type { LpEngine, MasterLp } from '../solver/lp/index.ts';
import type { AngleJob, SeqBar } from './job.ts';
import { spanOf } from './plan.ts';
import { priceSequences } from './pricing.ts';

interface Column {
  readonly bar: SeqBar;
  readonly counts: Int32Array;
  readonly index: number;
}

export interface LpRound {
  readonly objective: number;
  /** Column values by column number. */
  readonly x: Float64Array;
  /** True when the solution still leans on an artificial column (the residual may be infeasible). */
  readonly artificial: boolean;
}

export class SequenceMaster {
  readonly columns: Column[] = [];
  readonly #job: AngleJob;
  readonly #lp: MasterLp;
  readonly #keys = new Set<string>();
  readonly #artificial: number[] = [];
  readonly #shapeRows: number;
  /** Best valid bound on the cost of the whole job (root rounds only). */
  bound = 0;
  rounds = 0;

  constructor(job: AngleJob, engine: LpEngine, demand: ArrayLike<number>, supply: ArrayLike<number>) {
    this.#job = job;
    this.#shapeRows = job.shapes.length;
    const rows = [
      ...job.shapes.map((_, s) => ({ lower: demand[s] ?? 0, upper: Number.POSITIVE_INFINITY })),
      ...job.base.sources.map((_, i) => ({ lower: 0, upper: supply[i] ?? 0 })),
    ];
    this.#lp = engine.createMaster(rows);
    const big = 1 + Math.max(1, ...job.base.sources.map((s) => s.cost)) * 1000;
    job.shapes.forEach((_, s) => {
      this.#artificial.push(this.#lp.addColumn(big, [s], [1]));
    });
  }

  dispose(): void {
    this.#lp.dispose();
  }

  /** Adds a bar's sequence as a column (once); returns false when it was there already. */
  add(bar: SeqBar): boolean {
    const key = `${bar.source}:${bar.pieces.map((p) => `${p.shape}.${p.pose}`).join(',')}`;
    if (this.#keys.has(key)) return false;
    this.#keys.add(key);
    const counts = new Int32Array(this.#shapeRows);
    for (const p of bar.pieces) counts[p.shape] = (counts[p.shape] ?? 0) + 1;
    const rows: number[] = [];
    const coefs: number[] = [];
    counts.forEach((n, s) => {
      if (n > 0) {
        rows.push(s);
        coefs.push(n);
      }
    });
    rows.push(this.#shapeRows + bar.source);
    coefs.push(1);
    const cost = this.#job.base.sources[bar.source]?.cost ?? 0;
    const index = this.#lp.addColumn(cost, rows, coefs);
    this.columns.push({ bar, counts, index });
    return true;
  }

  /** The bar with pieces past the demand dropped and the room refilled greedily; null when nothing changes. */
  #withinDemand(
    bar: SeqBar,
    demand: ArrayLike<number>,
    pi: Float64Array,
    length: number,
  ): { bar: SeqBar; value: number } | null {
    const job = this.#job;
    const used = new Int32Array(this.#shapeRows);
    const kept: { shape: number; pose: number }[] = [];
    for (const p of bar.pieces) {
      if ((used[p.shape] ?? 0) >= (demand[p.shape] ?? 0)) continue;
      used[p.shape] = (used[p.shape] ?? 0) + 1;
      kept.push(p);
    }
    if (kept.length === bar.pieces.length || kept.length === 0) return null;
    let span = spanOf(job, { source: bar.source, pieces: kept });
    if (span > length) return null;
    const order = job.shapes
      .map((s, i) => ({ i, worth: (pi[i] ?? 0) / Math.max(1, s.material) }))
      .filter((x) => x.worth > 0)
      .sort((a, b) => b.worth - a.worth);
    for (const { i } of order) {
      const shape = job.shapes[i];
      if (!shape) continue;
      while ((used[i] ?? 0) < (demand[i] ?? 0)) {
        let best = -1;
        let bestSpan = Number.POSITIVE_INFINITY;
        shape.poses.forEach((_, pose) => {
          const next = spanOf(job, { source: bar.source, pieces: [...kept, { shape: i, pose }] });
          if (next <= length && next < bestSpan) {
            bestSpan = next;
            best = pose;
          }
        });
        if (best < 0) break;
        kept.push({ shape: i, pose: best });
        used[i] = (used[i] ?? 0) + 1;
        span = bestSpan;
      }
    }
    let value = 0;
    for (const p of kept) value += pi[p.shape] ?? 0;
    return { bar: { source: bar.source, pieces: kept }, value };
  }

  setResidual(demand: ArrayLike<number>, supply: ArrayLike<number>): void {
    this.#job.shapes.forEach((_, s) => {
      this.#lp.setRowBounds(s, demand[s] ?? 0, Number.POSITIVE_INFINITY);
    });
    this.#job.base.sources.forEach((_, i) => {
      this.#lp.setRowBounds(this.#shapeRows + i, 0, supply[i] ?? 0);
    });
  }

  /**
   * Solves the master and prices until no column improves, the round limit or the budget ends. With
   * `root`, each round's Lagrangian bound (bound-mode pricing, the real geometry) lifts `this.bound`, and
   * the rounds stop once it passes `stopAbove` (a caller that only wants plans costing that much or less).
   */
  solve(
    demand: ArrayLike<number>,
    supply: ArrayLike<number>,
    budget: Budget,
    maxRounds: number,
    root: boolean,
    stopAbove = Number.POSITIVE_INFINITY,
  ): LpRound | null {
    let last: LpRound | null = null;
    for (let round = 0; round < maxRounds; round++) {
      const sol = this.#lp.solve();
      if (sol.status !== 'optimal') return null;
      this.rounds++;
      const x = new Float64Array(this.columns.length);
      this.columns.forEach((c, j) => {
        x[j] = sol.x[c.index] ?? 0;
      });
      const artificial = this.#artificial.some((a) => (sol.x[a] ?? 0) > 1e-7);
      last = { objective: sol.objective, x, artificial };
      if (budget.expired()) break;
      const pi = new Float64Array(this.#shapeRows);
      for (let s = 0; s < this.#shapeRows; s++) pi[s] = Math.max(0, sol.duals[s] ?? 0);
      let added = 0;
      const terms: { lo: number; hi: number; c: number; v: number }[] = [];
      let exact = true;
      const lengths = new Map<number, { plan: ReturnType<typeof priceSequences>; bound: number }>();
      this.#job.base.sources.forEach((source, i) => {
        const left = supply[i] ?? 0;
        if (left <= 0) return;
        let priced = lengths.get(source.length);
        if (priced === undefined) {
          const plan = priceSequences(this.#job, source.length, pi, 'plan');
          const boundRun = root ? priceSequences(this.#job, source.length, pi, 'bound') : plan;
          if (!boundRun.done) exact = false;
          priced = { plan, bound: boundRun.value };
          lengths.set(source.length, priced);
        }
        terms.push({ lo: 0, hi: left, c: source.cost, v: priced.bound });
        const mu = Math.min(0, sol.duals[this.#shapeRows + i] ?? 0);
        const prices = (value: number): boolean =>
          source.cost - value - mu < -1e-7 * Math.max(1, source.cost);
        for (const seq of priced.plan.sequences.slice(0, 4)) {
          if (prices(seq.value) && this.add({ source: i, pieces: seq.pieces })) added++;
          // Pieces repeat without limit in the DP; the same bar cut to the demand and refilled with
          // what is still wanted gives the LP a column it can use whole.
          const bounded = this.#withinDemand({ source: i, pieces: seq.pieces }, demand, pi, source.length);
          if (bounded && prices(bounded.value) && this.add(bounded.bar)) added++;
        }
      });
      if (root && exact) {
        let rhs = 0;
        for (let s = 0; s < this.#shapeRows; s++) rhs += (demand[s] ?? 0) * (pi[s] ?? 0);
        this.bound = Math.max(this.bound, lagrangianBound(rhs, terms));
        if (this.bound > stopAbove + 1e-9) break;
      }
      if (added === 0) break;
    }
    return last;
  }
}
