/**
 * The model of a mitred bar (docs/angle-cuts.md): each piece along the bar as the trapezoid its cuts
 * make, with its turn and bottom angles as placed, each saw cut's line and whether it makes two edges, and
 * a cut table that says what each cut makes. Positions are the solver's own `cutPositions`; the mitre
 * geometry (`core/mitre/`) only says which piece edges each cut makes and where they lie.
 */
import { angleText, EdgeTable, type LaidPiece, place } from '../mitre/index.ts';
import type { OptimiseRequest, UsedComb } from '../types.ts';
import type { CutRow, PieceInfo } from './cut-row.ts';

/** The drawing of one angle-mode bar, in the caller's unit along the bar and 0 … 1 across it. */
export interface AngleBar {
  /** Each piece's corners (bottom left, bottom right, top right, top left) and its turn. */
  readonly pieces: readonly {
    readonly xs: readonly [number, number, number, number];
    readonly turn: string;
    /** Bottom angles as placed (after the turn), null for a square end. */
    readonly left: number | null;
    readonly right: number | null;
  }[];
  /** The material's width (`angleCuts.width`): the bar's height to scale. */
  readonly width: number;
  /** Each saw cut's line: where it meets the bottom and the top face, and whether it makes two edges. */
  readonly cuts: readonly { readonly bottom: number; readonly top: number; readonly shared: boolean }[];
  readonly trim: number;
  readonly leftover: { readonly from: number; readonly to: number } | null;
}

/** The angle drawing and annotated cut rows of a layout, or null when it is not an angle-mode layout. */
export function angleBarModel(
  request: OptimiseRequest,
  comb: UsedComb,
  pieces: readonly PieceInfo[],
  leftoverNote: string,
): { angle: AngleBar; rows: CutRow[] | null } | null {
  const cuts = request.angleCuts;
  if (cuts === null || comb.parts.some((p) => p.orientation === undefined)) return null;
  const s = request.scale;
  const int = (v: number): number => Math.round(v * s);
  const table = new EdgeTable(cuts.width, request.kerf);
  const laid: LaidPiece[] = comb.parts.map((p) => ({
    length: int(p.length),
    left: p.leftAngle ?? 90,
    right: p.rightAngle ?? 90,
  }));
  const length = int(comb.length);
  const fig = place(table, length, laid, request.trim);
  const shapes = laid.map((p, i) => {
    const tip = fig.tips[i] ?? 0;
    const l = table.of(p.left);
    const r = table.of(p.right);
    const bl = tip + (l.lean < 0 ? l.reachNear : 0);
    const tl = tip + (l.lean > 0 ? l.reachNear : 0);
    const br = tip + p.length - (r.lean < 0 ? r.reachNear : 0);
    const tr = tip + p.length - (r.lean > 0 ? r.reachNear : 0);
    return {
      xs: [bl / s, br / s, tr / s, tl / s] as [number, number, number, number],
      turn: comb.parts[i]?.orientation ?? 'none',
      left: p.left === 90 ? null : p.left,
      right: p.right === 90 ? null : p.right,
    };
  });
  const lines = comb.cutPositions.map((c, i) => ({
    bottom: typeof c === 'number' ? c : c[1],
    top: typeof c === 'number' ? c : c[0],
    shared: fig.roles[i]?.kind === 'shared',
  }));
  const t = request.trim && request.kerf > 0 ? request.kerf : 0;
  const remnant = int(comb.waste.remnant);
  const leftover = remnant > 0 ? { from: (length - t - remnant) / s, to: (length - t) / s } : null;
  const angle: AngleBar = { pieces: shapes, cuts: lines, trim: t / s, leftover, width: cuts.width / s };
  if (fig.roles.length !== comb.cutPositions.length) return { angle, rows: null };
  const last = laid.length - 1;
  const rows: CutRow[] = fig.roles.map((role, i) => {
    const at = comb.cutPositions[i] ?? null;
    if (role.kind === 'trim')
      return {
        cut: i + 1,
        at,
        piece: null,
        label: null,
        length: null,
        note: i === 0 ? 'trim the zero end' : 'trim the far end',
        angle: null,
      };
    const p = pieces[role.piece];
    const n = role.piece + 1;
    const here = laid[role.piece];
    const next = laid[role.piece + 1];
    const angle =
      here === undefined
        ? null
        : role.kind === 'left'
          ? angleText(here.left)
          : role.kind === 'right'
            ? angleText(here.right)
            : `${angleText(here.right)} | ${angleText(next?.left ?? 90)}`;
    const note =
      role.kind === 'shared'
        ? `shared cut: ${n} | ${n + 1}`
        : role.kind === 'left'
          ? `left end of ${n}${role.piece > 0 || t > 0 ? '; wedge before it is waste' : ''}`
          : role.piece === last
            ? `right end of ${n}; ${leftoverNote}`
            : `right end of ${n}; wedge after it is waste`;
    return { cut: i + 1, at, piece: n, label: p?.label ?? null, length: p?.length ?? null, note, angle };
  });
  return { angle, rows };
}
