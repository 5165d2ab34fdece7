/**
 * One layout as the saw operator sees it: where each piece, kerf, trim and the leftover lie along the
 * bar, and what each saw cut does. Geometry follows docs/solver.md ("A bar and its waste"); the cut
 * positions printed are the solver's own `cutPositions`, never recomputed, so the sheet shows exactly
 * what the verifier checked.
 */

import type { CutPosition, OptimiseRequest, UsedComb } from '../types.ts';
import { type AngleBar, angleBarModel } from './angle-bar.ts';
import type { CutRow, PieceInfo } from './cut-row.ts';

export type { CutRow, PieceInfo } from './cut-row.ts';

export type SpanKind = 'trim' | 'piece' | 'kerf' | 'leftover';

/** A stretch of the bar, in the caller's unit from the zero end. */
export interface Span {
  readonly kind: SpanKind;
  readonly from: number;
  readonly to: number;
  /** 1-based position of the piece in the bar (pieces only). */
  readonly piece?: number;
}

export interface BarModel {
  readonly length: number;
  readonly pieces: readonly PieceInfo[];
  readonly spans: readonly Span[];
  readonly rows: readonly CutRow[];
  /** The leftover end and whether it is kept as a usable remnant. */
  readonly remnant: number;
  readonly keep: boolean;
  /** True when the rows name what each cut does; false when they only list positions. */
  readonly annotated: boolean;
  /** Angle mode: the pieces as trapezoids and the cut lines (docs/angle-cuts.md). */
  readonly angle?: AngleBar;
}

/** Where each piece starts, from the bar's zero end (a mitred piece: its bottom edge's near corner). */
export function pieceStarts(model: BarModel): number[] {
  return model.angle
    ? model.angle.pieces.map((p) => Math.min(p.xs[0], p.xs[3]))
    : model.spans.filter((s) => s.kind === 'piece').map((s) => s.from);
}

/** A printable name for a piece: its label, else `P3` for line 3 of the cut list. */
export function pieceLabel(request: OptimiseRequest, part: number, label: string | undefined): string {
  return label ?? request.parts[part]?.label ?? `P${part + 1}`;
}

/**
 * Works out the drawing and the cut table of one layout. Arithmetic is in the request's integer
 * scale so spans meet exactly; results are converted back to the caller's unit.
 */
export function barModel(request: OptimiseRequest, comb: UsedComb): BarModel {
  const s = request.scale;
  const toInt = (v: number): number => Math.round(v * s);
  const K = request.kerf;
  const T = request.trim && K > 0 ? K : 0;
  const L = toInt(comb.length);
  const pieces: PieceInfo[] =
    comb.parts.length > 0
      ? comb.parts.map((p) => ({ label: pieceLabel(request, p.part, p.label), length: p.length }))
      : comb.combination.map((length, i) => ({ label: `#${i + 1}`, length }));

  const spans: Span[] = [];
  if (T > 0) spans.push({ kind: 'trim', from: 0, to: T / s });
  let at = T;
  const ends: number[] = [];
  pieces.forEach((p, i) => {
    if (i > 0) {
      spans.push({ kind: 'kerf', from: at / s, to: (at + K) / s });
      at += K;
    }
    const end = at + toInt(p.length);
    spans.push({ kind: 'piece', from: at / s, to: end / s, piece: i + 1 });
    ends.push(end);
    at = end;
  });
  const free = Math.max(0, L - at - T);
  const endCut = Math.min(K, free);
  if (endCut > 0) spans.push({ kind: 'kerf', from: at / s, to: (at + endCut) / s });
  const remnantInt = free - endCut;
  if (remnantInt > 0) spans.push({ kind: 'leftover', from: (at + endCut) / s, to: (L - T) / s });
  if (T > 0) spans.push({ kind: 'trim', from: (L - T) / s, to: L / s });

  const remnant = remnantInt / s;
  const keep = remnantInt > 0 && remnantInt >= request.minRemnant;
  const leftoverNote = remnantInt === 0 ? 'no leftover' : `leftover ${keep ? 'kept as remnant' : 'is waste'}`;
  // Angle mode: the leftover is the plan's own (the square arithmetic above does not apply).
  const angleRemnant = comb.waste.remnant;
  const angleKeep = toInt(angleRemnant) > 0 && toInt(angleRemnant) >= request.minRemnant;
  const angleNote =
    toInt(angleRemnant) <= 0 ? 'no leftover' : `leftover ${angleKeep ? 'kept as remnant' : 'is waste'}`;
  const angled = angleBarModel(request, comb, pieces, angleNote);
  if (angled !== null) {
    const rows = angled.rows ?? plainRows(comb.cutPositions, pieces);
    return {
      length: comb.length,
      pieces,
      spans,
      rows,
      remnant: angleRemnant,
      keep: angleKeep,
      annotated: angled.rows !== null,
      angle: angled.angle,
    };
  }
  const expected = (T > 0 ? 2 : 0) + pieces.length - 1 + (free > 0 ? 1 : 0);
  const square = comb.cutPositions.every((c) => typeof c === 'number');
  const annotated = square && comb.cutPositions.length === expected;
  const rows = annotated
    ? annotatedRows(comb.cutPositions, pieces, T > 0, free > 0, leftoverNote)
    : plainRows(comb.cutPositions, pieces);
  return { length: comb.length, pieces, spans, rows, remnant, keep, annotated };
}

/** Cuts in order: zero-end trim, the end of each piece, the end cut, the far trim. */
function annotatedRows(
  positions: readonly CutPosition[],
  pieces: readonly PieceInfo[],
  trim: boolean,
  endCut: boolean,
  leftoverNote: string,
): CutRow[] {
  const rows: CutRow[] = [];
  let next = 0;
  const cut = (piece: number | null, note: string): void => {
    const p = pieces[(piece ?? 0) - 1];
    rows.push({
      cut: next + 1,
      at: positions[next] ?? null,
      piece,
      label: piece === null ? null : (p?.label ?? null),
      length: piece === null ? null : (p?.length ?? null),
      note,
    });
    next++;
  };
  if (trim) cut(null, 'trim the zero end');
  for (let i = 1; i < pieces.length; i++) cut(i, '');
  const last = pieces.length;
  const lastPiece = pieces[last - 1];
  if (endCut) cut(last, `end cut; ${leftoverNote}`);
  else
    rows.push({
      cut: null,
      at: null,
      piece: last,
      label: lastPiece?.label ?? null,
      length: lastPiece?.length ?? null,
      note: trim ? 'ends at the far trim' : 'ends at the bar end',
    });
  if (trim) cut(null, 'trim the far end');
  return rows;
}

/** Positions we cannot pair with pieces (angle mode): list cuts, then pieces in order. */
function plainRows(positions: readonly CutPosition[], pieces: readonly PieceInfo[]): CutRow[] {
  return [
    ...positions.map((at, i) => ({ cut: i + 1, at, piece: null, label: null, length: null, note: '' })),
    ...pieces.map((p, i) => ({
      cut: null,
      at: null,
      piece: i + 1,
      label: p.label,
      length: p.length,
      note: '',
    })),
  ];
}
