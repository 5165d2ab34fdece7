/**
 * The document as data: every page is a list of drawing operations with absolute coordinates in PDF
 * points (origin bottom-left), computed before anything is drawn. Tests check this model (nothing off
 * the page, every piece and tick box present); `draw.ts` only turns it into content streams. Text is
 * measured by `pen.ts`, pages are filled by `flow.ts`.
 */
import type { Paper } from './paper.ts';

export type Rgb = readonly [number, number, number];
export type Weight = 'regular' | 'bold';

/** What a drawn shape stands for, so tests can count pieces and tick boxes. */
export type Role =
  | 'piece'
  | 'kerf'
  | 'trim'
  | 'leftover'
  | 'bar'
  | 'tickbox'
  | 'tickmark'
  | 'angle'
  | 'decor'
  | 'chrome';

/** Part of a text op drawn with one font, in visual (left-to-right) order. */
export interface TextRun {
  /** The font file (font-catalog.ts) that draws these characters. */
  readonly font: string;
  readonly text: string;
}

export interface TextOp {
  readonly kind: 'text';
  /** Left end of the baseline. */
  readonly x: number;
  readonly y: number;
  /** As written (logical order): what search and copy give back. */
  readonly text: string;
  /** As drawn: Arabic joined, right-to-left parts reordered, cut by font. */
  readonly runs: readonly TextRun[];
  readonly size: number;
  readonly weight: Weight;
  readonly color: Rgb;
  /** Measured advance width, so bounds are known without the font. */
  readonly width: number;
  readonly ascent: number;
  readonly descent: number;
  /** Invisible text (render mode 3): present for search, copy and screen readers, not printed. */
  readonly invisible: boolean;
  readonly role?: Role;
}

export interface RectOp {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly fill: Rgb | null;
  readonly stroke: Rgb | null;
  readonly lineWidth: number;
  readonly role: Role;
  /** 1-based layout number on the saw sheets (pieces, tick boxes). */
  readonly layout?: number;
}

export interface LineOp {
  readonly kind: 'line';
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly width: number;
  readonly color: Rgb;
  readonly role: Role;
}

/** A closed polygon (a mitred piece drawn as a trapezoid): `points` are x, y pairs. */
export interface PolyOp {
  readonly kind: 'poly';
  readonly points: readonly number[];
  readonly fill: Rgb | null;
  readonly stroke: Rgb | null;
  readonly lineWidth: number;
  readonly role: Role;
  readonly layout?: number;
}

export type Op = TextOp | RectOp | LineOp | PolyOp;

/** The printable area between the margins, header and footer. */
export interface Frame {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export interface PageModel {
  readonly ops: readonly Op[];
}

export interface DocumentModel {
  readonly paper: Paper;
  readonly frame: Frame;
  readonly pages: readonly PageModel[];
  readonly title: string;
}

/** Bounding box of an op: `[x0, y0, x1, y1]`. */
export function boundsOf(op: Op): readonly [number, number, number, number] {
  switch (op.kind) {
    case 'text':
      return [op.x, op.y - op.descent, op.x + op.width, op.y + op.ascent];
    case 'rect': {
      const half = op.stroke ? op.lineWidth / 2 : 0;
      return [op.x - half, op.y - half, op.x + op.w + half, op.y + op.h + half];
    }
    case 'poly': {
      const half = op.stroke ? op.lineWidth / 2 : 0;
      const xs = op.points.filter((_, i) => i % 2 === 0);
      const ys = op.points.filter((_, i) => i % 2 === 1);
      return [Math.min(...xs) - half, Math.min(...ys) - half, Math.max(...xs) + half, Math.max(...ys) + half];
    }
    case 'line': {
      // Butt caps: the stroke widens the line across its direction only.
      const len = Math.hypot(op.x2 - op.x1, op.y2 - op.y1) || 1;
      const hx = ((op.width / 2) * Math.abs(op.y2 - op.y1)) / len;
      const hy = ((op.width / 2) * Math.abs(op.x2 - op.x1)) / len;
      return [
        Math.min(op.x1, op.x2) - hx,
        Math.min(op.y1, op.y2) - hy,
        Math.max(op.x1, op.x2) + hx,
        Math.max(op.y1, op.y2) + hy,
      ];
    }
  }
}

/** Ink colours shared by all pages. */
export const INK: Rgb = [0.11, 0.12, 0.14];
export const MUTED: Rgb = [0.4, 0.42, 0.46];

/** The bar drawing's colours, square and angled alike: pieces alternate fills, then blade, remnant, waste. */
export const PIECE_FILLS: readonly Rgb[] = [
  [0.84, 0.9, 0.97],
  [0.93, 0.96, 0.99],
];
export const PIECE_EDGE: Rgb = [0.22, 0.33, 0.5];
export const BLADE: Rgb = [0.2, 0.2, 0.22];
export const KEEP_FILL: Rgb = [0.85, 0.94, 0.83];
export const WASTE_FILL: Rgb = [0.9, 0.9, 0.9];
