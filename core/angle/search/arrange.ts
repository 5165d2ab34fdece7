/**
 * The tightest order of a given set of pieces on one bar: a dynamic program over (pieces still to lay,
 * right edge of the last one laid), choosing each next piece's class and pose. A setup's pieces are few,
 * so the states (the product of count + 1 over the classes, times the edges) are few; past a limit the
 * answer is "unsure". With the bound-side gaps (`gapBelow`) its span is never more than any real
 * placement's, so a set it finds too long for a bar fits no real bar; with the plan gaps it gives a
 * sequence that surely fits.
 */

import type { EdgeTable, LaidPiece } from '../../mitre/index.ts';
import { gapBelow } from '../../mitre/index.ts';
import type { AngleJob, Shape } from './job.ts';

/** A piece of a class sequence: the class and which of its poses. */
export interface ClassPiece {
  readonly cls: number;
  readonly pose: number;
}

/** States (sets left × edges) one arrangement may use before it answers "unsure". */
export const ARRANGE_STATES = 200_000;

export interface Arranged {
  /** Room taken, trims included. */
  readonly span: number;
  /** The pieces in order from the zero end. */
  readonly pieces: readonly ClassPiece[];
}

/**
 * The least room `counts` pieces of `classes` take on one bar, with the plan gaps (`mode: 'plan'`) or
 * the bound-side ones (`'bound'`), and an order that takes it; 'unsure' past {@link ARRANGE_STATES}.
 */
export function arrange(
  job: AngleJob,
  classes: readonly Shape[],
  counts: ArrayLike<number>,
  mode: 'plan' | 'bound',
): Arranged | 'unsure' {
  const used: number[] = [];
  const radix: number[] = [];
  let sets = 1;
  for (let c = 0; c < classes.length; c++) {
    const a = counts[c] ?? 0;
    if (a <= 0) continue;
    used.push(c);
    radix.push(sets);
    sets *= a + 1;
  }
  if (used.length === 0) return { span: 2 * job.trimKerf, pieces: [] };
  const rights = [...new Set(used.flatMap((c) => classes[c]?.poses.map((p) => p.right) ?? []))];
  const edges = rights.length;
  if (sets * (edges + 1) > ARRANGE_STATES) return 'unsure';
  const gap = (r: number, l: number): number =>
    mode === 'plan' ? job.table.gap(r, l) : gapBelow(job.table.of(r), job.table.of(l));
  const full = used.reduce((acc, c, j) => acc + (counts[c] ?? 0) * (radix[j] ?? 0), 0);
  // best[set * (edges + 1) + e]: least room to lay the set's pieces after an edge e (edges: the start).
  const best = new Float64Array(sets * (edges + 1)).fill(Number.NaN);
  const choice = new Int32Array(sets * (edges + 1)).fill(-1);
  const moves = used.flatMap((c, j) =>
    (classes[c]?.poses ?? []).map((p, pose) => ({
      j,
      c,
      pose,
      length: p.length,
      left: p.left,
      right: rights.indexOf(p.right),
    })),
  );
  const solve = (set: number, e: number): number => {
    if (set === 0) return 0;
    const at = set * (edges + 1) + e;
    const known = best[at] ?? Number.NaN;
    if (!Number.isNaN(known)) return known;
    let least = Number.POSITIVE_INFINITY;
    let pick = -1;
    moves.forEach((m, t) => {
      const r = radix[m.j] ?? 0;
      const left = Math.floor(set / r) % ((counts[m.c] ?? 0) + 1);
      if (left <= 0) return;
      const before = e === edges ? 0 : gap(rights[e] as number, m.left);
      const v = before + m.length + solve(set - r, m.right);
      if (v < least) [least, pick] = [v, t];
    });
    best[at] = least;
    choice[at] = pick;
    return least;
  };
  const span = 2 * job.trimKerf + solve(full, edges);
  const pieces: ClassPiece[] = [];
  for (let set = full, e = edges; set > 0; ) {
    const m = moves[choice[set * (edges + 1) + e] ?? -1];
    if (!m) break;
    pieces.push({ cls: m.c, pose: m.pose });
    set -= radix[m.j] ?? 0;
    e = m.right;
  }
  return { span, pieces };
}

/**
 * Where one more piece adds the least room to a sequence (plan gaps): the position (0 … length), the
 * index into `poses`, and the room added (positions within a pose first, poses in order; the first least).
 */
export function cheapestInsertion(
  table: EdgeTable,
  seq: readonly LaidPiece[],
  poses: readonly LaidPiece[],
): { readonly at: number; readonly pose: number; readonly delta: number } {
  let best = { at: -1, pose: -1, delta: Number.POSITIVE_INFINITY };
  poses.forEach((q, k) => {
    for (let j = 0; j <= seq.length; j++) {
      const prev = seq[j - 1];
      const next = seq[j];
      let d = q.length;
      if (prev) d += table.gap(prev.right, q.left);
      if (next) d += table.gap(q.right, next.left);
      if (prev && next) d -= table.gap(prev.right, next.left);
      if (d < best.delta) best = { at: j, pose: k, delta: d };
    }
  });
  return best;
}
