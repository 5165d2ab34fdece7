/**
 * Where each piece of a layout lies, read off its cut list as docs/angle-cuts.md ("Cut list of a bar")
 * writes it: with trim a square cut at 0 first and one at `L − K` last; per piece a cut for its left edge
 * when it is the first piece and its left end is angled, or when its left edge is not parallel to the
 * previous piece's right edge; then a cut for its right edge, except for the last piece's square right end
 * with no room after it. A right-edge cut's near edge lies on the piece's edge, so the piece's right tip is
 * the cut's long point. Square plans are the same rules with every end at 90°.
 */
import type { UsedComb } from '../../core/types.ts';

type Cut = number | readonly [number, number];

export interface PlacedPiece {
  /** Left and right tips, from the bar's zero end, within the bar. */
  readonly x0: number;
  readonly x1: number;
  /**
   * Each end's lean, the top face's position minus the bottom face's where the cut meets them (as in an
   * angled cut's `[top, bottom]`): 0 for a square end.
   */
  readonly left: number;
  readonly right: number;
}

export interface Placement {
  readonly pieces: readonly PlacedPiece[];
  /** Where usable length ends: the bar's length, or the far trim cut. */
  readonly end: number;
}

const longPoint = (c: Cut): number => (typeof c === 'number' ? c : Math.max(c[0], c[1]));
/** Top minus bottom of an angled cut: how far the top face lies beyond the bottom one. */
const lean = (c: Cut | undefined): number => (c === undefined || typeof c === 'number' ? 0 : c[0] - c[1]);

export function placePieces(comb: UsedComb): Placement {
  const length = comb.length;
  const cuts: Cut[] = [...comb.cutPositions];
  let end = length;
  if (cuts[0] === 0) {
    cuts.shift();
    const far = cuts.pop();
    if (typeof far === 'number') end = far;
  }
  const pieces: PlacedPiece[] = [];
  let k = 0;
  let previous: { angle: number; cut: Cut | undefined } | null = null;
  for (const part of comb.parts) {
    const leftAngle = part.leftAngle ?? 90;
    const rightAngle = part.rightAngle ?? 90;
    const shared = previous !== null && previous.angle + leftAngle === 180;
    // A shared cut makes both edges: the left one leans as the previous piece's right one.
    let leftLean = shared ? lean(previous?.cut) : 0;
    if (!shared && (previous !== null || leftAngle !== 90)) leftLean = lean(cuts[k++]);
    const rightCut = cuts[k++];
    const tip = rightCut === undefined ? end : longPoint(rightCut);
    const x1 = Math.min(Math.max(tip, 0), length);
    const x0 = Math.min(Math.max(tip - part.length, 0), x1);
    pieces.push({ x0, x1, left: leftLean, right: lean(rightCut) });
    previous = { angle: rightAngle, cut: rightCut };
  }
  return { pieces, end };
}

/**
 * Where a placed piece meets the bottom face, left and right: a tip when its end leans that way (long
 * point at the bottom), else the tip moved in by the lean.
 */
export function bottomFace(p: PlacedPiece): readonly [number, number] {
  return [p.x0 + Math.max(-p.left, 0), p.x1 - Math.max(p.right, 0)];
}
