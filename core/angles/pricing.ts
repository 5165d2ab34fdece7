/**
 * Sequence pricing, the angle stage's own pricing problem: the most valuable sequence of posed pieces
 * that fits a bar, where what a piece takes depends on the right edge of the piece before it. A dense
 * dynamic program over (room used, right edge of the last piece), with dominance per edge class (a state
 * that used more room for no more value is not expanded). Pieces may repeat without limit, so the value
 * is an upper bound on any bounded pattern's: valid for the Lagrangian bound, and a column that
 * overproduces is still a column of the covering master.
 *
 * Room is counted in steps of `f` units: rounding every move down gives an upper bound on the value
 * (`mode: 'bound'`), rounding up gives sequences that surely fit (`mode: 'plan'`).
 */
import { gapBelow, gapBetween } from '../geometry/exact.ts';
import type { AngleJob } from './job.ts';

export interface PricedSequence {
  readonly value: number;
  /** Shape and pose of each piece from the zero end. */
  readonly pieces: readonly { readonly shape: number; readonly pose: number }[];
}

export interface PricingResult {
  /** Best value found; an upper bound on every sequence's value in `bound` mode. */
  readonly value: number;
  /** The best sequences, one per last edge class, best first (plan mode only). */
  readonly sequences: readonly PricedSequence[];
  /** False when the job was too large for the cell limit at any step (value then 0, nothing found). */
  readonly done: boolean;
}

/** Cells (positions × edge classes) a pricing call may use; past it, room is counted in coarser steps. */
export const MAX_CELLS = 4_000_000;

/** Moves looked at (cells × posed pieces) a pricing call may make: about a tenth of a second. */
export const MAX_MOVES = 60_000_000;

interface Move {
  readonly shape: number;
  readonly pose: number;
  readonly value: number;
  readonly length: number;
  readonly leftClass: number;
  readonly rightClass: number;
}

/**
 * Prices one bar length: `values[s]` is the worth of one piece of shape s (shapes worth nothing are left
 * out, which never lowers the best value: dropping a piece from a real sequence leaves a real sequence).
 */
export function priceSequences(
  job: AngleJob,
  barLength: number,
  values: ArrayLike<number>,
  mode: 'bound' | 'plan',
): PricingResult {
  const classes = new Map<number, number>();
  const cls = (a: number): number => {
    let i = classes.get(a);
    if (i === undefined) {
      i = classes.size;
      classes.set(a, i);
    }
    return i;
  };
  const moves: Move[] = [];
  job.shapes.forEach((s, shape) => {
    const value = values[shape] ?? 0;
    if (!(value > 0)) return;
    s.poses.forEach((p, pose) => {
      moves.push({ shape, pose, value, length: p.length, leftClass: cls(p.left), rightClass: cls(p.right) });
    });
  });
  const room = barLength - 2 * job.trimKerf;
  if (moves.length === 0 || room <= 0) return { value: 0, sequences: [], done: true };
  const angles = [...classes.keys()];
  const e = angles.length;
  const gapOf = mode === 'bound' ? gapBelow : gapBetween;
  const rawGap: number[] = [];
  for (const r of angles) for (const l of angles) rawGap.push(gapOf(job.table.of(r), job.table.of(l)));
  // Exact moves: from class c (or the start) by move t.
  let minMove = Number.POSITIVE_INFINITY;
  for (let c = 0; c < e; c++)
    for (const m of moves) minMove = Math.min(minMove, (rawGap[c * e + m.leftClass] ?? 0) + m.length);
  for (const m of moves) minMove = Math.min(minMove, m.length);
  if (!(minMove >= 1)) return { value: 0, sequences: [], done: false };
  const cells = (room + 1) * e;
  const f = Math.max(
    1,
    Math.min(Math.floor(minMove), Math.ceil(Math.max(cells / MAX_CELLS, (cells * moves.length) / MAX_MOVES))),
  );
  const scaled = (x: number): number => (mode === 'bound' ? Math.floor(x / f) : Math.ceil(x / f));
  const cap = Math.floor(room / f);
  // Too fine for the limits even in the coarsest safe steps: no value (the caller then has no bound).
  if ((cap + 1) * e > MAX_CELLS * 2 || (cap + 1) * e * moves.length > MAX_MOVES * 2)
    return { value: 0, sequences: [], done: false };
  const adv = new Int32Array(e * moves.length);
  for (let c = 0; c < e; c++)
    moves.forEach((m, t) => {
      adv[c * moves.length + t] = scaled((rawGap[c * e + m.leftClass] ?? 0) + m.length);
    });
  const width = cap + 1;
  const best = new Float64Array(e * width).fill(-1);
  const byMove = new Int32Array(e * width).fill(-1);
  const fromClass = new Int16Array(e * width).fill(-1);
  moves.forEach((m, t) => {
    const r = scaled(m.length);
    const at = m.rightClass * width + r;
    if (r <= cap && m.value > (best[at] ?? -1)) {
      best[at] = m.value;
      byMove[at] = t;
      fromClass[at] = -1;
    }
  });
  const runMax = new Float64Array(e).fill(-1);
  const bestEnd = new Int32Array(e).fill(-1);
  for (let r = 1; r <= cap; r++) {
    for (let c = 0; c < e; c++) {
      const v = best[c * width + r] ?? -1;
      if (v <= (runMax[c] ?? -1)) continue;
      runMax[c] = v;
      bestEnd[c] = r;
      const row = c * moves.length;
      for (let t = 0; t < moves.length; t++) {
        const r2 = r + (adv[row + t] ?? 0);
        if (r2 > cap) continue;
        const m = moves[t] as Move;
        const at = m.rightClass * width + r2;
        const nv = v + m.value;
        if (nv > (best[at] ?? -1) + 1e-12) {
          best[at] = nv;
          byMove[at] = t;
          fromClass[at] = c;
        }
      }
    }
  }
  let value = 0;
  for (let c = 0; c < e; c++) value = Math.max(value, runMax[c] ?? 0);
  if (mode === 'bound') return { value, sequences: [], done: true };
  const sequences: PricedSequence[] = [];
  for (let c = 0; c < e; c++) {
    const r0 = bestEnd[c] ?? -1;
    if (r0 < 0) continue;
    const pieces: { shape: number; pose: number }[] = [];
    let cc = c;
    let r = r0;
    while (r > 0 && cc >= 0) {
      const at = cc * width + r;
      const t = byMove[at] ?? -1;
      const m = moves[t];
      if (!m) break;
      pieces.push({ shape: m.shape, pose: m.pose });
      const prev = fromClass[at] ?? -1;
      r -= prev < 0 ? scaled(m.length) : (adv[prev * moves.length + t] ?? 0);
      cc = prev;
      if (prev < 0) break;
    }
    pieces.reverse();
    sequences.push({ value: runMax[c] ?? 0, pieces });
  }
  sequences.sort((a, b) => b.value - a.value);
  return { value, sequences, done: true };
}
