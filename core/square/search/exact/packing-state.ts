/**
 * The perfect-packing search's model and state: candidate bars and options per long piece, the assignment
 * and its trail, learnt clauses.
 */
import { rng } from '../../../model/index.ts';
import { type PerfectPackingInput, R_WEIGHT, TRUE, UNSET } from './packing-types.ts';

/**
 * The perfect-packing search's model and state (see `PerfectPacking` in perfect-packing.ts for the model): the candidate
 * bars ("rows") and options of each long piece, the assignment and its trail, the live and forced short
 * copies, the carry budgets and the learnt clauses, with the moves that keep them in step (assign, undo,
 * backtrack). Plain fields and typed arrays, read directly by the parts that work on it: the model
 * (`packing-model.ts`), the rules (`propagation.ts`, `leftover-rules.ts`, `carry-rules.ts`), learning
 * (`learning.ts`) and the search loop (`packing-search.ts`).
 */
export class PackingState {
  ops = 0;
  /** Set when a conflict holds at level 0: no assignment is left. */
  unsat = false;
  lastYield = 0;
  readonly cap: number;
  readonly weights: readonly number[];
  readonly demands: readonly number[];
  readonly bins: number;
  readonly random: () => number;

  // Long pieces, one entry per piece.
  bigType: Int32Array = new Int32Array(0);
  bigRes: Int32Array = new Int32Array(0);
  /** 2-adic valuation of each long piece's weight (the power of two dividing it). */
  bigLevel: Int32Array = new Int32Array(0);
  // Short piece kinds, lightest first.
  sType: Int32Array = new Int32Array(0);
  sW: Int32Array = new Int32Array(0);
  sCount: Int32Array = new Int32Array(0);
  // Rows: long piece and up to two kinds of short piece (with multiplicity).
  rowBig: number[] = [];
  rowA: number[] = [];
  rowAm: number[] = [];
  rowB: number[] = [];
  rowBm: number[] = [];
  nRows = 0;
  nBig = 0;
  nVars = 0;
  opts: Int32Array[] = [];
  rowsOf: Int32Array[] = [];
  multOf: Int32Array[] = [];

  // Assignment.
  val: Uint8Array = new Uint8Array(0);
  level: Int32Array = new Int32Array(0);
  reasonKind: Uint8Array = new Uint8Array(0);
  reasonRef: Int32Array = new Int32Array(0);
  trailPos: Int32Array = new Int32Array(0);
  trail: number[] = [];
  trailLim: number[] = [];
  qhead = 0;
  load: Int32Array = new Int32Array(0);
  /** Copies of each short kind that rows not yet decided could still take. */
  live: Int32Array = new Int32Array(0);
  /** Copies of each short kind no row can take any more: they end up in the leftover. */
  forced: Int32Array = new Int32Array(0);
  forcedW = 0;
  forcedN = 0;
  /** Most short copies the leftover can have. */
  countBudget = Number.POSITIVE_INFINITY;
  /** Reasons of the R_WEIGHT assignments on the trail, in trail order. */
  weightReasons: Int32Array[] = [];
  /** Most weight the leftover can have. */
  budget = Number.POSITIVE_INFINITY;
  nFalse: Int32Array = new Int32Array(0);
  trueOpt: Int32Array = new Int32Array(0);
  nExpensive = 0;
  /** The expensive options that are true, in trail order. */
  expTrue: number[] = [];

  // Carry budgets, one per modulus m = 2^(j+1): every bar's Σ (w mod m) is (C mod m) plus m times a
  // carry ≥ 0, and the carries of all bars add up to a constant. Options are kept as their carry above
  // their long piece's least one ("excess"); the excesses of the chosen options and the leftover's
  // least excess must fit in what is left.
  nMod = 0;
  mods: Int32Array = new Int32Array(0);
  /** Excess of option o at modulus j, at o * nMod + j. */
  excess: Int32Array = new Int32Array(0);
  /** Weight mod m of short kind s at modulus j, at s * nMod + j. */
  sRes: Int32Array = new Int32Array(0);
  /** Room of an expensive bar's short pieces below its least carry, at b * nMod + j. */
  expRoom: Int32Array = new Int32Array(0);
  maxExpRoom: Int32Array = new Int32Array(0);
  carrySlack: Int32Array = new Int32Array(0);
  carryUsed: Int32Array = new Int32Array(0);
  carryExpRoom: Int32Array = new Int32Array(0);
  forcedRes: Float64Array = new Float64Array(0);
  /** Options with a positive excess at modulus j, largest excess first. */
  carryOrder: Int32Array[] = [];
  /** Remaining room at modulus j when its options were last checked (none above it is unset). */
  carryChecked: Float64Array = new Float64Array(0);
  /** Reasons of the R_CARRY assignments, with the trail length each was made at. */
  carryReasons: Int32Array[] = [];
  carryReasonAt: number[] = [];
  leftoverBars = 0;

  // Learning.
  activity: Float64Array = new Float64Array(0);
  varInc = 1;
  /** Learnt clauses; slots 0 and 1 (the watched pair) are stale: `head0` and `head1` hold them. */
  clauses: (Int32Array | null)[] = [];
  /**
   * The watched pair of each learnt clause, by index (`head0` is -1 once the clause is dropped). Kept apart
   * from the clauses so that a watch visit whose other literal is true reads two dense arrays, not the
   * clause's own (a cache miss a visit was the propagation's largest cost on ANI 402).
   */
  head0: Int32Array = new Int32Array(0);
  head1: Int32Array = new Int32Array(0);
  clauseAct: number[] = [];
  clauseInc = 1;
  watches: number[][] = [];
  learntLits = 0;
  seen: Uint8Array = new Uint8Array(0);
  /** Scratch of conflict analysis: the variables it marked seen (one slot a variable). */
  touched: Int32Array = new Int32Array(0);
  /** Scratch of conflict analysis: the literals of the reason being resolved (`reasonLits`). */
  reasonBuf: Int32Array = new Int32Array(64);
  /** A leftover packing ran into its step limit: its nogood may have cut off a packing. */
  cutOff = false;
  readonly maxExpensive: number;
  readonly byLevel: boolean;
  readonly carry: boolean;
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

  isRow(v: number): boolean {
    return v < this.nRows;
  }

  bigOf(v: number): number {
    return v < this.nRows ? (this.rowBig[v] ?? 0) : v - this.nRows;
  }

  assign(v: number, value: number, kind: number, ref: number): void {
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

  unassign(v: number): void {
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
  moveLive(s: number, d: number): void {
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
  moveCarry(v: number, b: number, d: number): void {
    const nm = this.nMod;
    for (let j = 0; j < nm; j++) {
      this.carryUsed[j] = (this.carryUsed[j] ?? 0) + d * (this.excess[v * nm + j] ?? 0);
      if (v >= this.nRows)
        this.carryExpRoom[j] = (this.carryExpRoom[j] ?? 0) + d * (this.expRoom[b * nm + j] ?? 0);
    }
  }

  litFalse(lit: number): boolean {
    const v = lit >> 1;
    const x = this.val[v] ?? UNSET;
    return x !== UNSET && (x === TRUE) === ((lit & 1) === 1);
  }

  litTrue(lit: number): boolean {
    const v = lit >> 1;
    const x = this.val[v] ?? UNSET;
    return x !== UNSET && (x === TRUE) === ((lit & 1) === 0);
  }

  /** Undoes the assignments above level `lvl`, and the carry reasons made there. */
  backtrack(lvl: number): void {
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
}
