import type { Budget } from '../../budget.ts';
import { ceilBound } from '../../numbers.ts';
import { type BoundTerm, type CountCut, lagrangianBound } from '../bounds/index.ts';
import { isRunFailure, type LpEngine, type LpSolution, type MasterLp } from '../lp/index.ts';
import { type Job, LARGE_JOB_ITEM_TYPES, PRACTICAL_ITEM_TYPES, patternKey } from '../model/index.ts';
import {
  ARC_DP_CELLS,
  ARC_SEARCH_NODES,
  type Arc,
  activeArcDuals,
  arcDpCells,
  arcKey,
  arcsOf,
  type KnapsackResult,
  priceWithArcs,
  searchWithArcs,
  solveKnapsacks,
} from '../pricing/index.ts';
import { SETTLE_TOLERANCE, SMOOTHING_LARGE, SMOOTHING_SMALL } from './tuning.ts';

/** A generated pattern: a feasible bar of one source. */
export interface Column {
  readonly source: number;
  readonly counts: Int32Array;
}

/** What is still to be decided: the demand left, and how many bars of each source may (must) be used. */
export type { Arc } from '../pricing/arcs.ts';
export { arcKey, arcsOf } from '../pricing/arcs.ts';

export interface Residual {
  readonly demand: Int32Array;
  /** At least this many bars of each source (branching decisions; 0 by default). */
  readonly lo: Float64Array;
  /** At most this many (supply left, or a branching decision; `Infinity` when unlimited). */
  readonly hi: Float64Array;
  /** Owned offcut material still to be used under `offcuts_first` (0 otherwise). */
  usage: number;
  /** Branching bounds on arc flows (key from {@link arcKey}); arcs not listed are free. */
  readonly arcs?: ReadonlyMap<string, { readonly lo: number; readonly hi: number }>;
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
  /** Total of the artificial (infeasibility) variables: > 0 means the residual may have no plan. */
  readonly artificial: number;
  readonly iterations: number;
}

export interface CgStop {
  /** Stop as soon as the bound shows every completion costs at least this much. */
  readonly cutoff?: number;
  /** Stop when ⌈bound⌉ can no longer rise (it equals ⌈LP⌉). */
  readonly settle?: boolean;
  /**
   * A valid lower bound on the LP value (such as the pieces' total over the bar capacity): a restricted
   * master that meets it is optimal, whatever the pricing would still find.
   */
  readonly floor?: number;
}

const REL_TOL = 1e-6;

/**
 * Gilmore–Gomory column generation on a persistent master LP. Rows: one ≥ row per item (the residual
 * demand); one range row per source (`lo ≤ bars ≤ hi`: the supply left and the branching decisions); and,
 * under `offcuts_first`, one row forcing the offcut material used. Artificial columns keep it feasible.
 * Pricing solves one bounded knapsack per distinct bar capacity, with Wentges dual smoothing, and every
 * round yields a Lagrangian bound that is valid whatever the float duals are.
 */
export class ColumnGeneration {
  readonly columns: Column[] = [];
  private readonly keys = new Map<string, number>();
  private readonly master: MasterLp;
  private readonly m: number;
  private readonly sourceRow: number;
  private readonly usageRow: number;
  private readonly usageScale: number;
  private readonly big: number;
  /** LP index of the first generated column (artificial and substitution columns come first). */
  private readonly firstColumn: number;
  /** The artificial columns are LP columns 0 … artificialColumns − 1. */
  private readonly artificialColumns: number;
  private readonly large: boolean;
  private readonly capacities: number[];
  private readonly weights: Float64Array;
  private residual: Residual;
  /** The demand and usage of the residual the master was built for (the root): cuts are recorded there. */
  private readonly baseDemand: Int32Array;
  private readonly baseUsage: number;
  /** The cut of the last pricing round at the root's demand (see {@link CountCut}). */
  lastCut: CountCut | null = null;
  private center: Float64Array | null = null;
  /** Arc rows added by branching: key → row; rows whose arc is not bounded at a node are left free. */
  private readonly arcRows = new Map<string, { readonly row: number; readonly arc: Arc }>();

  private readonly job: Job;

