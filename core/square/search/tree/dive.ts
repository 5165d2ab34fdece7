/**
 * The square search's dives: fix columns of the LP solution step by step and complete the rest exactly or
 * greedily.
 */
import type { Budget } from '../../../budget.ts';
import type { Residual } from '../../../master/index.ts';
import {
  type Incumbent,
  type Job,
  type Layout,
  patternWeight,
  runToEnd,
  type SearchTrace,
} from '../../../model/index.ts';
import { ceilBound } from '../../../numbers.ts';
import { packExactly } from '../exact/index.ts';
import { downsize, greedyPack, slackFill, sourcePreference } from '../heuristics/index.ts';
import type { ColumnGeneration } from '../master/index.ts';
import { ENDGAME_NODES, ENDGAME_PIECES, ENDGAME_SLACK, SHARE_PER_STEP, SLACK_FILL_PIECES } from './tuning.ts';

/**
 * What the first (LP-preferred) choice at a dive's node fixes: every whole column at once (`whole parts`,
 * see `takeWholeParts`), whole bars of the most wanted columns up to a share of the bars still needed
 * (`share`, see `takeShare`), or one bar (`single bar`). The other choices always fix one bar.
 */
export type StepRule = 'whole parts' | 'share' | 'single bar';

/**
 * Depth-first diving on the column-generation LP: fix the bars the LP most wants (whole parts of large
 * values first), re-solve the residual, and at every node round the LP down and complete it greedily.
 * Limited discrepancy: a path may take the k-th best choice instead of the best only `discrepancy` times.
 */
export class Diver {
  private readonly job: Job;
  private readonly cg: ColumnGeneration;
  private readonly budget: Budget;
  private readonly trace: SearchTrace;
  private readonly inc: Incumbent;
  private readonly done: () => boolean;
  private readonly roundUp: boolean;
  private readonly slackFill: boolean;

  constructor(
    job: Job,
    cg: ColumnGeneration,
    budget: Budget,
    trace: SearchTrace,
    inc: Incumbent,
    done: () => boolean,
    /** Completions also round the LP's most fractional columns up (see {@link Diver.complete}). */
    roundUp = false,
    /** Completions also pack the rest by the slack fill (opt-in `slack-fill`; see {@link Diver.complete}). */
    slackFill = false,
  ) {
    this.job = job;
    this.cg = cg;
    this.budget = budget;
    this.trace = trace;
    this.inc = inc;
    this.done = done;
    this.roundUp = roundUp;
    this.slackFill = slackFill;
  }

  /** Runs a whole dive from `residual` (see {@link Diver.steps}). */
  dive(
    residual: Residual,
    rule: StepRule,
    discrepancy: number,
    state = { exhausted: true },
    budget = this.budget,
  ): void {
    runToEnd(this.steps(residual, rule, discrepancy, state, budget));
  }

  /**
   * The dive as a resumable walk: it pauses after every node's master solve, so a scheduler can share
   * the work between dives and branch and price by pricing rounds (and so the same request walks the same
   * search on any machine). Every node sets the master's residual itself, so whatever ran in between
   * does not matter. `state.exhausted` turns false once some node had more choices than the discrepancy
   * let it try.
   */
  steps(
    residual: Residual,
    rule: StepRule,
    discrepancy: number,
    state: { exhausted: boolean },
    budget = this.budget,
  ): Generator<void, void, void> {
    return this.walk(residual, [], 0, rule, discrepancy, state, budget);
  }

