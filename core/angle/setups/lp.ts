/**
 * The pattern-minimisation LP bound on setups for angle jobs (docs/angle-cuts.md, "Setups"): the square
 * path's master and column generation (core/setups/bounds) over sequence patterns. A column is a sequence
 * on k bars of one length; its items are the geometry classes of the combinatorial bound (setups-bound.ts:
 * shapes a turn makes alike share slots), so a plan's setup is a column of this LP whatever shapes its
 * bars cut in those slots.
 *
 * Pricing asks, for each bar length and each range of multiplicities, for the most valuable sequence with
 * at most `caps[i]` pieces of class i. The bound needs only a valid upper bound on that value over every
 * sequence of the real geometry; two bounded knapsacks give one, each a relaxation of the sequence:
 *
 * - by area: the pieces are disjoint, so their material lengths (rounded down) add up to at most the
 *   bar's room `L − 2·trim`;
 * - by gaps: a sequence takes Σ length + Σ gaps between neighbours, and with g_i the narrowest gap
 *   (`gapBelow`, the bound-side rounding of core/mitre/exact.ts) any edge of class i's right ends can
 *   have before any left edge, it takes at least Σ (length_i + g_i) − g_last, so Σ (length_i + g_i)·a_i ≤
 *   room + max g.
 *
 * The smaller of the two values bounds the sequence's; the knapsacks' packings, laid out by cheapest
 * insertion with the plan gaps and refilled within the caps, are the columns (real sequences that fit).
 */
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import { gapBelow } from '../../mitre/index.ts';
import type { Job, Layout } from '../../model/index.ts';
import { type KnapsackResult, solveKnapsacks } from '../../pricing/index.ts';
import {
  DEFAULT_LP_BOUND,
  type LpBoundLimits,
  type PatternPricing,
  type PricedPattern,
  setupsLpBound,
} from '../../setups/index.ts';
import type { AngleJob, SeqBar, Shape } from '../search/index.ts';
import { arrange, type ClassPiece, cheapestInsertion } from '../search/index.ts';
import { classesOf } from './bound.ts';
import { countBarSetups } from './count.ts';

/** The geometry classes of a job's shapes and the class of each shape (−1: no demand). */
export interface ShapeClasses {
  readonly classes: readonly Shape[];
  readonly classOf: Int32Array;
}

/** The classes the setups bounds count (setups-bound.ts), with each shape's. */
export function shapeClasses(job: AngleJob): ShapeClasses {
  const classes = classesOf(job.shapes.filter((s) => s.demand > 0));
  const classOf = Int32Array.from(job.shapes, (s) =>
    s.demand > 0
      ? classes.findIndex(
          (c) =>
            c.length === s.length &&
            c.poses.some((p) => s.poses.some((q) => p.left === q.left && p.right === q.right)),
        )
      : -1,
  );
  return { classes, classOf };
}

/** The square model's job with the classes for items: what the pattern-minimisation master reads. */
export function classJob(job: AngleJob, classes: readonly Shape[]): Job {
  return {
    ...job.base,
    items: classes.map((c) => ({ length: c.length, weight: c.length, demand: c.demand, parts: [] })),
  };
}

/** A plan's bars as layouts over the classes (one bar each; the master merges those of one pattern). */
export function classLayouts(sc: ShapeClasses, bars: readonly SeqBar[]): Layout[] {
  return bars
    .filter((b) => b.pieces.length > 0)
    .map((b) => {
      const counts = new Int32Array(sc.classes.length);
      for (const p of b.pieces) {
        const c = sc.classOf[p.shape] ?? -1;
        if (c >= 0) counts[c] = (counts[c] ?? 0) + 1;
      }
      return { source: b.source, counts, count: 1 };
    });
}

/**
 * The LP bound on the setups of every plan of `job` costing at most `cost` (bars uncapped), started from
 * `plan` and stopped once it reaches the plan's setups or cannot pass `floor` (a bound already known).
 * At least `floor`.
 */
export function angleSetupsLpBound(
  job: AngleJob,
  plan: readonly SeqBar[],
  cost: number,
  floor: number,
  engine: LpEngine,
  budget: Budget,
  limits: LpBoundLimits = DEFAULT_LP_BOUND,
): number {
  const target = countBarSetups(job, plan);
  if (floor >= target) return floor;
  const sc = shapeClasses(job);
  const input = {
    value: cost,
    bars: Number.POSITIVE_INFINITY,
    plan: classLayouts(sc, plan),
    target,
    floor,
  };
  const r = setupsLpBound(
    classJob(job, sc.classes),
    input,
    engine,
    budget,
    limits,
    sequencePricing(job, sc.classes),
  );
  return Math.max(floor, r.bound);
}

/** The two knapsack relaxations of a sequence (the file's comment): weights per class, and whether usable. */
export interface Relaxations {
  /** length + the narrowest gap after the piece; a sequence fits only if Σ ≤ room + `slack`. */
  readonly byGaps: Float64Array;
  readonly slack: number;
  readonly gapsOk: boolean;
  /** Material lengths; a sequence fits only if Σ ≤ room. */
  readonly byArea: Float64Array;
  readonly areaOk: boolean;
}