  constructor(
    job: Job,
    engine: LpEngine,
    residual: Residual,
    options: { readonly primalAfterColumns?: boolean } = {},
  ) {
    this.job = job;
    this.m = job.items.length;
    this.residual = copyResidual(residual);
    this.baseDemand = residual.demand.slice();
    this.baseUsage = residual.usage;
    this.weights = Float64Array.from(job.items, (it) => it.weight);
    this.usageScale = Math.max(1, ...job.sources.filter((s) => s.kind === 'offcut').map((s) => s.length));
    const rows: { lower: number; upper: number }[] = [];
    for (let i = 0; i < this.m; i++)
      rows.push({ lower: residual.demand[i] ?? 0, upper: Number.POSITIVE_INFINITY });
    this.sourceRow = rows.length;
    job.sources.forEach((_, k) => {
      rows.push({ lower: residual.lo[k] ?? 0, upper: residual.hi[k] ?? 0 });
    });
    this.usageRow = job.offcutsFirst && residual.usage > 0 ? rows.length : -1;
    if (this.usageRow >= 0)
      rows.push({ lower: residual.usage / this.usageScale, upper: Number.POSITIVE_INFINITY });
    // Jobs with several kinds of bar and up to 60 item types (practical cut lists) re-solve column
    // generation's masters by primal simplex after added columns; the others stay on dual simplex, on
    // whose vertices their dives and tree were tuned (docs/solver.md, LP engine, has the measurements).
    // Full-bar jobs ask for primal re-solves through `options` (see solveGroup).
    this.master = engine.createMaster(rows, {
      primalAfterColumns:
        options.primalAfterColumns ?? (job.sources.length > 1 && job.items.length <= PRACTICAL_ITEM_TYPES),
    });
    const maxCost = Math.max(1, ...job.sources.map((s) => s.cost));
    this.big = 1e4 * maxCost;
    for (let i = 0; i < this.m; i++) this.master.addColumn(this.big, [i], [1]);
    // The usage row needs its own artificial: no offcut column may exist yet to satisfy it.
    if (this.usageRow >= 0) this.master.addColumn(this.big, [this.usageRow], [1]);
    this.artificialColumns = this.master.columnCount;
    // Dual-optimal inequalities πᵢ ≥ πᵢ₊₁ (a longer piece can always be cut where a shorter one is needed):
    // free substitution columns that keep the LP value and steady the duals, so column generation needs
    // far fewer rounds; plans read off the patterns alone are repaired by the same substitution. They pay
    // off where rounds are many (large jobs with one kind of bar); on small practical jobs they steer the
    // search worse than they save (measured on the seeded practical set; `LARGE_JOB_ITEM_TYPES` draws the line).
    if (job.sources.length === 1 && this.m >= LARGE_JOB_ITEM_TYPES) {
      for (let i = 0; i + 1 < this.m; i++) this.master.addColumn(0, [i, i + 1], [-1, 1]);
    }
    this.firstColumn = this.master.columnCount;
    this.large = this.m >= LARGE_JOB_ITEM_TYPES;
    this.capacities = [...new Set(job.sources.map((s) => s.capacity))].sort((a, b) => a - b);
  }

  /**
   * Switches the substitution columns off. They speed up the root, but the LP solutions they give
   * substitute pieces the dives then have to repair, which steers rounding badly (docs/solver.md,
   * Tuning).
   */
  dropSubstitution(): void {
    for (let c = this.artificialColumns; c < this.firstColumn; c++) this.master.setColumnBounds(c, 0, 0);
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
    rows.push(this.sourceRow + source);
    coefs.push(1);
    if (this.arcRows.size > 0) {
      for (const a of arcsOf(this.weights, source, counts)) {
        const r = this.arcRows.get(arcKey(a));
        if (r) {
          rows.push(r.row);
          coefs.push(1);
        }
      }
    }
    const src = this.job.sources[source];
    if (this.usageRow >= 0 && src?.kind === 'offcut') {
      rows.push(this.usageRow);
      coefs.push(src.length / this.usageScale);
    }
    this.master.addColumn(src?.cost ?? 0, rows, coefs);
    this.columns.push({ source, counts: counts.slice() });
    this.keys.set(key, this.columns.length - 1);
    return this.columns.length - 1;
  }