  private *walk(
    residual: Residual,
    fixed: Layout[],
    fixedCost: number,
    rule: StepRule,
    discrepancy: number,
    state: { exhausted: boolean },
    budget: Budget,
  ): Generator<void, void, void> {
    if (budget.expired() || this.done()) return;
    if (residual.demand.every((d) => d <= 0)) {
      this.inc.offer(fixed);
      return;
    }
    this.trace.diveNodes++;
    this.cg.setResidual(residual);
    const out = this.cg.solve(budget, { settle: true, cutoff: this.inc.pruneAt() - fixedCost });
    this.trace.cgIterations += out.iterations;
    yield;
    if (out.status === 'failed' || out.status === 'infeasible') return;
    if (fixedCost + ceilBound(out.bound) >= this.inc.pruneAt()) return;
    this.complete(out.x, residual, fixed);
    if (this.done()) return;
    const endgame = this.endgame(residual, fixed, fixedCost);
    if (endgame !== 'unknown') return;

    const candidates = this.candidates(out.x, residual);
    if (candidates.length > discrepancy + 1) state.exhausted = false;
    for (let k = 0; k < candidates.length && k <= discrepancy; k++) {
      const c = candidates[k];
      if (!c) break;
      const next = cloneResidual(residual);
      const layouts =
        k !== 0
          ? []
          : rule === 'whole parts'
            ? this.takeWholeParts(candidates, next)
            : rule === 'share'
              ? this.takeShare(candidates, next, out.x)
              : [];
      if (layouts.length === 0) {
        const layout = this.take(c.column, c.copies, next);
        if (layout) layouts.push(layout);
      }
      if (layouts.length === 0) continue;
      let cost = 0;
      for (const l of layouts) cost += (this.job.sources[l.source]?.cost ?? 0) * l.count;
      yield* this.walk(next, [...fixed, ...layouts], fixedCost + cost, rule, discrepancy - k, state, budget);
      if (budget.expired() || this.done()) return;
    }
  }

  /**
   * The first choice fixes the whole part of every column the LP uses at least once, in one node: the LP
   * solution minus those bars stays optimal for the residual, so one node does what a chain of single
   * fixes did, each of which paid a master solve and an exact pricing round. Only columns that fit the
   * residual whole are taken; none (or one) leaves the single-candidate step to the caller.
   */
  private takeWholeParts(
    candidates: readonly { column: number; copies: number; whole: boolean }[],
    next: Residual,
  ): Layout[] {
    const whole = candidates.filter((c) => c.whole);
    if (whole.length < 2) return [];
    const layouts: Layout[] = [];
    for (const c of whole) {
      const l = this.take(c.column, c.copies, next, false);
      if (l) layouts.push(l);
    }
    return layouts;
  }

  /**
   * Single-bar steps with a share: the first choice fixes whole bars of the columns the LP wants most, up
   * to `SHARE_PER_STEP` of the bars the LP still needs. A job of thousands of bars would otherwise pay one
   * node, one master solve and one pricing round per bar before its first plan; this way the residual
   * shrinks geometrically, and the last few bars are single steps again (measurements: docs/solver.md,
   * Tuning). Nothing when the share is under two bars (that is the single step the caller takes).
   */
  private takeShare(
    candidates: readonly { column: number; copies: number; whole: boolean }[],
    next: Residual,
    x: Float64Array,
  ): Layout[] {
    let bars = 0;
    for (const v of x) bars += v;
    const share = Math.floor(bars * SHARE_PER_STEP);
    if (share < 2) return [];
    const layouts: Layout[] = [];
    let taken = 0;
    for (const c of candidates) {
      if (taken >= share) break;
      if (!c.whole) continue;
      const l = this.take(c.column, Math.min(c.copies, share - taken), next, false);
      if (l) {
        layouts.push(l);
        taken += l.count;
      }
    }
    return layouts;
  }