/** The relaxations of sequences of `classes`, with the bound-side gaps (`gapBelow`). */
export function relaxations(job: AngleJob, classes: readonly Shape[]): Relaxations {
  const lefts = classes.flatMap((c) => c.poses.map((p) => job.table.of(p.left)));
  const narrowest = classes.map((c) => {
    let g = Number.POSITIVE_INFINITY;
    for (const p of c.poses) for (const q of lefts) g = Math.min(g, gapBelow(job.table.of(p.right), q));
    return g;
  });
  const slack = Math.max(...narrowest);
  const byGaps = Float64Array.from(classes, (c, i) => c.length + (narrowest[i] ?? 0));
  const byArea = Float64Array.from(classes, (c) => c.material);
  // A relaxation with a weight below one unit would need care the knapsack does not take; it is left out
  // (the other still bounds), which never happens for pieces of positive length and material.
  const gapsOk = byGaps.every((w) => w >= 1) && Number.isFinite(slack);
  const areaOk = byArea.every((w) => w >= 1);
  return { byGaps, slack, gapsOk, byArea, areaOk };
}

/**
 * Sequence pricing for the master over `classes`: the bound from the two knapsack relaxations (the file's
 * comment), the columns from their packings laid out for real. `found`, when given, receives each column's
 * sequence by `${length class}:${counts}`.
 */
export function sequencePricing(
  job: AngleJob,
  classes: readonly Shape[],
  found?: Map<string, readonly ClassPiece[]>,
): PatternPricing {
  const { byGaps, slack, gapsOk, byArea, areaOk } = relaxations(job, classes);
  const t = 2 * job.trimKerf;
  return (_job, lengths) => (values, caps, open, mode) =>
    open.map((l) => {
      const length = lengths[l]?.length ?? 0;
      const room = length - t;
      const bounds = Int32Array.from(caps, (a, i) => ((classes[i]?.length ?? 0) > room ? 0 : a));
      const relaxed: KnapsackResult[] = [];
      const solve = (weights: Float64Array, capacity: number): void => {
        const [r] = solveKnapsacks({ values, weights, bounds }, [capacity], { mode, resume: true });
        if (r) relaxed.push(r);
      };
      if (gapsOk) solve(byGaps, room + slack);
      if (areaOk) solve(byArea, room);
      let best: { pieces: ClassPiece[]; counts: Int32Array; value: number } | null = null;
      for (const r of relaxed) {
        const tight = arrange(job, classes, r.counts, 'plan');
        const pieces =
          tight !== 'unsure' && tight.span <= length
            ? [...tight.pieces]
            : layOut(job, classes, length, values, r.counts, bounds);
        const counts = new Int32Array(classes.length);
        for (const p of pieces) counts[p.cls] = (counts[p.cls] ?? 0) + 1;
        let value = 0;
        counts.forEach((a, i) => {
          value += a * (values[i] ?? 0);
        });
        if (best === null || value > best.value) best = { pieces, counts, value };
      }
      if (best === null) return undefined;
      let upperBound = Number.POSITIVE_INFINITY;
      let exact = false;
      for (const r of relaxed) {
        if (r.upperBound < upperBound) upperBound = r.upperBound;
        if (r.exact && r.upperBound <= best.value + 1e-9) exact = true;
      }
      found?.set(`${l}:${best.counts.join(',')}`, best.pieces);
      const priced: PricedPattern = {
        counts: best.counts,
        upperBound: Math.max(upperBound, best.value),
        exact,
      };
      return priced;
    });
}

/**
 * A sequence on a bar of `length`: the pieces of `first` (at most `bounds`), then any other pieces within
 * `bounds`, each class in order of value per unit of length, each piece inserted where it adds the least
 * room (any position and pose, plan gaps); pieces that no longer fit are skipped.
 */
export function layOut(
  job: AngleJob,
  classes: readonly Shape[],
  length: number,
  values: Float64Array,
  first: Int32Array,
  bounds: Int32Array,
): ClassPiece[] {
  const seq: ClassPiece[] = [];
  const used = new Int32Array(classes.length);
  let span = 2 * job.trimKerf;
  const poseOf = (p: ClassPiece) => classes[p.cls]?.poses[p.pose];
  const order = classes
    .map((c, i) => ({ i, d: (values[i] ?? 0) / c.length }))
    .filter((x) => x.d > 0)
    .sort((a, b) => b.d - a.d || a.i - b.i)
    .map((x) => x.i);
  const insert = (cls: number, upTo: number): void => {
    const c = classes[cls];
    if (!c) return;
    while ((used[cls] ?? 0) < upTo) {
      const laid = seq.map((p) => poseOf(p)).filter((p) => p !== undefined);
      const { at, pose, delta } = cheapestInsertion(job.table, laid, c.poses);
      if (at < 0 || span + delta > length) return;
      seq.splice(at, 0, { cls, pose });
      used[cls] = (used[cls] ?? 0) + 1;
      span += delta;
    }
  };
  for (const i of order) insert(i, Math.min(first[i] ?? 0, bounds[i] ?? 0));
  for (const i of order) insert(i, bounds[i] ?? 0);
  return seq;
}