  /** Moves the master to another residual (diving fixes bars, branching bounds sources, backtracking restores). */
  setResidual(next: Residual): void {
    const cur = this.residual;
    for (let i = 0; i < this.m; i++) {
      if ((next.demand[i] ?? 0) !== (cur.demand[i] ?? 0)) {
        this.master.setRowBounds(i, next.demand[i] ?? 0, Number.POSITIVE_INFINITY);
      }
    }
    this.job.sources.forEach((_, k) => {
      if ((next.lo[k] ?? 0) !== (cur.lo[k] ?? 0) || (next.hi[k] ?? 0) !== (cur.hi[k] ?? 0)) {
        this.master.setRowBounds(this.sourceRow + k, next.lo[k] ?? 0, next.hi[k] ?? 0);
      }
    });
    const curArcs = cur.arcs ?? new Map<string, { lo: number; hi: number }>();
    const nextArcs = next.arcs ?? new Map<string, { lo: number; hi: number }>();
    for (const [key, b] of nextArcs) {
      const row = this.arcRow(key);
      const old = curArcs.get(key);
      if (!old || old.lo !== b.lo || old.hi !== b.hi) this.master.setRowBounds(row, b.lo, b.hi);
    }
    for (const key of curArcs.keys()) {
      const r = this.arcRows.get(key);
      if (r && !nextArcs.has(key))
        this.master.setRowBounds(r.row, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
    }
    if (this.usageRow >= 0 && next.usage !== cur.usage) {
      this.master.setRowBounds(
        this.usageRow,
        Math.max(0, next.usage) / this.usageScale,
        Number.POSITIVE_INFINITY,
      );
    }
    this.residual = copyResidual(next);
    this.center = null;
  }

  /** The master row of an arc (added, free, on first use, with the coefficients of existing columns). */
  private arcRow(key: string): number {
    const known = this.arcRows.get(key);
    if (known) return known.row;
    const [source, pos, item] = key.split(':').map(Number) as [number, number, number];
    const arc: Arc = { source, pos, item };
    const cols: number[] = [];
    const coefs: number[] = [];
    this.columns.forEach((c, j) => {
      if (c.source !== source) return;
      if (arcsOf(this.weights, source, c.counts).some((a) => a.pos === pos && a.item === item)) {
        cols.push(this.firstColumn + j);
        coefs.push(1);
      }
    });
    const row = this.master.addRow(Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, cols, coefs);
    this.arcRows.set(key, { row, arc });
    return row;
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

  /** Bars of each source in an LP solution `x` (over `columns`). */
  sourceTotals(x: Float64Array): Float64Array {
    const totals = new Float64Array(this.job.sources.length);
    x.forEach((v, j) => {
      const c = this.columns[j];
      if (c && v > 0) totals[c.source] = (totals[c.source] ?? 0) + v;
    });
    return totals;
  }

  /** Runs column generation on the current residual until the LP is solved or a stop applies. */
  solve(budget: Budget, stop: CgStop = {}): CgOutcome {
    let iterations = 0;
    let bestBound = Number.NEGATIVE_INFINITY;
    for (;;) {
      const sol = this.solveMaster();
      iterations++;
      if (sol.status !== 'optimal') {
        return this.outcome(
          sol.status === 'infeasible' ? 'infeasible' : 'failed',
          sol,
          bestBound,
          iterations,
        );
      }
      if (stop.floor !== undefined && this.meets(sol, stop.floor)) {
        return this.outcome('optimal', sol, Math.max(bestBound, stop.floor), iterations);
      }
      const duals = this.itemDuals(sol.duals);
      let priced = this.price(this.center ? this.smooth(duals) : duals, sol.duals);
      if (this.center && priced.columns.length === 0) priced = this.price(duals, sol.duals);
      // Defence in depth: a valid bound never exceeds the restricted master's value (≥ the LP optimum);
      // capping there keeps a numerical slip in the pricing from ever becoming an absurd bound.
      priced.bound = Math.min(priced.bound, sol.objective + 1e-9 * Math.max(1, Math.abs(sol.objective)));
      if (priced.bound > bestBound) {
        bestBound = priced.bound;
        this.center = priced.duals;
      }
      // Without columns the LP is solved only if the pricing was exact; past the pricing's size caps it may
      // not be, and the caller must not treat the LP solution as optimal.
      if (priced.columns.length === 0) {
        return this.outcome(priced.exact ? 'optimal' : 'stopped', sol, bestBound, iterations);
      }
      for (const c of priced.columns) this.addColumn(c.source, c.counts);
      // Settled: the integer the bound rounds up to is the one the LP is about to reach. The last
      // thousandths of a degenerate LP's tail cost hundreds of iterations and cannot change a proof
      // (the bound is the Lagrangian one, not the LP value), so they are not waited for.
      // An LP still paying for artificial columns has not found its footing yet: never settled.
      let leaning = 0;
      for (let a = 0; a < this.artificialColumns; a++) leaning += sol.x[a] ?? 0;
      const settled = leaning <= 1e-9 && ceilBound(bestBound) >= ceilBound(sol.objective - SETTLE_TOLERANCE);
      if ((stop.settle && settled) || (stop.cutoff !== undefined && ceilBound(bestBound) >= stop.cutoff)) {
        return this.outcome('stopped', this.solveMaster(), bestBound, iterations + 1);
      }
      if (budget.expired()) return this.outcome('stopped', this.solveMaster(), bestBound, iterations + 1);
    }
  }

  /** Whether a restricted master's solution, free of artificial columns, has come down to `floor`. */
  private meets(sol: LpSolution, floor: number): boolean {
    if (sol.objective > floor + 1e-9 * Math.max(1, Math.abs(floor))) return false;
    let leaning = 0;
    for (let a = 0; a < this.artificialColumns; a++) leaning += sol.x[a] ?? 0;
    return leaning <= 1e-9;
  }

  /**
   * The master's solve, with an engine that throws (HiGHS's wasm raised "run failed" once in a full
   * benchmark run) read as a failed solve: the search then treats the node as unresolved instead of the
   * whole request failing.
   */
  private solveMaster(): LpSolution {
    try {
      return this.master.solve();
    } catch (e) {
      // HiGHS's wasm has thrown its native run failure in a benchmark run: an LP left unsolved, not a bug.
      if (!isRunFailure(e)) throw e;
      return { status: 'failed', objective: Number.NaN, x: new Float64Array(0), duals: new Float64Array(0) };
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
    for (let a = 0; a < this.artificialColumns; a++) artificial += sol.x[a] ?? 0;
    for (let j = 0; j < x.length; j++) x[j] = sol.x[this.firstColumn + j] ?? 0;
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
    const a = this.large ? SMOOTHING_LARGE : SMOOTHING_SMALL;
    for (let i = 0; i < this.m; i++) out[i] = a * (c[i] ?? 0) + (1 - a) * (duals[i] ?? 0);
    return out;
  }

  /**
   * Prices at `pi`: returns the columns whose reduced cost under the master's own duals is negative, and
   * the Lagrangian bound that `pi` proves. A small search usually finds an improving bar; the exact (and
   * costlier) pricing is needed only to prove that none exists and to tighten the bound.
   */
  private price(pi: Float64Array, masterDuals: Float64Array): Pricing {
    const fast = this.priceWith(pi, masterDuals, 'fast');
    if (fast.columns.length > 0 || fast.exact) return fast;
    return this.priceWith(pi, masterDuals, 'exact', fast.knapsacks);
  }

  /** Prices at `pi` in one mode; `quick` is the fast round's knapsack answers at the same `pi`, if any. */
  private priceWith(
    pi: Float64Array,
    masterDuals: Float64Array,
    mode: 'fast' | 'exact',
    quick?: readonly KnapsackResult[],
  ): Pricing {
    const { demand, hi } = this.residual;
    const bounds = Int32Array.from(demand, (d) => Math.max(0, d));
    const arcs = activeArcDuals(this.arcRows, this.residual.arcs, masterDuals);
    // Every capacity gets the plain knapsack, sources with arc duals too: its packings, checked against
    // the arc duals, are often improving columns, and often prove the arc optimum, for a fraction of the
    // exact arc DP (see below).
    // Capacities whose sources have no bar left here (used up, or branched to zero) need no pricing: no
    // column of theirs could enter, and the bound counts them at zero bars.
    const plain = this.capacities.filter((c) =>
      this.job.sources.some((s, k) => s.capacity === c && (hi[k] ?? 0) > 0),
    );
    const results = solveKnapsacks({ values: pi, weights: this.weights, bounds }, plain, {
      extras: 3,
      mode,
      quick,
      resume: this.m <= PRACTICAL_ITEM_TYPES,
    });
    const byCap = new Map(plain.map((c, k) => [c, results[k]]));
    const nu = this.usageRow >= 0 ? Math.max(0, masterDuals[this.usageRow] ?? 0) : 0;
    const usagePay = (k: number): number => {
      const s = this.job.sources[k];
      return s?.kind === 'offcut' ? (nu * s.length) / this.usageScale : 0;
    };
    const reduced = (k: number, counts: Int32Array): number => {
      let v = 0;
      for (let i = 0; i < this.m; i++) v += (counts[i] ?? 0) * (masterDuals[i] ?? 0);
      const byPos = arcs.raw.get(k);
      if (byPos) for (const a of arcsOf(this.weights, k, counts)) v += byPos.get(a.pos)?.get(a.item) ?? 0;
      const sourceDual = masterDuals[this.sourceRow + k] ?? 0;
      return (this.job.sources[k]?.cost ?? 0) - sourceDual - usagePay(k) - v;
    };
    // A pattern enters when it is not empty, prices out and is new.
    const pricesOut = (k: number, counts: Int32Array): boolean =>
      counts.some((c) => c > 0) &&
      reduced(k, counts) < -REL_TOL * Math.max(1, this.job.sources[k]?.cost ?? 0) &&
      !this.keys.has(patternKey(k, counts));
    const columns: Column[] = [];
    let exact = results.every((r) => r.exact);
    // Under offcuts_first the usage row's dual ν pays every offcut bar ν·Lₒ on top of its pieces.
    const values = this.job.sources.map((s, k) => {
      // No bar of this source left here: nothing to price, and the bound counts it at zero bars.
      if ((hi[k] ?? 0) <= 0) return 0;
      let candidates: Int32Array[] = [];
      let value = 0;
      const duals = arcs.bySource.get(k);
      const r = byCap.get(s.capacity);
      const shortcut = duals && r ? plainAnswer(k, r, duals, mode, pricesOut, this.weights) : null;
      if (shortcut) {
        candidates = shortcut.candidates;
        value = shortcut.value;
        exact &&= shortcut.exact;
      } else if (duals) {
        const input = { weights: this.weights, values: pi, bounds, capacity: s.capacity, arcDuals: duals };
        // Too large for the exact DP: the branch and bound alone, with a node limit.
        const best =
          arcDpCells(input) <= ARC_DP_CELLS ? priceWithArcs(input) : searchWithArcs(input, ARC_SEARCH_NODES);
        if (best) {
          candidates = [best.counts];
          value = best.value;
        } else {
          // Neither could answer: a valid upper bound is the plain knapsack (solved above for every
          // capacity with bars left) plus every positive arc dual.
          candidates = r ? [r.counts] : [];
          value = (r?.upperBound ?? Number.POSITIVE_INFINITY) + positiveTotal(duals);
          exact = false;
        }
      } else {
        if (r) {
          candidates = [r.counts, ...r.extra];
          value = r.upperBound;
        }
      }
      if (nu > 0 && s.kind === 'offcut') {
        // Under offcuts_first any piece on an offcut earns the usage dual, even a piece the item duals
        // price at zero (which the knapsack leaves out): offer the best single piece that fits.
        const one = bestSinglePiece(this.weights, pi, bounds, s.capacity);
        if (one) candidates = [...candidates, one];
      }
      for (const counts of candidates) if (pricesOut(k, counts)) columns.push({ source: k, counts });
      return Math.max(0, value) + usagePay(k);
    });
    this.recordCut(pi, nu, byCap);
    return {
      columns,
      bound: this.lagrangianBound(pi, values, nu, arcs.rhs),
      duals: pi,
      exact,
      knapsacks: results,
    };
  }

  private recordCut(pi: Float64Array, nu: number, byCap: Map<number, KnapsackResult | undefined>): void {
    const { demand, usage } = this.residual;
    if (usage !== this.baseUsage) return;
    for (let i = 0; i < this.m; i++) if (demand[i] !== this.baseDemand[i]) return;
    let rhs = this.usageRow >= 0 ? (nu * Math.max(0, usage)) / this.usageScale : 0;
    for (let i = 0; i < this.m; i++) rhs += (demand[i] ?? 0) * (pi[i] ?? 0);
    const v = Float64Array.from(this.job.sources, (s) => {
      const r = byCap.get(s.capacity);
      const pay = s.kind === 'offcut' ? (nu * s.length) / this.usageScale : 0;
      return r ? Math.max(0, r.upperBound) + pay : Number.POSITIVE_INFINITY;
    });
    this.lastCut = { rhs, v };
  }

  /** The bound the duals `pi` (with usage dual `nu` and arc rows' `arcRhs`) prove for the current residual. */
  private lagrangianBound(pi: Float64Array, values: readonly number[], nu: number, arcRhs = 0): number {
    const { demand, lo, hi, usage } = this.residual;
    let rhs = (this.usageRow >= 0 ? (nu * Math.max(0, usage)) / this.usageScale : 0) + arcRhs;
    for (let i = 0; i < this.m; i++) rhs += (demand[i] ?? 0) * (pi[i] ?? 0);
    const terms: BoundTerm[] = this.job.sources.map((s, k) => ({
      lo: lo[k] ?? 0,
      hi: hi[k] ?? 0,
      c: s.cost,
      v: values[k] ?? 0,
    }));
    // The artificial columns are unlimited one-piece bars of cost `big`.
    for (let i = 0; i < this.m; i++)
      terms.push({ lo: 0, hi: Number.POSITIVE_INFINITY, c: this.big, v: pi[i] ?? 0 });
    if (this.usageRow >= 0) terms.push({ lo: 0, hi: Number.POSITIVE_INFINITY, c: this.big, v: nu });
    return lagrangianBound(rhs, terms);
  }

  dispose(): void {
    this.master.dispose();
  }
}

/** A pricing round's answer: the entering columns, the bound the duals prove, and the knapsacks solved. */
interface Pricing {
  readonly columns: Column[];
  bound: number;
  readonly duals: Float64Array;
  readonly exact: boolean;
  /** The plain knapsack's answers, one per capacity priced. */
  readonly knapsacks: readonly KnapsackResult[];
}

/**
 * A source with arc duals, answered from the plain knapsack's packings when that is enough: in fast mode
 * always (a valid bound is the plain optimum plus every positive arc dual); in exact mode when one of the
 * packings prices out under the arc duals (the round goes on, so the looser bound does), or when no arc
 * dual is positive and the plain optimum's packing crosses no arc with a dual (then no pattern can beat
 * it: the arc optimum is the plain optimum). Otherwise null: the arc search or DP must decide.
 */
function plainAnswer(
  k: number,
  r: KnapsackResult,
  duals: ReadonlyMap<number, ReadonlyMap<number, number>>,
  mode: 'fast' | 'exact',
  pricesOut: (k: number, counts: Int32Array) => boolean,
  weights: ArrayLike<number>,
): { candidates: Int32Array[]; value: number; exact: boolean } | null {
  const candidates = [r.counts, ...r.extra];
  const positive = positiveTotal(duals);
  const loose = { candidates, value: r.upperBound + positive, exact: false };
  if (mode === 'fast' || candidates.some((c) => pricesOut(k, c))) return loose;
  if (!r.exact || positive > 0) return null;
  const crossed = arcsOf(weights, k, r.counts).some((a) => (duals.get(a.pos)?.get(a.item) ?? 0) !== 0);
  return crossed ? null : { candidates, value: r.upperBound, exact: true };
}

/** Every positive arc dual of a source: what its arcs can add to any pattern's value at most. */
function positiveTotal(duals: ReadonlyMap<number, ReadonlyMap<number, number>>): number {
  let total = 0;
  for (const byItem of duals.values()) for (const d of byItem.values()) total += Math.max(0, d);
  return total;
}

function copyResidual(r: Residual): Residual {
  const copy: Residual = { demand: r.demand.slice(), lo: r.lo.slice(), hi: r.hi.slice(), usage: r.usage };
  return r.arcs ? { ...copy, arcs: new Map(r.arcs) } : copy;
}

/** The single piece of highest dual that fits a bar of `capacity` (any fitting piece when all are 0). */
function bestSinglePiece(
  weights: Float64Array,
  pi: Float64Array,
  bounds: Int32Array,
  capacity: number,
): Int32Array | null {
  let best = -1;
  for (let i = 0; i < weights.length; i++) {
    if ((bounds[i] ?? 0) <= 0 || (weights[i] ?? 0) > capacity) continue;
    if (best < 0 || (pi[i] ?? 0) > (pi[best] ?? 0)) best = i;
  }
  if (best < 0) return null;
  const counts = new Int32Array(weights.length);
  counts[best] = 1;
  return counts;
}