  /**
   * In a tight endgame (few pieces left, one kind of bar), decides exactly whether the rest fits into one
   * bar fewer than the incumbent would need: a packing is offered; `impossible` prunes this node.
   */
  private endgame(
    residual: Residual,
    fixed: readonly Layout[],
    fixedCost: number,
  ): 'packed' | 'impossible' | 'unknown' {
    const sources = this.job.sources;
    const only = sources[0];
    if (sources.length !== 1 || !only || only.cost <= 0 || Number.isFinite(residual.hi[0] ?? 0))
      return 'unknown';
    let pieces = 0;
    for (const d of residual.demand) pieces += Math.max(0, d);
    const bars = Math.ceil((this.inc.pruneAt() - fixedCost) / only.cost) - 1;
    let load = 0;
    residual.demand.forEach((d, i) => {
      load += Math.max(0, d) * (this.job.items[i]?.weight ?? 0);
    });
    // Small residuals always; large ones only when nearly every bar must be full (the slack is what keeps
    // the exact search small: zero slack leaves only perfect bars to try).
    const slack = bars * only.capacity - load;
    if (pieces > ENDGAME_PIECES && slack > ENDGAME_SLACK * only.capacity) return 'unknown';
    const out = packExactly({
      weights: this.job.items.map((it) => it.weight),
      counts: Int32Array.from(residual.demand, (d) => Math.max(0, d)),
      capacity: only.capacity,
      bars,
      nodeLimit: ENDGAME_NODES,
    });
    this.trace.endgames++;
    if (out.status === 'packed') {
      this.inc.offer([...fixed, ...out.bars.map((counts) => ({ source: 0, counts, count: 1 }))]);
    }
    return out.status;
  }

  /**
   * Rounds the LP down, then packs what is left greedily, and offers the result. With `roundUp`, also
   * the same rounding plus one bar of every column whose fractional part exceeds {@link ROUND_UP_FROM}
   * (clipped to the demand left), the rest packed first-fit: another plan from the same LP, for the price
   * of a greedy pass (docs/solver.md, "Completions rounded up"). With `slackFill`, also the rounding with
   * its rest (up to {@link SLACK_FILL_PIECES} pieces) packed by {@link slackFill}, as it is and downsized.
   */
  complete(x: Float64Array, residual: Residual, fixed: readonly Layout[]): void {
    const r = cloneResidual(residual);
    const bars: Layout[] = [...fixed];
    // A loop, not `Array.from(x.keys()).filter`: the key iterator over every column was 1 % of the slow
    // warm jobs' CPU (a completion runs at every dive node).
    const order: number[] = [];
    for (let j = 0; j < x.length; j++) if ((x[j] ?? 0) >= 1 - 1e-9) order.push(j);
    order.sort((a, b) => (x[b] ?? 0) - (x[a] ?? 0) || a - b);
    for (const j of order) {
      const l = this.take(j, Math.floor((x[j] ?? 0) + 1e-9), r);
      if (l) bars.push(l);
    }
    const pref = sourcePreference(this.job);
    for (const rule of ['first', 'best'] as const) {
      const rest = greedyPack(this.job, rule, r.demand, r.hi, pref);
      if (!rest) continue;
      this.inc.offer([...bars, ...rest]);
      this.inc.offer([...bars, ...downsize(this.job, rest, r.hi, (c) => patternWeight(this.job, c))]);
    }
    if (this.roundUp) this.completeRoundedUp(x, r, bars, pref);
    if (this.slackFill) this.completeBySlack(x, r, bars);
  }

  /**
   * The rounded-down LP `bars` (residual `down`) with the rest packed by {@link slackFill}, offered; the
   * bars' patterns, then the LP's columns, preferred where they fill a bar as well.
   */
  private completeBySlack(x: Float64Array, down: Residual, bars: readonly Layout[]): void {
    let pieces = 0;
    for (const d of down.demand) pieces += Math.max(0, d);
    if (pieces === 0 || pieces > SLACK_FILL_PIECES) return;
    const preferred: { source: number; counts: Int32Array }[] = [...bars];
    for (let j = 0; j < x.length; j++) {
      const c = this.cg.columns[j];
      if ((x[j] ?? 0) > 1e-9 && c) preferred.push(c);
    }
    const rest = slackFill(this.job, down.demand, down.hi, preferred);
    if (!rest) return;
    this.inc.offer([...bars, ...rest], 'slack fill');
    this.inc.offer(
      [...bars, ...downsize(this.job, rest, down.hi, (c) => patternWeight(this.job, c))],
      'slack fill',
    );
  }

