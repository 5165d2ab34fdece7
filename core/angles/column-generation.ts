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
          // Demand-bounded: no column holds a piece past the residual demand (see pricing.ts).
          const plan = priceSequences(this.#job, source.length, pi, 'plan', demand);
          const boundRun = root ? priceSequences(this.#job, source.length, pi, 'bound', demand) : plan;
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
