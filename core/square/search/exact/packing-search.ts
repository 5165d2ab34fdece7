/**
 * One conflict-driven search of the perfect-packing portfolio: propagation, clause learning, activity, Luby
 * restarts.
 */
import { PackingRules } from './packing-rules.ts';
import {
  FALSE,
  type PerfectPackingStep,
  R_AT_LEAST,
  R_CARRY,
  R_CLAUSE,
  R_DECISION,
  R_EXPENSIVE,
  R_ONE_OF,
  R_SHORT,
  R_WEIGHT,
  TRUE,
  UNSET,
} from './packing-types.ts';
import { LEARNT_LITERALS, MAX_ROWS, RESTART_BASE, YIELD_OPS } from './tuning.ts';

/**
 * One conflict-driven search of the portfolio (as in SAT solvers): propagation of the rows, options,
 * clauses and the problem's rules, first-UIP clause learning with minimisation, activity, Luby restarts
 * and clause-database reduction. `run` is a resumable walk that pauses every few hundred operations.
 */
export class SearchState extends PackingRules {
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
}

/** The Luby sequence (1, 1, 2, 1, 1, 2, 4, …): restart lengths in conflicts, times `RESTART_BASE`. */
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
