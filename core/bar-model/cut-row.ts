/** The rows of a layout's cut table and the pieces they name (shared by square and angle bars). */
import type { CutPosition } from '../types.ts';

/** One line of the cut table: a saw cut, or a piece that needs no cut of its own. */
export interface CutRow {
  /** 1-based cut number, null for a piece freed by the bar end. */
  readonly cut: number | null;
  readonly at: CutPosition | null;
  /** 1-based piece the cut frees (the piece just before the blade). */
  readonly piece: number | null;
  readonly label: string | null;
  readonly length: number | null;
  readonly note: string;
  /** Angle mode: the bottom angle(s) the cut makes, as placed (`45°`, `45° | 135°` for a shared cut). */
  readonly angle?: string | null;
}

export interface PieceInfo {
  readonly label: string;
  readonly length: number;
}
