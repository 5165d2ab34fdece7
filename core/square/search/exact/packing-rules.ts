/**
 * The perfect-packing problem's own rules over its state: carry budgets, the leftover's bounds, the next
 * long piece, the leftover's exact packing.
 */
import { exactFill } from './leftover-fill.ts';
import { PackingState } from './packing-state.ts';
import { FALSE, R_CARRY, R_WEIGHT, TRUE, UNSET } from './packing-types.ts';
import { CARRY_MAX_BITS } from './tuning.ts';

/**
 * The perfect-packing problem's own rules on top of its state: carry budgets modulo powers of two, the
 * leftover's count and weight bounds, the choice of the next long piece, and the exact packing of the
 * leftover once every long piece is placed (with the nogood that forbids a leftover that does not pack).
 */
export class PackingRules extends PackingState {
  /**
   * Carry budgets (see the fields). A bar's carry at modulus m is (Σ (w mod m) − (C mod m)) / m, an
   * integer ≥ 0 because the bar sums to C; summed over all bars it is fixed by the pieces. So the
   * carries above each long piece's least option, and those of the leftover, share a fixed slack. The
   * instances built by splitting pieces 2-adically use almost all of it at small powers of two.
   */
  protected setupCarry(): void {
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
  protected leftoverExcess(j: number): number {
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
  protected carryPropagate(): number[] | boolean {
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
  protected carryReason(j: number, need: number, out: number[]): void {
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
  protected weightConflict(): number[] | null {
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
  protected overflowReason(s: number, extra: number, byCount: boolean, out: number[]): void {
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
  protected weightPropagate(): boolean {
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
  protected falseRows(s: number, out: number[]): void {
    const rows = this.rowsOf[s] ?? new Int32Array(0);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] ?? 0;
      if (this.val[r] === FALSE && (this.level[r] ?? 0) > 0) out.push(2 * r);
    }
    this.ops += rows.length;
  }

  /**
   * Which undecided long piece to choose from: the fewest free options, or with `byLevel` the lowest
   * 2-adic valuation first (an odd long piece's bar must hold an odd short piece; settling the lowest
   * residue classes first meets their conflicts while little else is placed).
   */
  protected decideKey(b: number): number {
    const free = (this.opts[b]?.length ?? 0) - (this.nFalse[b] ?? 0);
    const v = this.bigLevel[b] ?? 0;
    return this.byLevel ? v * 1_000_000 + free : free;
  }

  /**
   * Fewest remaining options first (ties: activity), then the most active option. No saved choices
   * (phase saving): after a restart it led straight back to the same wrong rows on the AI jobs.
   */
  protected decide(): number {
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

  protected leftoverCount(): Int32Array {
    const ns = this.sW.length;
    const left = new Int32Array(ns);
    for (let s = 0; s < ns; s++) left[s] = (this.sCount[s] ?? 0) - (this.load[s] ?? 0);
    return left;
  }

  /** Packs the leftover short pieces into the expensive bars' residuals and k bars of their own. */
  protected packLeftover(k: number): number[][] | null {
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
  protected leftoverNogood(): number[] {
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
