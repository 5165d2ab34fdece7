/**
 * Mitre geometry on the integer figures of the exactness rule (docs/angle-cuts.md): turning a piece over,
 * and the tightest placement of a sequence of pieces on a bar with its saw cuts and waste. The solver and
 * the response formatter use it; the verifier has its own (core/verify/angles.ts).
 */
import type { AxialSymmetry } from '../types.ts';
import { type EdgeFigures, edgeFigures, gapBetween, materialLength, sharesCut } from './exact.ts';

/** How a piece lies: as entered, or turned over about the length (X), width (Y) or thickness (Z) axis. */
export type Turn = 'none' | 'X' | 'Y' | 'Z';

/** The turns a material's axial symmetry allows, `none` first. */
export function turnsAllowed(symmetry: AxialSymmetry): readonly Turn[] {
  switch (symmetry) {
    case 'none':
      return ['none'];
    case 'XYZ':
      return ['none', 'X', 'Y', 'Z'];
    default:
      return ['none', symmetry];
  }
}

/** A piece's bottom angles (90 = square) after a turn: X (aL, aR) → (180−aL, 180−aR), Y → (aR, aL), Z → (180−aR, 180−aL). */
export function turned(turn: Turn, left: number, right: number): readonly [number, number] {
  switch (turn) {
    case 'none':
      return [left, right];
    case 'X':
      return [180 - left, 180 - right];
    case 'Y':
      return [right, left];
    case 'Z':
      return [180 - right, 180 - left];
  }
}

/** One piece as it lies on the bar. */
export interface LaidPiece {
  readonly length: number;
  readonly left: number;
  readonly right: number;
}

/** Integer figures of the angles of a job, memoised per angle. */
export class EdgeTable {
  readonly #cache = new Map<number, EdgeFigures>();
  readonly width: number;
  readonly kerf: number;
  constructor(width: number, kerf: number) {
    this.width = width;
    this.kerf = kerf;
  }
  of(angle: number): EdgeFigures {
    let f = this.#cache.get(angle);
    if (f === undefined) {
      f = edgeFigures(angle, this.width, this.kerf);
      this.#cache.set(angle, f);
    }
    return f;
  }
  gap(rightAngle: number, leftAngle: number): number {
    return gapBetween(this.of(rightAngle), this.of(leftAngle));
  }
  material(p: LaidPiece): number {
    return materialLength(p.length, this.of(p.left), this.of(p.right));
  }
}

/** A saw cut: a number for a square cut, `[top, bottom]` for an angled one (the blade's near edge). */
export type Cut = number | readonly [number, number];

/** What a cut makes: a trim, one piece's left or right end, or (shared) the right end of `piece` and the left end of the next. */
export interface CutRole {
  readonly kind: 'trim' | 'left' | 'right' | 'shared';
  /** 0-based piece (for `shared`, the one before the cut); −1 for a trim. */
  readonly piece: number;
}

export interface Placement {
  /** Left tip of each piece from the bar's zero end. */
  readonly tips: readonly number[];
  /** Right tip of the last piece (the trim kerf before the bar's far end is not included). */
  readonly end: number;
  readonly fits: boolean;
  readonly cuts: readonly Cut[];
  /** What each cut makes, in the order of `cuts`. */
  readonly roles: readonly CutRole[];
  /** Σ material lengths of the pieces. */
  readonly material: number;
  readonly total: number;
  readonly remnant: number;
  readonly saw: number;
}

/** The room a sequence takes from the bar's zero end: the last piece's right tip plus the far trim kerf. */
export function sequenceSpan(table: EdgeTable, pieces: readonly LaidPiece[], trimKerf: number): number {
  let at = trimKerf;
  pieces.forEach((p, i) => {
    const prev = pieces[i - 1];
    if (prev) at += table.gap(prev.right, p.left);
    at += p.length;
  });
  return at + trimKerf;
}

/**
 * The tightest placement of `pieces` (in order from the zero end) on a bar of `barLength`: the first
 * piece's left tip at the trim kerf, each next one the least gap after the one before; then every saw cut
 * (a shared cut once) and the waste split (docs/angle-cuts.md, "A bar").
 */
export function place(
  table: EdgeTable,
  barLength: number,
  pieces: readonly LaidPiece[],
  trim: boolean,
): Placement {
  const k = table.kerf;
  const t = trim && k > 0 ? k : 0;
  const tips: number[] = [];
  let at = t;
  pieces.forEach((p, i) => {
    const prev = pieces[i - 1];
    if (prev) at += table.gap(prev.right, p.left);
    tips.push(at);
    at += p.length;
  });
  const end = at;
  const free = barLength - t - end;
  const cuts: Cut[] = [];
  const roles: CutRole[] = [];
  if (t > 0) {
    cuts.push(0);
    roles.push({ kind: 'trim', piece: -1 });
  }
  pieces.forEach((p, i) => {
    const tip = tips[i] ?? 0;
    const prev = pieces[i - 1];
    const leftCut = prev === undefined ? p.left !== 90 : !sharesCut(prev.right, p.left);
    if (leftCut) {
      cuts.push(leftEdgeCut(table.of(p.left), tip));
      roles.push({ kind: 'left', piece: i });
    }
    const last = i === pieces.length - 1;
    const next = pieces[i + 1];
    if (!last || p.right !== 90 || free > 0) {
      cuts.push(rightEdgeCut(table.of(p.right), tip + p.length));
      roles.push({
        kind: next !== undefined && sharesCut(p.right, next.left) ? 'shared' : 'right',
        piece: i,
      });
    }
  });
  if (t > 0) {
    cuts.push(barLength - t);
    roles.push({ kind: 'trim', piece: -1 });
  }
  const lastPiece = pieces[pieces.length - 1];
  const endCut =
    lastPiece === undefined ? 0 : Math.max(0, Math.min(table.of(lastPiece.right).kerfAlong, free));
  const remnant = Math.max(0, free - endCut);
  let material = 0;
  for (const p of pieces) material += table.material(p);
  const total = barLength - material;
  return {
    tips,
    end,
    fits: pieces.length > 0 && free >= 0,
    cuts,
    roles,
    material,
    total,
    remnant,
    saw: total - remnant,
  };
}

/** The cut that makes a piece's right edge: the blade's near edge is the edge itself. */
function rightEdgeCut(f: EdgeFigures, tip: number): Cut {
  if (f.lean === 0) return tip;
  return f.lean > 0 ? [tip - f.reachNear, tip] : [tip, tip - f.reachNear];
}

/** A cut that makes only a piece's left edge: the blade lies before it, its near edge a kerf back. */
function leftEdgeCut(f: EdgeFigures, tip: number): Cut {
  if (f.lean === 0) return tip - f.kerfAlong;
  const long = tip - f.kerfAlong;
  const short = tip + f.reachNear - f.kerfAlong;
  return f.lean > 0 ? [short, long] : [long, short];
}