  /**
   * The rounded-down LP `bars` (residual `down`) plus one bar of each column whose fractional part is over
   * {@link ROUND_UP_FROM}, most fractional first, the rest packed first-fit; offered as it is and downsized.
   */
  private completeRoundedUp(
    x: Float64Array,
    down: Residual,
    bars: readonly Layout[],
    pref: readonly number[],
  ): void {
    const frac = (j: number): number => (x[j] ?? 0) - Math.floor((x[j] ?? 0) + 1e-9);
    const up: number[] = [];
    for (let j = 0; j < x.length; j++) if (frac(j) > ROUND_UP_FROM) up.push(j);
    up.sort((a, b) => frac(b) - frac(a) || a - b);
    if (up.length === 0) return;
    const r = cloneResidual(down);
    const more: Layout[] = [...bars];
    for (const j of up) {
      const l = this.take(j, 1, r);
      if (l) more.push(l);
    }
    const rest = greedyPack(this.job, 'first', r.demand, r.hi, pref);
    if (!rest) return;
    this.inc.offer([...more, ...rest], 'completion rounded up');
    this.inc.offer(
      [...more, ...downsize(this.job, rest, r.hi, (c) => patternWeight(this.job, c))],
      'completion rounded up',
    );
  }

  /** Columns worth fixing, best first: large LP values, then fuller bars. */
  private candidates(
    x: Float64Array,
    residual: Residual,
  ): { column: number; copies: number; whole: boolean }[] {
    const list: { column: number; copies: number; score: number; whole: boolean }[] = [];
    x.forEach((v, j) => {
      if (v <= 1e-6) return;
      const col = this.cg.columns[j];
      if (!col || (residual.hi[col.source] ?? 0) <= 0) return;
      const useful = col.counts.some((c, i) => c > 0 && (residual.demand[i] ?? 0) > 0);
      if (!useful) return;
      const whole = v >= 1 - 1e-9;
      list.push({ column: j, copies: whole ? Math.floor(v + 1e-9) : 1, score: whole ? 1 + v : v, whole });
    });
    list.sort((a, b) => b.score - a.score || a.column - b.column);
    return list;
  }

  /**
   * Fixes up to `copies` bars of column j against the residual, clipping the last one to what is still
   * needed (unless `clip` is off: then nothing when not even one whole bar fits), and updates the
   * residual in place.
   */
  private take(j: number, copies: number, r: Residual, clip = true): Layout | null {
    const col = this.cg.columns[j];
    if (!col) return null;
    const avail = r.hi[col.source] ?? 0;
    let full = Math.min(copies, avail);
    col.counts.forEach((c, i) => {
      if (c > 0) full = Math.min(full, Math.floor((r.demand[i] ?? 0) / c));
    });
    let counts = col.counts;
    let count = full;
    if (full <= 0) {
      if (avail <= 0 || !clip) return null;
      counts = Int32Array.from(col.counts, (c, i) => Math.min(c, r.demand[i] ?? 0));
      if (counts.every((c) => c === 0)) return null;
      count = 1;
    }
    counts.forEach((c, i) => {
      r.demand[i] = (r.demand[i] ?? 0) - c * count;
    });
    r.hi[col.source] = avail - count;
    r.lo[col.source] = Math.max(0, (r.lo[col.source] ?? 0) - count);
    const src = this.job.sources[col.source];
    if (src?.kind === 'offcut') r.usage -= src.length * count;
    return { source: col.source, counts, count };
  }
}

/**
 * Completions rounded up take a bar of each column whose LP value is more than this over a whole number.
 * On the practical jobs with several kinds of bar (seeds 1–200 and 201–400, LP solves to the proof):
 * 0.5, 0.6, 0.7 and 0.8 all took 7–10 % fewer solves; 0.5 lost seed 263's proof in 20 s, 0.3 gained
 * nothing; 0.7 was best on both sets (docs/solver.md, "Completions rounded up").
 */
export const ROUND_UP_FROM = 0.7;

function cloneResidual(r: Residual): Residual {
  return { demand: r.demand.slice(), lo: r.lo.slice(), hi: r.hi.slice(), usage: r.usage };
}
