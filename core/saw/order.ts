/**
 * The saw's order of layouts: each layout keeps as many leading saw stops of the one before as it can.
 */
import type { Combination, CutPosition } from '../types.ts';

/** A layout with its position in the response's `combinations`. */
export interface IndexedLayout {
  readonly index: number;
  readonly combination: Combination;
}

/** Compares two cut positions: square cuts by position, angled ones by top then bottom. */
function compareCuts(p: CutPosition, q: CutPosition): number {
  const [pt, pb] = typeof p === 'number' ? [p, p] : p;
  const [qt, qb] = typeof q === 'number' ? [q, q] : q;
  return pt - qt || pb - qb;
}

/** How many leading saw stops two layouts share (same source, same first cuts in order). */
export function sharedLeadingCuts(a: Combination, b: Combination): number {
  const x = a.usedComb;
  const y = b.usedComb;
  if (x.material !== y.material || x.source !== y.source || x.length !== y.length) return 0;
  let n = 0;
  while (n < x.cutPositions.length && n < y.cutPositions.length) {
    const p = x.cutPositions[n];
    const q = y.cutPositions[n];
    if (p === undefined || q === undefined || compareCuts(p, q) !== 0) break;
    n++;
  }
  return n;
}

/**
 * Orders layouts for the saw. The operator sets a stop (or reads a tape) for each running cut
 * position from the zero end; when the next layout starts with the same positions, those stops stay
 * where they are. So layouts are grouped by what is on the rack (material, stock before offcuts,
 * longest source first) and, within a group, sorted lexicographically by their cut positions. Sorted
 * order is a depth-first walk of the trie of cut sequences, which maximises the number of leading stops
 * each layout shares with the one before it: every trie node's layouts come out contiguous, so each
 * node contributes its most possible adjacent pairs, and no other order shares more stops in total.
 * Ties keep the solver's order, so the result is deterministic.
 */
export function sawOrder(combinations: readonly Combination[]): IndexedLayout[] {
  return combinations
    .map((combination, index) => ({ index, combination }))
    .sort((a, b) => compareLayouts(a, b));
}

function compareLayouts(a: IndexedLayout, b: IndexedLayout): number {
  const x = a.combination.usedComb;
  const y = b.combination.usedComb;
  const mx = x.material ?? '';
  const my = y.material ?? '';
  if (mx !== my) return mx < my ? -1 : 1;
  if (x.source !== y.source) return x.source === 'stock' ? -1 : 1;
  if (x.length !== y.length) return y.length - x.length;
  const n = Math.min(x.cutPositions.length, y.cutPositions.length);
  for (let i = 0; i < n; i++) {
    const p = x.cutPositions[i];
    const q = y.cutPositions[i];
    if (p === undefined || q === undefined) break;
    const d = compareCuts(p, q);
    if (d !== 0) return d;
  }
  if (x.cutPositions.length !== y.cutPositions.length) return x.cutPositions.length - y.cutPositions.length;
  return a.index - b.index;
}
