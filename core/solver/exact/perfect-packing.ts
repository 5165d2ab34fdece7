import { rng } from '../model/index.ts';

/** A one-bar packing job whose bars must all be filled to the last unit. */
export interface PerfectPackingInput {
  /** Distinct positive integer piece weights, in any order. */
  readonly weights: readonly number[];
  /** Copies of each weight (same index). */
  readonly demands: readonly number[];
  /** Integer bar capacity. */
  readonly capacity: number;
  /** Bars to fill exactly; Σ weights·demands must equal bins·capacity. */
  readonly bins: number;
}

/** What one slice of work ended with. */
export type PerfectPackingStep =
  /** Each bar lists item indices (into `weights`), one entry per piece; every bar sums to the capacity. */
  | { readonly status: 'found'; readonly bins: readonly (readonly number[])[] }
  /** The slice is used up: call `work` again to go on. */
  | { readonly status: 'working' }
  /** The search ended without a packing; see {@link PerfectPacking} for when that is a proof. */
  | { readonly status: 'exhausted' };

/** Pieces above which the search does not run (its arrays grow with pieces and candidate bars). */
export const PERFECT_PACKING_MAX_PIECES = 20_000;
/** Candidate bars (a long piece and one or two short ones) above which the search does not run. */
const MAX_ROWS = 400_000;
/** Operations between two points where `work` may pause (keeps one pause under a few microseconds). */
const YIELD_OPS = 512;
/** Operations a portfolio member runs before the next one's turn (times its share). */
const QUANTUM = 1 << 20;
/** Conflicts of the first restart; later restarts follow the Luby sequence times this. */
const RESTART_BASE = 64;
/** Learnt-clause literals kept before the less active half is dropped (bounds memory). */
const LEARNT_LITERALS = 300_000;
/**
 * Steps of one exact packing of the leftover pieces (a dozen pieces in the intended jobs), at first. The
 * leftovers that pack on the AI jobs take under 4,000 steps; the unbounded searches reach many with ten
 * or more expensive pieces that run to any limit and almost never pack, so a low limit saves work (the
 * hardest AI jobs take a third of the operations or less). But the nogood is the same whether the packing
 * failed or was cut off, so a search that ran out after a cut-off may have forbidden the one leftover
 * that packs (a 12-bar job with a kernel of 20 short pieces: every member gave up at 10,000 steps and
 * found it at once without a limit). Such a search starts again with ten times the limit, up to
 * `LEFTOVER_NODES_MAX`.
 */
const LEFTOVER_NODES = 10_000;
const LEFTOVER_NODES_MAX = 10_000_000;

const UNSET = 0;
const TRUE = 1;
const FALSE = 2;

/** Why a variable got its value. */
const R_DECISION = 0;
/** Another option of the same long piece is true. */
const R_ONE_OF = 1;
/** All other options of the long piece are false. */
const R_AT_LEAST = 2;
/** The short piece's copies are all taken by true rows. */
const R_SHORT = 3;
/** A learnt clause. */
const R_CLAUSE = 4;
/** The most expensive long pieces are already chosen. */
const R_EXPENSIVE = 5;
/** Leaving the row out would leave over more short copies or weight than the leftover can take. */
const R_WEIGHT = 6;
/** The option's carry modulo a power of two would pass what the bars can carry in all (see `carryPropagate`). */
const R_CARRY = 7;
/** Carry budgets are kept for the moduli 2, 4, …, 2^CARRY_MAX_BITS (and below the capacity). */
const CARRY_MAX_BITS = 12;

/** A portfolio member: its bound on the expensive long pieces, choice order, carry budgets and share. */
export interface MemberPlan {
  readonly maxExpensive: number;
  readonly byLevel: boolean;
  readonly carry: boolean;
  readonly share: number;
}

/**
 * The portfolio. At most one expensive long piece is the AI kernel's shape; none proves out fast when
 * it cannot work; the unbounded searches are complete for any job but propagate weakly. Placing the
 * long pieces of the lowest 2-adic valuation first lets the unbounded search reach leftovers that pack
 * on the hardest AI jobs (600_20000_DI_48, 801_40000_DI_12 and _49, 1002_80000_DI_27 in 0.03-0.13e9
 * operations with seed 1, and 1002_80000_DI_36 with seeds 2, 3 and 5); the last member is the search as
 * it was before that order and the carry budgets, which alone finds 801_40000_DI_21.
 */
export const PLANS: readonly MemberPlan[] = [
  { maxExpensive: 1, byLevel: true, carry: true, share: 2 },
  { maxExpensive: 0, byLevel: false, carry: true, share: 1 },
  { maxExpensive: 2, byLevel: true, carry: true, share: 1 },
  { maxExpensive: Number.POSITIVE_INFINITY, byLevel: true, carry: true, share: 2 },
  { maxExpensive: Number.POSITIVE_INFINITY, byLevel: false, carry: false, share: 1 },
];

function luby(i: number): number {
  let size = 1;
  let seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  let x = i;
  let s = size;
  let q = seq;
  while (s - 1 !== x) {
    s = (s - 1) >> 1;
    q--;
    x %= s;
  }
  return 2 ** q;
}

/**
 * Searches for a perfect packing: `bins` bars, each filled exactly to the capacity. Built for the
 * "augmented IRUP" (AI) instances of Delorme, Iori & Martello (2016), where nearly every bar holds one
 * long piece (over half a bar) and one or two short ones that fill it exactly, and a few bars (the
 * kernel) hold many short pieces.
 *
 * Model: a 0/1 variable per candidate bar ("row": a long piece with one or two short pieces summing to
 * its residual, found by hashing) and per long piece an "expensive" variable (the piece shares its bar
 * with three or more short pieces, chosen at the end). Each long piece takes exactly one option; each
 * kind of short piece is used at most as often as it is demanded. The copies no row can take any more
 * are left over, and the leftover has at most so many copies and so much weight (the bars without a long
 * piece and the expensive residuals): a row whose loss would pass either bound is forced. A
 * conflict-driven search (as in SAT solvers: propagation of these constraints, first-UIP clause learning
 * with the learnt clause shortened by resolution on its lower-level literals, fewest-options choice with
 * activity ties, Luby restarts, no saved choices) picks the rows; once every long piece is placed, the
 * short pieces left over are packed exactly into the expensive bars' residuals and the bars without a
 * long piece by a small bin-completion search. When that fails, a clause forbids the same leftover with
 * the same expensive pieces, and the search goes on.
 *
 * Carry budgets add what exact bar sums imply modulo powers of two: a bar's Σ (w mod m) is (C mod m)
 * plus m times a carry ≥ 0, and the carries of all bars add up to a constant fixed by the pieces. Above
 * each long piece's least carry there is a small slack (none at m = 2 on the AI jobs: each odd long
 * piece takes exactly one odd short one and the leftover none), shared by the chosen options and the
 * leftover; an option that no longer fits is set false. The choice can also take the long pieces of the
 * lowest 2-adic valuation first, which follows how the AI jobs were built (pieces split so that each
 * bar cancels modulo growing powers of two).
 *
 * Five such searches share the work round-robin (see `PLANS`), differing in how many long pieces may be
 * expensive: at most 1 (the AI kernel's shape), 0 (proves out in milliseconds when the kernel needs a
 * long piece), 2, and any number (complete for any job, but it propagates weakly; twice, with and
 * without the valuation order and carry budgets).
 *
 * `exhausted` proves that no perfect packing exists only when it comes back at once (an inexact total, a
 * piece longer than a bar, more long pieces than bars). Later it may follow from a leftover packing cut
 * off at its step limit, so it only means "gave up". Work is counted in operations (constraint and
 * clause visits, search nodes), never time; `work` does the same search however its operations are
 * sliced, and the same seed gives the same search.
 */
