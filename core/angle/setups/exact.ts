/**
 * The exact setups search for angle jobs: the square path's branch and bound (core/setups/exact) over a
 * relaxation of sequence patterns. Its items are the geometry classes (setups-lp.ts) and a pattern of a
 * bar length is any piece count whose relaxed weights fit: length + the narrowest gap after each piece
 * (`gapBelow`) within the room plus the widest such gap, or material lengths within the room when those
 * weights cannot be used. Every real sequence passes, so every real plan is a plan of the relaxation:
 * when the search proves that no plan of cost ≤ V has S − 1 setups, none of the real ones has either.
 *
 * A plan it finds is laid out for real: each pattern as one sequence by cheapest insertion (plan gaps),
 * and each slot given a shape of its class with demand left. When that fails the plan is not one the saw
 * can cut, and the search stops there, proving nothing more.
 */
import type { Budget } from '../../budget.ts';
import type { Job, Layout } from '../../model/index.ts';
import { countSetups, EXACT_NODES, searchFewerSetups } from '../../setups/index.ts';
import type { AngleJob, SeqBar, Shape } from '../search/index.ts';
import { arrange, type ClassPiece } from '../search/index.ts';
import { countBarSetups } from './count.ts';
import { classJob, classLayouts, layOut, relaxations, type ShapeClasses } from './lp.ts';

export interface AngleExactOutcome {
  readonly bars: readonly SeqBar[];
  /** When proven: every plan of cost ≤ the plan's cost has at least this many setups; else 0. */
  readonly bound: number;
}

/**
 * Searches for plans with fewer setups than `plan` at cost ≤ `cost`, as long as each one found ranks
 * better by `better`; proves, when the nodes suffice, that none has fewer setups than the last.
 */
export function searchFewerAngleSetups(
  job: AngleJob,
  sc: ShapeClasses,
  plan: readonly SeqBar[],
  cost: number,
  floor: number,
  budget: Budget,
  better: (a: readonly SeqBar[], b: readonly SeqBar[]) => boolean,
  nodes: number = EXACT_NODES,
): AngleExactOutcome {
  const relaxed = relaxedJob(job, sc.classes);
  const real = new WeakMap<readonly Layout[], SeqBar[]>();
  const start = classLayouts(sc, plan);
  real.set(start, [...plan]);
  const realOf = (layouts: readonly Layout[]): SeqBar[] | null => {
    let bars = real.get(layouts) ?? null;
    if (bars === null) {
      bars = realize(job, sc, layouts);
      if (bars) real.set(layouts, bars);
    }
    return bars;
  };
  const fitting = new Map<string, boolean>();
  const r = searchFewerSetups(
    relaxed,
    { layouts: start, cost },
    budget,
    (a, b) => {
      const x = realOf(a);
      const y = realOf(b);
      return x !== null && y !== null && better(x, y);
    },
    floor,
    nodes,
    {
      setupsOf: (layouts) => {
        const bars = real.get(layouts);
        return bars ? countBarSetups(job, bars) : countSetups(relaxed, layouts);
      },
      // Refused only when even the bound-side gaps lay them out too long (a proof rests on it).
      fits: (length, counts) => {
        const key = `${length}:${counts.join(',')}`;
        let ok = fitting.get(key);
        if (ok === undefined) {
          const r = arrange(job, sc.classes, counts, 'bound');
          ok = r === 'unsure' || r.span <= length;
          fitting.set(key, ok);
        }
        return ok;
      },
    },
  );
  return { bars: realOf(r.plan) ?? plan, bound: r.bound };
}

/** The classes as items of the relaxation's weights, and each source's room as its capacity. */
function relaxedJob(job: AngleJob, classes: readonly Shape[]): Job {
  const base = classJob(job, classes);
  const r = relaxations(job, classes);
  const byGaps = r.gapsOk;
  const weights = byGaps ? r.byGaps : r.byArea;
  const extra = byGaps ? r.slack : 0;
  return {
    ...base,
    items: base.items.map((it, i) => ({ ...it, weight: weights[i] ?? 0 })),
    sources: base.sources.map((s) => ({ ...s, capacity: s.length - 2 * job.trimKerf + extra })),
  };
}

/** A plan over classes as bars: each pattern laid out once, its slots given shapes; null when it fails. */
function realize(job: AngleJob, sc: ShapeClasses, layouts: readonly Layout[]): SeqBar[] | null {
  const left = Int32Array.from(job.shapes, (s) => s.demand);
  const ones = new Float64Array(sc.classes.length).fill(1);
  const bars: SeqBar[] = [];
  const laidOut = new Map<string, readonly ClassPiece[]>();
  for (const l of layouts) {
    const length = job.base.sources[l.source]?.length ?? 0;
    const key = `${length}:${l.counts.join(',')}`;
    let seq = laidOut.get(key);
    if (seq === undefined) {
      const r = arrange(job, sc.classes, l.counts, 'plan');
      seq =
        r === 'unsure'
          ? layOut(job, sc.classes, length, ones, l.counts, l.counts)
          : r.span <= length
            ? r.pieces
            : [];
      laidOut.set(key, seq);
    }
    if (seq.length !== l.counts.reduce((a, b) => a + b, 0)) return null;
    for (let b = 0; b < l.count; b++) {
      const pieces: SeqBar['pieces'][number][] = [];
      for (const p of seq) {
        const g = sc.classes[p.cls]?.poses[p.pose];
        if (!g) return null;
        let placed = false;
        for (let s = 0; s < job.shapes.length && !placed; s++) {
          if (sc.classOf[s] !== p.cls || (left[s] ?? 0) <= 0) continue;
          const pose = job.shapes[s]?.poses.findIndex((q) => q.left === g.left && q.right === g.right) ?? -1;
          if (pose < 0) continue;
          left[s] = (left[s] ?? 0) - 1;
          pieces.push({ shape: s, pose });
          placed = true;
        }
        if (!placed) return null;
      }
      bars.push({ source: l.source, pieces });
    }
  }
  return left.every((d) => d === 0) ? bars : null;
}