export class PerfectPacking {
  private readonly members: Member[] = [];
  private result: PerfectPackingStep | null = null;
  private granted = 0;
  private done = 0;
  private cursor = 0;
  private quantumLeft = 0;

  /**
   * `plans` is the portfolio (tests run one member at a time, where the others cannot hide a pruning
   * mistake in it).
   */
  constructor(input: PerfectPackingInput, seed = 1, plans: readonly MemberPlan[] = PLANS) {
    if (!PerfectPacking.exact(input)) {
      this.result = { status: 'exhausted' };
      return;
    }
    let bigs = 0;
    input.weights.forEach((w, i) => {
      if (2 * w > input.capacity) bigs += input.demands[i] ?? 0;
    });
    // Plans that coincide once the bound is capped at the long pieces run once.
    const seen = new Set<string>();
    for (const plan of plans) {
      const e = Math.min(plan.maxExpensive, bigs);
      const key = `${e} ${plan.byLevel} ${plan.carry}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const restart = (limit: number): SearchState =>
        new SearchState(input, seed + e, e, plan.byLevel, plan.carry, limit);
      const state = restart(LEFTOVER_NODES);
      this.members.push({ state, search: state.run(), share: plan.share, restart, over: false });
    }
    this.quantumLeft = QUANTUM * (this.members[0]?.share ?? 1);
  }

  private static exact(input: PerfectPackingInput): boolean {
    const { weights, demands, capacity, bins } = input;
    if (!Number.isInteger(capacity) || capacity <= 0 || !Number.isInteger(bins) || bins < 0) return false;
    if (weights.length !== demands.length) return false;
    let total = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i] ?? 0;
      const d = demands[i] ?? 0;
      if (!Number.isInteger(w) || !Number.isInteger(d) || w <= 0 || d < 0 || w > capacity) return false;
      total += w * d;
    }
    return total === bins * capacity;
  }

  /** Cheap check: the total is exact and the job is small enough for the search's arrays. */
  static applies(input: PerfectPackingInput): boolean {
    if (!PerfectPacking.exact(input)) return false;
    let pieces = 0;
    for (const d of input.demands) pieces += d;
    return pieces <= PERFECT_PACKING_MAX_PIECES;
  }

  /** Operations done so far (may pass the total granted by the last pause's worth, a few hundred). */
  get ops(): number {
    return this.done;
  }

  /** Continues the search for up to `ops` counted operations (nodes, constraint visits), never time. */
  work(ops: number): PerfectPackingStep {
    if (this.result) return this.result;
    // The target is cumulative, so the pauses fall at the same operations however the work is sliced.
    this.granted += Math.max(0, ops);
    while (this.done < this.granted) {
      const m = this.members[this.cursor];
      if (!m) break;
      const before = m.state.ops;
      const step = m.search.next();
      const used = m.state.ops - before;
      this.done += used;
      this.quantumLeft -= used;
      if (step.done) {
        if (step.value.status === 'found') {
          this.result = step.value;
          return step.value;
        }
        if (m.state.cutOff && m.state.leftoverLimit < LEFTOVER_NODES_MAX) {
          m.state = m.restart(m.state.leftoverLimit * 10);
          m.search = m.state.run();
        } else m.over = true;
      }
      if (m.over || this.quantumLeft <= 0) {
        if (!this.members.some((x) => !x.over)) {
          this.result = { status: 'exhausted' };
          return this.result;
        }
        do this.cursor = (this.cursor + 1) % this.members.length;
        while (this.members[this.cursor]?.over);
        this.quantumLeft = QUANTUM * (this.members[this.cursor]?.share ?? 1);
      }
    }
    return { status: 'working' };
  }
}

/** One search of the portfolio: a bound on the expensive long pieces, and its share of the rounds. */
interface Member {
  state: SearchState;
  search: Generator<void, PerfectPackingStep, void>;
  readonly share: number;
  /** How to start it again with a higher leftover limit. */
  readonly restart: (leftoverLimit: number) => SearchState;
  over: boolean;
}

class SearchState {
  ops = 0;
  /** Set when a conflict holds at level 0: no assignment is left. */
  private unsat = false;
  private lastYield = 0;
  private readonly cap: number;
  private readonly weights: readonly number[];
  private readonly demands: readonly number[];
  private readonly bins: number;
  private readonly random: () => number;

  // Long pieces, one entry per piece.
  private bigType: Int32Array = new Int32Array(0);
  private bigRes: Int32Array = new Int32Array(0);
  /** 2-adic valuation of each long piece's weight (the power of two dividing it). */
  private bigLevel: Int32Array = new Int32Array(0);
  // Short piece kinds, lightest first.
  private sType: Int32Array = new Int32Array(0);
  private sW: Int32Array = new Int32Array(0);
  private sCount: Int32Array = new Int32Array(0);
  // Rows: long piece and up to two kinds of short piece (with multiplicity).
  private rowBig: number[] = [];
  private rowA: number[] = [];
  private rowAm: number[] = [];
  private rowB: number[] = [];
  private rowBm: number[] = [];
  private nRows = 0;
  private nBig = 0;
  private nVars = 0;
  private opts: Int32Array[] = [];
  private rowsOf: Int32Array[] = [];
  private multOf: Int32Array[] = [];

  // Assignment.
  private val: Uint8Array = new Uint8Array(0);
  private level: Int32Array = new Int32Array(0);
  private reasonKind: Uint8Array = new Uint8Array(0);
  private reasonRef: Int32Array = new Int32Array(0);
  private trailPos: Int32Array = new Int32Array(0);
  private trail: number[] = [];
  private trailLim: number[] = [];
  private qhead = 0;
  private load: Int32Array = new Int32Array(0);
  /** Copies of each short kind that rows not yet decided could still take. */
  private live: Int32Array = new Int32Array(0);
  /** Copies of each short kind no row can take any more: they end up in the leftover. */
  private forced: Int32Array = new Int32Array(0);
  private forcedW = 0;
  private forcedN = 0;
  /** Most short copies the leftover can have. */
  private countBudget = Number.POSITIVE_INFINITY;
  /** Reasons of the R_WEIGHT assignments on the trail, in trail order. */
  private weightReasons: Int32Array[] = [];
  /** Most weight the leftover can have. */
  private budget = Number.POSITIVE_INFINITY;
  private nFalse: Int32Array = new Int32Array(0);
  private trueOpt: Int32Array = new Int32Array(0);
  private nExpensive = 0;
  /** The expensive options that are true, in trail order. */
  private expTrue: number[] = [];

  // Carry budgets, one per modulus m = 2^(j+1): every bar's Σ (w mod m) is (C mod m) plus m times a
  // carry ≥ 0, and the carries of all bars add up to a constant. Options are kept as their carry above
  // their long piece's least one ("excess"); the excesses of the chosen options and the leftover's
  // least excess must fit in what is left.
  private nMod = 0;
  private mods: Int32Array = new Int32Array(0);
  /** Excess of option o at modulus j, at o * nMod + j. */
  private excess: Int32Array = new Int32Array(0);
  /** Weight mod m of short kind s at modulus j, at s * nMod + j. */
  private sRes: Int32Array = new Int32Array(0);
  /** Room of an expensive bar's short pieces below its least carry, at b * nMod + j. */
  private expRoom: Int32Array = new Int32Array(0);
  private maxExpRoom: Int32Array = new Int32Array(0);
  private carrySlack: Int32Array = new Int32Array(0);
  private carryUsed: Int32Array = new Int32Array(0);
  private carryExpRoom: Int32Array = new Int32Array(0);
  private forcedRes: Float64Array = new Float64Array(0);
  /** Options with a positive excess at modulus j, largest excess first. */
  private carryOrder: Int32Array[] = [];
  /** Remaining room at modulus j when its options were last checked (none above it is unset). */
  private carryChecked: Float64Array = new Float64Array(0);
  /** Reasons of the R_CARRY assignments, with the trail length each was made at. */
  private carryReasons: Int32Array[] = [];
  private carryReasonAt: number[] = [];
  private leftoverBars = 0;

  // Learning.
  private activity: Float64Array = new Float64Array(0);
  private varInc = 1;
  private clauses: (Int32Array | null)[] = [];
  private clauseAct: number[] = [];
  private clauseInc = 1;
  private watches: number[][] = [];
  private learntLits = 0;
  private seen: Uint8Array = new Uint8Array(0);
  /** A leftover packing ran into its step limit: its nogood may have cut off a packing. */
  cutOff = false;
  private readonly maxExpensive: number;
  private readonly byLevel: boolean;
  private readonly carry: boolean;
  /** Steps of one exact packing of a leftover. */
  readonly leftoverLimit: number;

  constructor(
    input: PerfectPackingInput,
    seed: number,
    maxExpensive: number,
    byLevel: boolean,
    carry: boolean,
    leftoverLimit: number,
  ) {
    this.maxExpensive = maxExpensive;
    this.byLevel = byLevel;
    this.carry = carry;
    this.leftoverLimit = leftoverLimit;
    this.cap = input.capacity;
    this.weights = input.weights;
    this.demands = input.demands;
    this.bins = input.bins;
    this.random = rng(seed);
  }

  *run(): Generator<void, PerfectPackingStep, void> {
    const cap = this.cap;
    const bigs: number[] = [];
    const shorts: number[] = [];
    this.weights.forEach((w, i) => {
      if ((this.demands[i] ?? 0) === 0) return;
      if (2 * w > cap) for (let q = 0; q < (this.demands[i] ?? 0); q++) bigs.push(i);
      else shorts.push(i);
    });
    const k = this.bins - bigs.length;
    // A long piece needs a bar of its own.
    if (k < 0) return { status: 'exhausted' };
    bigs.sort((a, b) => (this.weights[b] ?? 0) - (this.weights[a] ?? 0) || a - b);
    shorts.sort((a, b) => (this.weights[a] ?? 0) - (this.weights[b] ?? 0));
    this.nBig = bigs.length;
    this.bigType = Int32Array.from(bigs);
    this.bigRes = Int32Array.from(bigs, (i) => cap - (this.weights[i] ?? 0));
    this.bigLevel = Int32Array.from(bigs, (i) => {
      let w = this.weights[i] ?? 1;
      let v = 0;
      while (w % 2 === 0 && v < 30) {
        w /= 2;
        v++;
      }
      return v;
    });
    this.sType = Int32Array.from(shorts);
    this.sW = Int32Array.from(shorts, (i) => this.weights[i] ?? 0);
    this.sCount = Int32Array.from(shorts, (i) => this.demands[i] ?? 0);
    const ns = shorts.length;
    const byWeight = new Map<number, number>();
    for (let s = 0; s < ns; s++) byWeight.set(this.sW[s] ?? 0, s);

    // Rows per long piece; pieces of one weight share the enumeration.
    let lastRes = -1;
    let combos: number[] = [];
    for (let b = 0; b < this.nBig; b++) {
      const res = this.bigRes[b] ?? 0;
      if (res !== lastRes) {
        lastRes = res;
        combos = [];
        if (res === 0) combos.push(-1, -1);
        const one = byWeight.get(res);
        if (one !== undefined) combos.push(one, -1);
        for (let s = 0; s < ns && 2 * (this.sW[s] ?? 0) <= res; s++) {
          const t = byWeight.get(res - (this.sW[s] ?? 0));
          if (t !== undefined && (t > s || (t === s && (this.sCount[s] ?? 0) >= 2))) combos.push(s, t);
          if ((++this.ops & (YIELD_OPS - 1)) === 0) yield;
        }
      }
      for (let c = 0; c < combos.length; c += 2) {
        const a = combos[c] ?? -1;
        const t = combos[c + 1] ?? -1;
        this.rowBig.push(b);
        if (a >= 0 && a === t) {
          this.rowA.push(a);
          this.rowAm.push(2);
          this.rowB.push(-1);
          this.rowBm.push(0);
        } else {
          this.rowA.push(a);
          this.rowAm.push(a >= 0 ? 1 : 0);
          this.rowB.push(t);
          this.rowBm.push(t >= 0 ? 1 : 0);
        }
      }
      if (this.rowBig.length > MAX_ROWS) return { status: 'exhausted' };
    }
    const R = this.rowBig.length;
    this.nRows = R;
    const nv = R + this.nBig;
    this.nVars = nv;
    const optLists: number[][] = Array.from({ length: this.nBig }, () => []);
    for (let r = 0; r < R; r++) optLists[this.rowBig[r] ?? 0]?.push(r);
    for (let b = 0; b < this.nBig; b++) optLists[b]?.push(R + b);
    this.opts = optLists.map((l) => Int32Array.from(l));
    const rl: number[][] = Array.from({ length: ns }, () => []);
    const ml: number[][] = Array.from({ length: ns }, () => []);
    for (let r = 0; r < R; r++) {
      const a = this.rowA[r] ?? -1;
      const t = this.rowB[r] ?? -1;
      if (a >= 0) {
        rl[a]?.push(r);
        ml[a]?.push(this.rowAm[r] ?? 0);
      }
      if (t >= 0) {
        rl[t]?.push(r);
        ml[t]?.push(this.rowBm[r] ?? 0);
      }
    }
    this.rowsOf = rl.map((l) => Int32Array.from(l));
    this.multOf = ml.map((l) => Int32Array.from(l));
    this.ops += R + nv;
    yield;

    this.val = new Uint8Array(nv);
    this.level = new Int32Array(nv);
    this.reasonKind = new Uint8Array(nv);
    this.reasonRef = new Int32Array(nv);
    this.trailPos = new Int32Array(nv);
    this.load = new Int32Array(ns);
    this.live = new Int32Array(ns);
    this.forced = new Int32Array(ns);
    for (let s = 0; s < ns; s++) {
      let m = 0;
      for (const x of this.multOf[s] ?? []) m += x;
      this.live[s] = m;
      const f = Math.max(0, (this.sCount[s] ?? 0) - m);
      this.forced[s] = f;
      this.forcedW += f * (this.sW[s] ?? 0);
      this.forcedN += f;
    }
    if (this.maxExpensive < this.nBig) {
      let maxRes = 0;
      for (let b = 0; b < this.nBig; b++) maxRes = Math.max(maxRes, this.bigRes[b] ?? 0);
      this.budget = k * cap + this.maxExpensive * maxRes;
      // Each long piece on a row takes at least its smallest row's short copies.
      const minSize: number[] = [];
      let shortsTotal = 0;
      for (let q = 0; q < ns; q++) shortsTotal += this.sCount[q] ?? 0;
      for (let b = 0; b < this.nBig; b++) {
        let m = 2;
        for (const r of this.opts[b] ?? [])
          if (r < R) m = Math.min(m, (this.rowAm[r] ?? 0) + (this.rowBm[r] ?? 0));
        minSize.push(m);
      }
      minSize.sort((x, y) => y - x);
      let cb = shortsTotal;
      for (let b = this.maxExpensive; b < this.nBig; b++) cb -= minSize[b] ?? 0;
      this.countBudget = cb;
    }
    this.leftoverBars = k;
    this.setupCarry();
    this.nFalse = new Int32Array(this.nBig);
    this.trueOpt = new Int32Array(this.nBig).fill(-1);
    this.activity = new Float64Array(nv);
    this.seen = new Uint8Array(nv);
    this.watches = Array.from({ length: 2 * nv }, () => []);
    // Rare short pieces first: a row whose pieces few other rows use is likelier to be right.
    for (let r = 0; r < R; r++) {
      let score = 0;
      const a = this.rowA[r] ?? -1;
      const t = this.rowB[r] ?? -1;
      if (a >= 0) score += 1 / (this.rowsOf[a]?.length ?? 1);
      if (t >= 0) score += 1 / (this.rowsOf[t]?.length ?? 1);
      this.activity[r] = score * 1e-3 + this.random() * 1e-6;
    }

    if (this.maxExpensive === 0) for (let e = R; e < nv; e++) this.assign(e, FALSE, R_EXPENSIVE, 0);
    let conflicts = 0;
    let restart = 0;
    let restartAt = RESTART_BASE * luby(0);
    for (;;) {
      const confl = this.propagate();
      if ((this.ops & ~(YIELD_OPS - 1)) !== this.lastYield) {
        this.lastYield = this.ops & ~(YIELD_OPS - 1);
        yield;
      }
      if (confl !== null) {
        conflicts++;
        if (this.trailLim.length === 0) return { status: 'exhausted' };
        this.resolve(confl);
        continue;
      }
      if (conflicts >= restartAt) {
        restart++;
        restartAt = conflicts + RESTART_BASE * luby(restart);
        this.backtrack(0);
        continue;
      }
      const d = this.decide();
      if (d >= 0) {
        this.trailLim.push(this.trail.length);
        this.assign(d, TRUE, R_DECISION, 0);
        continue;
      }
      // Every long piece is placed: pack what is left over.
      const packed = this.packLeftover(k);
      if ((this.ops & ~(YIELD_OPS - 1)) !== this.lastYield) {
        this.lastYield = this.ops & ~(YIELD_OPS - 1);
        yield;
      }
      if (packed) return { status: 'found', bins: packed };
      conflicts++;
      const nogood = this.leftoverNogood();
      if (nogood.length === 0) return { status: 'exhausted' };
      this.resolve(nogood);
      if (this.unsat) return { status: 'exhausted' };
    }
  }

  private isRow(v: number): boolean {
    return v < this.nRows;
  }

  private bigOf(v: number): number {
    return v < this.nRows ? (this.rowBig[v] ?? 0) : v - this.nRows;
  }

  private assign(v: number, value: number, kind: number, ref: number): void {
    this.val[v] = value;
    this.level[v] = this.trailLim.length;
    this.reasonKind[v] = kind;
    this.reasonRef[v] = ref;
    this.trailPos[v] = this.trail.length;
    this.trail.push(v);
    const b = this.bigOf(v);
    if (value === TRUE) {
      this.trueOpt[b] = v;
      this.moveCarry(v, b, 1);
      if (!this.isRow(v)) {
        this.nExpensive++;
        this.expTrue.push(v);
      }
      if (this.isRow(v)) {
        const a = this.rowA[v] ?? -1;
        const t = this.rowB[v] ?? -1;
        if (a >= 0) this.load[a] = (this.load[a] ?? 0) + (this.rowAm[v] ?? 0);
        if (t >= 0) this.load[t] = (this.load[t] ?? 0) + (this.rowBm[v] ?? 0);
      }
    } else this.nFalse[b] = (this.nFalse[b] ?? 0) + 1;
    if (this.isRow(v)) {
      this.moveLive(this.rowA[v] ?? -1, -(this.rowAm[v] ?? 0));
      this.moveLive(this.rowB[v] ?? -1, -(this.rowBm[v] ?? 0));
    }
  }

  private unassign(v: number): void {
    if (this.reasonKind[v] === R_WEIGHT) this.weightReasons.pop();
    const b = this.bigOf(v);
    if (this.val[v] === TRUE) {
      this.trueOpt[b] = -1;
      this.moveCarry(v, b, -1);
      if (!this.isRow(v)) {
        this.nExpensive--;
        this.expTrue.pop();
      }
      if (this.isRow(v)) {
        const a = this.rowA[v] ?? -1;
        const t = this.rowB[v] ?? -1;
        if (a >= 0) this.load[a] = (this.load[a] ?? 0) - (this.rowAm[v] ?? 0);
        if (t >= 0) this.load[t] = (this.load[t] ?? 0) - (this.rowBm[v] ?? 0);
      }
    } else this.nFalse[b] = (this.nFalse[b] ?? 0) - 1;
    if (this.isRow(v)) {
      this.moveLive(this.rowA[v] ?? -1, this.rowAm[v] ?? 0);
      this.moveLive(this.rowB[v] ?? -1, this.rowBm[v] ?? 0);
    }
    this.val[v] = UNSET;
  }

  /** Changes the live copies of short kind `s` (after its load changed, if it did) and its forced copies. */
  private moveLive(s: number, d: number): void {
    if (s < 0) return;
    const live = (this.live[s] ?? 0) + d;
    this.live[s] = live;
    const f = Math.max(0, (this.sCount[s] ?? 0) - (this.load[s] ?? 0) - live);
    this.forcedW += (f - (this.forced[s] ?? 0)) * (this.sW[s] ?? 0);
    this.forcedN += f - (this.forced[s] ?? 0);
    const df = f - (this.forced[s] ?? 0);
    this.forced[s] = f;
    if (df !== 0) {
      const nm = this.nMod;
      for (let j = 0; j < nm; j++)
        this.forcedRes[j] = (this.forcedRes[j] ?? 0) + df * (this.sRes[s * nm + j] ?? 0);
    }
  }

  /** Adds (d = 1) or removes (d = -1) a true option's excess and, for an expensive one, its room. */
  private moveCarry(v: number, b: number, d: number): void {
    const nm = this.nMod;
    for (let j = 0; j < nm; j++) {
      this.carryUsed[j] = (this.carryUsed[j] ?? 0) + d * (this.excess[v * nm + j] ?? 0);
      if (v >= this.nRows)
        this.carryExpRoom[j] = (this.carryExpRoom[j] ?? 0) + d * (this.expRoom[b * nm + j] ?? 0);
    }
  }

  /**
   * Carry budgets (see the fields). A bar's carry at modulus m is (Σ (w mod m) − (C mod m)) / m, an
   * integer ≥ 0 because the bar sums to C; summed over all bars it is fixed by the pieces. So the
   * carries above each long piece's least option, and those of the leftover, share a fixed slack. The
   * instances built by splitting pieces 2-adically use almost all of it at small powers of two.
   */
  private setupCarry(): void {
    const cap = this.cap;
    const nm = this.carry ? Math.max(0, Math.min(CARRY_MAX_BITS, Math.floor(Math.log2(cap)))) : 0;
    this.nMod = nm;
    const R = this.nRows;
    const ns = this.sW.length;
    this.mods = Int32Array.from({ length: nm }, (_, j) => 2 ** (j + 1));
    this.excess = new Int32Array(this.nVars * nm);
    this.sRes = new Int32Array(ns * nm);
    this.expRoom = new Int32Array(this.nBig * nm);
    this.maxExpRoom = new Int32Array(nm);
    this.carrySlack = new Int32Array(nm);
    this.carryUsed = new Int32Array(nm);
    this.carryExpRoom = new Int32Array(nm);
    this.forcedRes = new Float64Array(nm);
    this.carryChecked = new Float64Array(nm).fill(Number.POSITIVE_INFINITY);
    this.carryOrder = [];
    for (let j = 0; j < nm; j++) {
      const m = this.mods[j] ?? 1;
      const c = cap % m;
      let total = 0;
      for (let i = 0; i < this.weights.length; i++)
        total += ((this.weights[i] ?? 0) % m) * (this.demands[i] ?? 0);
      let slack = (total - this.bins * c) / m;
      for (let s = 0; s < ns; s++) {
        const t = (this.sW[s] ?? 0) % m;
        this.sRes[s * nm + j] = t;
        this.forcedRes[j] = (this.forcedRes[j] ?? 0) + (this.forced[s] ?? 0) * t;
      }
      for (let b = 0; b < this.nBig; b++) {
        const opts = this.opts[b] ?? new Int32Array(0);
        const tl = (this.weights[this.bigType[b] ?? 0] ?? 0) % m;
        let least = Number.POSITIVE_INFINITY;
        for (let i = 0; i < opts.length; i++) {
          const o = opts[i] ?? 0;
          let q: number;
          if (o < R) {
            let sum = tl;
            const a = this.rowA[o] ?? -1;
            const t = this.rowB[o] ?? -1;
            if (a >= 0) sum += (this.rowAm[o] ?? 0) * (this.sRes[a * nm + j] ?? 0);
            if (t >= 0) sum += (this.rowBm[o] ?? 0) * (this.sRes[t * nm + j] ?? 0);
            q = (sum - c) / m;
          } else {
            // The short pieces of an expensive bar bring the carry up from the long piece's.
            q = tl > c ? 1 : 0;
            const room = c - tl + m * q;
            this.expRoom[b * nm + j] = room;
            this.maxExpRoom[j] = Math.max(this.maxExpRoom[j] ?? 0, room);
          }
          this.excess[o * nm + j] = q;
          least = Math.min(least, q);
        }
        for (let i = 0; i < opts.length; i++) {
          const o = opts[i] ?? 0;
          this.excess[o * nm + j] = (this.excess[o * nm + j] ?? 0) - least;
        }
        slack -= least;
      }
      this.carrySlack[j] = slack;
      const order: number[] = [];
      for (let o = 0; o < this.nVars; o++) if ((this.excess[o * nm + j] ?? 0) > 0) order.push(o);
      order.sort((x, y) => (this.excess[y * nm + j] ?? 0) - (this.excess[x * nm + j] ?? 0) || x - y);
      this.carryOrder.push(Int32Array.from(order));
    }
    this.ops += (this.nVars + ns) * nm;
  }

  /** The least carry excess of the leftover at modulus j, from the copies already forced into it. */
  private leftoverExcess(j: number): number {
    const m = this.mods[j] ?? 1;
    const c = this.cap % m;
    const open = Math.max(0, this.maxExpensive - this.nExpensive);
    const room = (this.carryExpRoom[j] ?? 0) + Math.min(open, this.nBig) * (this.maxExpRoom[j] ?? 0);
    return Math.max(0, Math.ceil(((this.forcedRes[j] ?? 0) - this.leftoverBars * c - room) / m));
  }

  /**
   * Carry budgets: a conflict when the true options' excess and the leftover's least excess pass a
   * modulus's slack; else the options whose excess no longer fits are set false. Returns a falsified
   * clause, true when it set something, false at a fixpoint.
   */
  private carryPropagate(): number[] | boolean {
    const nm = this.nMod;
    for (let j = 0; j < nm; j++) {
      this.ops++;
      const used = this.carryUsed[j] ?? 0;
      const slack = this.carrySlack[j] ?? 0;
      // Excesses are 0, 1 or 2 (an option has at most three pieces): only room 0 or 1 sets anything.
      if (slack - used >= 2 && (this.forcedRes[j] ?? 0) === 0) continue;
      const lx = this.leftoverExcess(j);
      const room = slack - used - lx;
      if (room < 0) {
        const cl: number[] = [];
        this.carryReason(j, slack + 1, cl);
        return cl;
      }
      if (room >= 2 || room >= (this.carryChecked[j] ?? 0)) continue;
      const order = this.carryOrder[j] ?? new Int32Array(0);
      let reason: Int32Array | null = null;
      let any = false;
      for (let i = 0; i < order.length; i++) {
        const o = order[i] ?? 0;
        if ((this.excess[o * nm + j] ?? 0) <= room) break;
        this.ops++;
        if (this.val[o] !== UNSET) continue;
        if (!reason) {
          const lits: number[] = [];
          this.carryReason(j, slack - room, lits);
          reason = Int32Array.from(lits);
          this.carryReasons.push(reason);
          this.carryReasonAt.push(this.trail.length);
        }
        this.assign(o, FALSE, R_CARRY, this.carryReasons.length - 1);
        any = true;
      }
      this.carryChecked[j] = room;
      if (any) return true;
    }
    return false;
  }

  /**
   * Appends false literals whose truth shows a carry of at least `need` at modulus j: true options with
   * excess, largest first; when they fall short, all of them and the leftover's part (the false rows of
   * the forced kinds with a residue, and the true expensive options whose room was counted).
   */
  private carryReason(j: number, need: number, out: number[]): void {
    const nm = this.nMod;
    const withExcess: number[] = [];
    for (const v of this.trail) {
      if (this.val[v] === TRUE && (this.excess[v * nm + j] ?? 0) > 0 && (this.level[v] ?? 0) > 0)
        withExcess.push(v);
    }
    this.ops += this.trail.length;
    let sum = 0;
    for (const v of this.trail) if (this.val[v] === TRUE) sum += this.excess[v * nm + j] ?? 0;
    if (sum >= need) {
      // Level-0 options hold for good: count them without naming them.
      let fixed = sum;
      for (const v of withExcess) fixed -= this.excess[v * nm + j] ?? 0;
      withExcess.sort((x, y) => (this.excess[y * nm + j] ?? 0) - (this.excess[x * nm + j] ?? 0) || x - y);
      let got = fixed;
      for (const v of withExcess) {
        if (got >= need) break;
        got += this.excess[v * nm + j] ?? 0;
        out.push(2 * v + 1);
      }
      return;
    }
    for (const v of withExcess) out.push(2 * v + 1);
    for (let s = 0; s < this.forced.length; s++)
      if ((this.forced[s] ?? 0) > 0 && (this.sRes[s * nm + j] ?? 0) > 0) this.falseRows(s, out);
    for (const e of this.expTrue) if ((this.level[e] ?? 0) > 0) out.push(2 * e + 1);
  }

  /** Fewest short copies and most weight the leftover can have; a conflict when the forced copies pass either. */
  private weightConflict(): number[] | null {
    const byCount = this.forcedN > this.countBudget;
    if (!byCount && this.forcedW <= this.budget) return null;
    const cl: number[] = [];
    this.overflowReason(-1, 0, byCount, cl);
    return cl;
  }

  /**
   * Appends the false rows of forced short kinds (kind `s` with `extra` more copies first, then the
   * largest) whose forced copies overflow the count (byCount) or the weight budget.
   */
  private overflowReason(s: number, extra: number, byCount: boolean, out: number[]): void {
    const part = (q: number): number => {
      const f = (this.forced[q] ?? 0) + (q === s ? extra : 0);
      return byCount ? f : f * (this.sW[q] ?? 0);
    };
    const limit = byCount ? this.countBudget : this.budget;
    let sum = 0;
    if (s >= 0) {
      sum += part(s);
      this.falseRows(s, out);
      if (sum > limit) return;
    }
    const kinds: number[] = [];
    for (let q = 0; q < this.forced.length; q++) if (q !== s && (this.forced[q] ?? 0) > 0) kinds.push(q);
    kinds.sort((x, y) => part(y) - part(x) || x - y);
    this.ops += this.forced.length + kinds.length * 4;
    for (const q of kinds) {
      sum += part(q);
      this.falseRows(q, out);
      if (sum > limit) return;
    }
  }

  /** Forces a row whose short pieces would otherwise strand more copies or weight than the leftover takes. */
  private weightPropagate(): boolean {
    const slackW = this.budget - this.forcedW;
    const slackN = this.countBudget - this.forcedN;
    for (let s = this.sW.length - 1; s >= 0; s--) {
      const w = this.sW[s] ?? 0;
      if (slackN >= 2 && 2 * w <= slackW) break;
      this.ops++;
      const live = this.live[s] ?? 0;
      if (live === 0) continue;
      const need = (this.sCount[s] ?? 0) - (this.load[s] ?? 0);
      if (need + 2 <= live) continue;
      const f = this.forced[s] ?? 0;
      const rows = this.rowsOf[s] ?? new Int32Array(0);
      const mult = this.multOf[s] ?? new Int32Array(0);
      this.ops += rows.length;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] ?? 0;
        if (this.val[r] !== UNSET) continue;
        const d = Math.max(0, need - live + (mult[i] ?? 0)) - f;
        if (d * w <= slackW && d <= slackN) continue;
        const lits: number[] = [];
        this.overflowReason(s, d, d > slackN, lits);
        this.assign(r, TRUE, R_WEIGHT, this.weightReasons.length);
        this.weightReasons.push(Int32Array.from(lits));
        return true;
      }
    }
    return false;
  }

  /** Appends the literals "row r is true" of the false rows (above level 0) holding short kind s. */
  private falseRows(s: number, out: number[]): void {
    const rows = this.rowsOf[s] ?? new Int32Array(0);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] ?? 0;
      if (this.val[r] === FALSE && (this.level[r] ?? 0) > 0) out.push(2 * r);
    }
    this.ops += rows.length;
  }

  private backtrack(lvl: number): void {
    if (this.trailLim.length <= lvl) return;
    const to = this.trailLim[lvl] ?? 0;
    for (let i = this.trail.length - 1; i >= to; i--) this.unassign(this.trail[i] ?? 0);
    this.ops += this.trail.length - to;
    this.trail.length = to;
    this.trailLim.length = lvl;
    this.qhead = Math.min(this.qhead, to);
    while (this.carryReasonAt.length > 0 && (this.carryReasonAt[this.carryReasonAt.length - 1] ?? 0) >= to) {
      this.carryReasonAt.pop();
      this.carryReasons.pop();
    }
    this.carryChecked.fill(Number.POSITIVE_INFINITY);
  }

  private litFalse(lit: number): boolean {
    const v = lit >> 1;
    const x = this.val[v] ?? UNSET;
    return x !== UNSET && (x === TRUE) === ((lit & 1) === 1);
  }

  private litTrue(lit: number): boolean {
    const v = lit >> 1;
    const x = this.val[v] ?? UNSET;
    return x !== UNSET && (x === TRUE) === ((lit & 1) === 0);
  }

  /** Propagates the queue; returns a falsified clause (as literals) on conflict. */
  private propagateQueue(): number[] | null {
    while (this.qhead < this.trail.length) {
      const v = this.trail[this.qhead++] ?? 0;
      const b = this.bigOf(v);
      const opts = this.opts[b] ?? new Int32Array(0);
      this.ops++;
      if (this.val[v] === TRUE) {
        // At most one option per long piece.
        for (let i = 0; i < opts.length; i++) {
          const o = opts[i] ?? 0;
          this.ops++;
          if (o === v) continue;
          const x = this.val[o];
          if (x === TRUE) return [2 * v + 1, 2 * o + 1];
          if (x === UNSET) this.assign(o, FALSE, R_ONE_OF, v);
        }
        if (!this.isRow(v)) {
          if (this.nExpensive > this.maxExpensive) {
            const cl: number[] = [];
            for (let e = this.nRows; e < this.nVars; e++) if (this.val[e] === TRUE) cl.push(2 * e + 1);
            this.ops += this.nBig;
            return cl;
          }
          if (this.nExpensive === this.maxExpensive) {
            for (let e = this.nRows; e < this.nVars; e++)
              if (this.val[e] === UNSET) this.assign(e, FALSE, R_EXPENSIVE, 0);
            this.ops += this.nBig;
          }
        }
        if (this.isRow(v)) {
          for (const s of [this.rowA[v] ?? -1, this.rowB[v] ?? -1]) {
            if (s < 0) continue;
            const c = this.sCount[s] ?? 0;
            const ld = this.load[s] ?? 0;
            const rows = this.rowsOf[s] ?? new Int32Array(0);
            const mult = this.multOf[s] ?? new Int32Array(0);
            if (ld > c) {
              const cl: number[] = [];
              for (let i = 0; i < rows.length; i++) {
                const r = rows[i] ?? 0;
                if (this.val[r] === TRUE) cl.push(2 * r + 1);
              }
              this.ops += rows.length;
              return cl;
            }
            for (let i = 0; i < rows.length; i++) {
              const r = rows[i] ?? 0;
              if (this.val[r] === UNSET && ld + (mult[i] ?? 0) > c) this.assign(r, FALSE, R_SHORT, s);
            }
            this.ops += rows.length;
          }
        }
      } else {
        if (this.trueOpt[b] === -1) {
          const nf = this.nFalse[b] ?? 0;
          if (nf === opts.length) {
            const cl: number[] = [];
            for (let i = 0; i < opts.length; i++) cl.push(2 * (opts[i] ?? 0));
            this.ops += opts.length;
            return cl;
          }
          if (nf === opts.length - 1) {
            for (let i = 0; i < opts.length; i++) {
              const o = opts[i] ?? 0;
              if (this.val[o] === UNSET) {
                this.assign(o, TRUE, R_AT_LEAST, b);
                break;
              }
            }
            this.ops += opts.length;
          }
        }
      }
      // Learnt clauses watching ¬v (the literal that just became false).
      const falseLit = this.val[v] === TRUE ? 2 * v + 1 : 2 * v;
      const ws = this.watches[falseLit] ?? [];
      let j = 0;
      let conflict: number[] | null = null;
      for (let i = 0; i < ws.length; i++) {
        const ci = ws[i] ?? 0;
        const cl = this.clauses[ci];
        this.ops++;
        if (!cl) continue;
        if (conflict) {
          ws[j++] = ci;
          continue;
        }
        // Keep the false literal in slot 1.
        if (cl[0] === falseLit) {
          cl[0] = cl[1] ?? 0;
          cl[1] = falseLit;
        }
        const first = cl[0] ?? 0;
        if (this.litTrue(first)) {
          ws[j++] = ci;
          continue;
        }
        let moved = false;
        for (let q = 2; q < cl.length; q++) {
          const l = cl[q] ?? 0;
          if (!this.litFalse(l)) {
            cl[1] = l;
            cl[q] = falseLit;
            this.watches[l]?.push(ci);
            moved = true;
            break;
          }
        }
        this.ops += cl.length >> 2;
        if (moved) continue;
        ws[j++] = ci;
        if (this.litFalse(first)) conflict = Array.from(cl);
        else this.assign(first >> 1, first & 1 ? FALSE : TRUE, R_CLAUSE, ci);
      }
      ws.length = j;
      if (conflict) return conflict;
    }
    return null;
  }

  /** Propagates the queue and the leftover's count and weight; returns a falsified clause on conflict. */
  private propagate(): number[] | null {
    for (;;) {
      const c = this.propagateQueue();
      if (c) return c;
      const wc = this.weightConflict();
      if (wc) return wc;
      if (this.weightPropagate()) continue;
      const cc = this.carryPropagate();
      if (cc === false) return null;
      if (cc !== true) return cc;
    }
  }

  /** Literals of the reason of `v` other than `v`'s own (all false). */
  private reasonLits(v: number, out: number[]): void {
    const kind = this.reasonKind[v];
    const ref = this.reasonRef[v] ?? 0;
    const pos = this.trailPos[v] ?? 0;
    out.length = 0;
    if (kind === R_ONE_OF) out.push(2 * ref + 1);
    else if (kind === R_AT_LEAST) {
      const opts = this.opts[ref] ?? new Int32Array(0);
      for (let i = 0; i < opts.length; i++) {
        const o = opts[i] ?? 0;
        if (o !== v) out.push(2 * o);
      }
    } else if (kind === R_SHORT) {
      const rows = this.rowsOf[ref] ?? new Int32Array(0);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] ?? 0;
        if (this.val[r] === TRUE && (this.trailPos[r] ?? 0) < pos) out.push(2 * r + 1);
      }
      this.ops += rows.length;
    } else if (kind === R_EXPENSIVE) {
      for (const e of this.expTrue) if ((this.trailPos[e] ?? 0) < pos) out.push(2 * e + 1);
    } else if (kind === R_WEIGHT) {
      const cl = this.weightReasons[ref];
      if (cl) for (let i = 0; i < cl.length; i++) out.push(cl[i] ?? 0);
    } else if (kind === R_CARRY) {
      const cl = this.carryReasons[ref];
      if (cl) for (let i = 0; i < cl.length; i++) out.push(cl[i] ?? 0);
    } else if (kind === R_CLAUSE) {
      const cl = this.clauses[ref];
      if (cl) {
        this.bumpClause(ref);
        for (let i = 0; i < cl.length; i++) {
          const l = cl[i] ?? 0;
          if (l >> 1 !== v) out.push(l);
        }
      }
    }
    this.ops += out.length + 1;
  }

  private bump(v: number): void {
    const a = (this.activity[v] ?? 0) + this.varInc;
    this.activity[v] = a;
    if (a > 1e100) {
      for (let i = 0; i < this.nVars; i++) this.activity[i] = (this.activity[i] ?? 0) * 1e-100;
      this.varInc *= 1e-100;
      this.ops += this.nVars;
    }
  }

  private bumpClause(ci: number): void {
    const a = (this.clauseAct[ci] ?? 0) + this.clauseInc;
    this.clauseAct[ci] = a;
    if (a > 1e100) {
      for (let i = 0; i < this.clauseAct.length; i++) this.clauseAct[i] = (this.clauseAct[i] ?? 0) * 1e-100;
      this.clauseInc *= 1e-100;
    }
  }

  /** First-UIP analysis of a falsified clause, then backjump and assert. */
  private resolve(confl: number[]): void {
    // The clause may have no literal at the current level (a leftover nogood): go down to its top level.
    let top = 0;
    for (const l of confl) top = Math.max(top, this.level[l >> 1] ?? 0);
    if (top === 0) {
      this.backtrack(0);
      this.trailLim.length = 0;
      this.qhead = this.trail.length;
      this.unsat = true;
      return;
    }
    this.backtrack(top);
    const learnt: number[] = [0];
    const seen = this.seen;
    const touched: number[] = [];
    let pending = 0;
    let idx = this.trail.length - 1;
    let lits = confl;
    let uip = -1;
    const buf: number[] = [];
    for (;;) {
      this.ops += lits.length;
      for (const l of lits) {
        const v = l >> 1;
        if (seen[v] || (this.level[v] ?? 0) === 0) continue;
        seen[v] = 1;
        touched.push(v);
        this.bump(v);
        if ((this.level[v] ?? 0) === top) pending++;
        else learnt.push(l);
      }
      while (!seen[this.trail[idx] ?? 0]) idx--;
      uip = this.trail[idx] ?? 0;
      idx--;
      pending--;
      if (pending <= 0) break;
      this.reasonLits(uip, buf);
      lits = buf;
    }
    for (const v of touched) seen[v] = 0;
    learnt[0] = this.val[uip] === TRUE ? 2 * uip + 1 : 2 * uip;
    this.minimise(learnt);
    this.varInc *= 1.05;
    this.clauseInc *= 1.001;
    let back = 0;
    let second = 1;
    for (let i = 1; i < learnt.length; i++) {
      const lv = this.level[(learnt[i] ?? 0) >> 1] ?? 0;
      if (lv > back) {
        back = lv;
        second = i;
      }
    }
    if (learnt.length > 1) {
      const t = learnt[1] ?? 0;
      learnt[1] = learnt[second] ?? 0;
      learnt[second] = t;
    }
    this.ops += learnt.length + touched.length;
    this.backtrack(back);
    const asserting = learnt[0] ?? 0;
    if (learnt.length === 1) {
      this.assign(asserting >> 1, asserting & 1 ? FALSE : TRUE, R_DECISION, 0);
      this.level[asserting >> 1] = 0;
      return;
    }
    const ci = this.addClause(learnt);
    this.assign(asserting >> 1, asserting & 1 ? FALSE : TRUE, R_CLAUSE, ci);
  }

  /**
   * Shortens a learnt clause by resolution on its lower-level literals: one whose reason's other
   * literals are all in the clause (or at level 0) goes; one whose reason adds a single new literal
   * gives way to it (each step moves back on the trail, so it ends).
   */
  private minimise(learnt: number[]): void {
    const mark = this.seen;
    for (const l of learnt) mark[l >> 1] = 1;
    const buf: number[] = [];
    let j = 1;
    for (let i = 1; i < learnt.length; i++) {
      const l = learnt[i] ?? 0;
      const v = l >> 1;
      const kind = this.reasonKind[v];
      if (kind === R_DECISION || (kind === R_CLAUSE && !this.clauses[this.reasonRef[v] ?? 0])) {
        learnt[j++] = l;
        continue;
      }
      this.reasonLits(v, buf);
      this.ops += buf.length;
      let fresh = -1;
      let nFresh = 0;
      for (const q of buf) {
        const u = q >> 1;
        if (mark[u] || (this.level[u] ?? 0) === 0) continue;
        nFresh++;
        fresh = q;
        if (nFresh > 1) break;
      }
      if (nFresh === 1) {
        mark[fresh >> 1] = 1;
        learnt.push(fresh);
      }
      if (nFresh <= 1) mark[v] = 0;
      else learnt[j++] = l;
    }
    learnt.length = j;
    for (const l of learnt) mark[l >> 1] = 0;
  }

  private addClause(lits: number[]): number {
    if (this.learntLits > LEARNT_LITERALS) this.reduce();
    const ci = this.clauses.length;
    const cl = Int32Array.from(lits);
    this.clauses.push(cl);
    this.clauseAct.push(this.clauseInc);
    this.watches[cl[0] ?? 0]?.push(ci);
    this.watches[cl[1] ?? 0]?.push(ci);
    this.learntLits += cl.length;
    return ci;
  }

  /** Drops the less active half of the learnt clauses that are not the reason of an assignment. */
  private reduce(): void {
    const locked = new Set<number>();
    for (const v of this.trail) if (this.reasonKind[v] === R_CLAUSE) locked.add(this.reasonRef[v] ?? 0);
    const live: number[] = [];
    for (let i = 0; i < this.clauses.length; i++) if (this.clauses[i] && !locked.has(i)) live.push(i);
    live.sort((a, b) => (this.clauseAct[a] ?? 0) - (this.clauseAct[b] ?? 0) || a - b);
    for (let q = 0; q < live.length >> 1; q++) {
      const ci = live[q] ?? 0;
      this.learntLits -= this.clauses[ci]?.length ?? 0;
      this.clauses[ci] = null;
    }
    this.ops += this.learntLits + live.length;
  }

  /**
   * Fewest remaining options first (ties: activity), then the most active option. No saved choices
   * (phase saving): after a restart it led straight back to the same wrong rows on the AI jobs.
   */
  /**
   * Which undecided long piece to choose from: the fewest free options, or with `byLevel` the lowest
   * 2-adic valuation first (an odd long piece's bar must hold an odd short piece; settling the lowest
   * residue classes first meets their conflicts while little else is placed).
   */
  private decideKey(b: number): number {
    const free = (this.opts[b]?.length ?? 0) - (this.nFalse[b] ?? 0);
    const v = this.bigLevel[b] ?? 0;
    return this.byLevel ? v * 1_000_000 + free : free;
  }

  private decide(): number {
    // Two passes: the fewest free options first, then activity among the long pieces that have them.
    let bestFree = Number.POSITIVE_INFINITY;
    for (let b = 0; b < this.nBig; b++) {
      if (this.trueOpt[b] !== -1) continue;
      const free = this.decideKey(b);
      if (free < bestFree) bestFree = free;
    }
    this.ops += this.nBig;
    let best = -1;
    let bestAct = -1;
    for (let b = 0; b < this.nBig; b++) {
      if (this.trueOpt[b] !== -1) continue;
      const opts = this.opts[b] ?? new Int32Array(0);
      if (this.decideKey(b) !== bestFree) continue;
      let act = 0;
      for (let i = 0; i < opts.length; i++) {
        const o = opts[i] ?? 0;
        if (this.val[o] === UNSET) act = Math.max(act, this.activity[o] ?? 0);
      }
      this.ops += opts.length;
      if (act > bestAct) {
        best = b;
        bestAct = act;
      }
    }
    if (best < 0) return -1;
    const opts = this.opts[best] ?? new Int32Array(0);
    let pick = -1;
    let pickAct = -1;
    for (let i = 0; i < opts.length; i++) {
      const o = opts[i] ?? 0;
      // The expensive option goes last: it spends short pieces the kernel bars need.
      const a = this.isRow(o) ? (this.activity[o] ?? 0) + 1 : 0;
      if (this.val[o] === UNSET && a > pickAct) {
        pick = o;
        pickAct = a;
      }
    }
    return pick;
  }

  private leftoverCount(): Int32Array {
    const ns = this.sW.length;
    const left = new Int32Array(ns);
    for (let s = 0; s < ns; s++) left[s] = (this.sCount[s] ?? 0) - (this.load[s] ?? 0);
    return left;
  }

  /** Packs the leftover short pieces into the expensive bars' residuals and k bars of their own. */
  private packLeftover(k: number): number[][] | null {
    const left = this.leftoverCount();
    const ns = left.length;
    this.ops += ns;
    const targets: number[] = [];
    const owner: number[] = [];
    for (let b = 0; b < this.nBig; b++)
      if ((this.trueOpt[b] ?? -1) >= this.nRows) {
        targets.push(this.bigRes[b] ?? 0);
        owner.push(b);
      }
    for (let q = 0; q < k; q++) {
      targets.push(this.cap);
      owner.push(-1);
    }
    const fill = exactFill(this.sW, left, targets, this.leftoverLimit);
    this.ops += fill.nodes;
    if (fill.nodes > this.leftoverLimit) this.cutOff = true;
    if (!fill.bins) return null;
    const out: number[][] = [];
    for (let b = 0; b < this.nBig; b++) {
      const o = this.trueOpt[b] ?? -1;
      if (o >= this.nRows) continue;
      const bin = [this.bigType[b] ?? 0];
      const a = this.rowA[o] ?? -1;
      const t = this.rowB[o] ?? -1;
      for (let q = 0; q < (this.rowAm[o] ?? 0); q++) bin.push(this.sType[a] ?? 0);
      for (let q = 0; q < (this.rowBm[o] ?? 0); q++) bin.push(this.sType[t] ?? 0);
      out.push(bin);
    }
    fill.bins.forEach((pieces, i) => {
      const b = owner[i] ?? -1;
      const bin = b >= 0 ? [this.bigType[b] ?? 0] : [];
      for (const s of pieces) bin.push(this.sType[s] ?? 0);
      out.push(bin);
    });
    return out;
  }

  /**
   * The leftover could not be packed: forbid the same expensive pieces with the same leftover. With every
   * other long piece on a row the leftover's total is fixed, so "at least this leftover" means "this
   * leftover"; it changes only if a false row using a leftover kind becomes true or the set of expensive
   * pieces changes.
   */
  private leftoverNogood(): number[] {
    const lits: number[] = [];
    const left = this.leftoverCount();
    for (let b = 0; b < this.nBig; b++) {
      const e = this.nRows + b;
      lits.push(this.val[e] === TRUE ? 2 * e + 1 : 2 * e);
    }
    for (let s = 0; s < left.length; s++) {
      if ((left[s] ?? 0) === 0) continue;
      const rows = this.rowsOf[s] ?? new Int32Array(0);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] ?? 0;
        if (this.val[r] === FALSE) lits.push(2 * r);
      }
    }
    this.ops += lits.length;
    // Literals at level 0 are false for good: leave them out.
    return lits.filter((l) => (this.level[l >> 1] ?? 0) > 0 || !this.litFalse(l));
  }
}

/**
 * Exact bin completion: fills every target exactly with the pieces (counts per kind, weights ascending),
 * largest piece first, each piece tried in each bin of a distinct residual. Returns kinds per bin.
 */
function exactFill(
  weights: Int32Array,
  counts: Int32Array,
  targets: readonly number[],
  nodeLimit: number,
): { bins: number[][] | null; nodes: number } {
  const cnt = Int32Array.from(counts);
  const res = targets.slice();
  const bins: number[][] = targets.map(() => []);
  let total = 0;
  for (let s = 0; s < cnt.length; s++) total += (cnt[s] ?? 0) * (weights[s] ?? 0);
  let need = 0;
  for (const t of targets) need += t;
  if (total !== need) return { bins: null, nodes: 1 };
  // Counts every loop step, so a cut-off search never takes longer than its limit says.
  let nodes = 0;
  let top = cnt.length - 1;
  let smallest = 0;
  const go = (): boolean => {
    if (++nodes > nodeLimit) return false;
    while (top >= 0 && (cnt[top] ?? 0) === 0) top--;
    if (top < 0) return true;
    const s = top;
    const w = weights[s] ?? 0;
    // A residual below the smallest piece left can never be filled exactly.
    while ((cnt[smallest] ?? 0) === 0) smallest++;
    const wmin = weights[smallest] ?? 0;
    nodes += res.length;
    for (const r of res) if (r > 0 && r < wmin) return false;
    const savedSmallest = smallest;
    for (let i = 0; i < res.length; i++) {
      const r = res[i] ?? 0;
      if (r < w) continue;
      // Bars with equal residuals are interchangeable: try the piece in the first of them only.
      let twin = false;
      for (let j = 0; j < i && !twin; j++) twin = res[j] === r;
      nodes += i;
      if (twin) continue;
      cnt[s] = (cnt[s] ?? 0) - 1;
      res[i] = r - w;
      bins[i]?.push(s);
      const savedTop = top;
      if (go()) return true;
      top = savedTop;
      smallest = savedSmallest;
      bins[i]?.pop();
      res[i] = r;
      cnt[s] = (cnt[s] ?? 0) + 1;
      if (nodes > nodeLimit) return false;
    }
    return false;
  };
  const ok = go();
  return { bins: ok ? bins : null, nodes };
}
