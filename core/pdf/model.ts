/**
 * The document as data: every page is a list of drawing operations with absolute coordinates in PDF
 * points (origin bottom-left), computed before anything is drawn. Tests check this model (nothing off
 * the page, every piece and tick box present); `draw.ts` only turns it into content streams.
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
  | 'decor'
  | 'chrome';

export interface TextOp {
  readonly kind: 'text';
  /** Left end of the baseline. */
  readonly x: number;
  readonly y: number;
  readonly text: string;
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

export type Op = TextOp | RectOp | LineOp;

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

/** Text measurement, supplied by the font layer (real Inter metrics in production and in tests). */
export interface TextMetrics {
  width(text: string, size: number, weight: Weight): number;
  /** Height above the baseline at `size`. */
  ascent(size: number): number;
  /** Depth below the baseline at `size` (positive). */
  descent(size: number): number;
  /** `text` with every character the font cannot draw replaced (see fonts.ts). */
  printable(text: string): string;
}

export interface TextStyle {
  readonly size: number;
  readonly weight?: Weight;
  readonly color?: Rgb;
  readonly align?: 'left' | 'right' | 'center';
  /** Truncate with an ellipsis beyond this width. */
  readonly maxWidth?: number;
  readonly invisible?: boolean;
  readonly role?: Role;
}

export const INK: Rgb = [0.11, 0.12, 0.14];
export const MUTED: Rgb = [0.4, 0.42, 0.46];

/** Makes measured text ops; all user text goes through `printable` here, once. */
export class Pen {
  constructor(private readonly metrics: TextMetrics) {}

  width(text: string, size: number, weight: Weight = 'regular'): number {
    return this.metrics.width(this.metrics.printable(text), size, weight);
  }

  /** `text` cut to fit `maxWidth`, ending in an ellipsis when cut. */
  fit(text: string, size: number, weight: Weight, maxWidth: number): string {
    const clean = this.metrics.printable(text);
    if (this.metrics.width(clean, size, weight) <= maxWidth) return clean;
    const chars = Array.from(clean);
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const candidate = `${chars.slice(0, mid).join('').trimEnd()}…`;
      if (this.metrics.width(candidate, size, weight) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    return lo === 0 ? '' : `${chars.slice(0, lo).join('').trimEnd()}…`;
  }

  /** Greedy word wrap into lines no wider than `maxWidth` (overlong words are cut). */
  wrap(text: string, size: number, weight: Weight, maxWidth: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.metrics
      .printable(text)
      .split(/\s+/)
      .filter((w) => w !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (this.metrics.width(candidate, size, weight) <= maxWidth) line = candidate;
      else {
        if (line !== '') lines.push(line);
        line = this.fit(word, size, weight, maxWidth);
      }
    }
    if (line !== '') lines.push(line);
    return lines;
  }

  /** A text op at baseline `y`; `x` is the left, right or centre point per `align`. */
  text(x: number, y: number, text: string, style: TextStyle): TextOp {
    const weight = style.weight ?? 'regular';
    const shown =
      style.maxWidth === undefined
        ? this.metrics.printable(text)
        : this.fit(text, style.size, weight, style.maxWidth);
    const width = this.metrics.width(shown, style.size, weight);
    const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    return {
      kind: 'text',
      x: left,
      y,
      text: shown,
      size: style.size,
      weight,
      color: style.color ?? INK,
      width,
      ascent: this.metrics.ascent(style.size),
      descent: this.metrics.descent(style.size),
      invisible: style.invisible ?? false,
      ...(style.role === undefined ? {} : { role: style.role }),
    };
  }
}

/**
 * A slice of content that is never split across pages. `keepWithNext` glues it to the following
 * segment (headings); `repeat` is what a new page repeats before it when a block breaks just here
 * (a "continued" heading and the table header).
 */
export interface Segment {
  readonly height: number;
  readonly keepWithNext?: boolean;
  readonly repeat?: readonly Segment[];
  /** Ops for this segment with its top edge at `top`. */
  draw(top: number): readonly Op[];
}

/** Pages filled top to bottom with segments; blocks move to a new page rather than split, when they can. */
export class Flow {
  readonly pages: Op[][] = [[]];
  private y: number;

  constructor(readonly frame: Frame) {
    this.y = frame.top;
  }

  get bodyHeight(): number {
    return this.frame.top - this.frame.bottom;
  }

  private get remaining(): number {
    return this.y - this.frame.bottom;
  }

  private get atTop(): boolean {
    return this.y === this.frame.top;
  }

  /** Starts a new page, unless nothing has been placed on the current one yet. */
  newPage(): void {
    if (this.atTop) return;
    this.pages.push([]);
    this.y = this.frame.top;
  }

  /** Vertical space, dropped at the top of a page. */
  gap(height: number): void {
    if (!this.atTop) this.y = Math.max(this.frame.bottom, this.y - height);
  }

  private put(segment: Segment): void {
    const page = this.pages[this.pages.length - 1];
    page?.push(...segment.draw(this.y));
    this.y -= segment.height;
  }

  /**
   * Places a block: whole on this page if it fits, else whole on the next; a block taller than a page
   * breaks between segments, keeping `keepWithNext` chains together and repeating headers.
   */
  place(block: readonly Segment[]): void {
    const total = block.reduce((sum, s) => sum + s.height, 0);
    if (total > this.remaining && total <= this.bodyHeight) this.newPage();
    if (total <= this.remaining) {
      for (const s of block) this.put(s);
      return;
    }
    let i = 0;
    while (i < block.length) {
      let j = i;
      while (j < block.length - 1 && block[j]?.keepWithNext) j++;
      const group = block.slice(i, j + 1);
      const height = group.reduce((sum, s) => sum + s.height, 0);
      if (height > this.remaining && !this.atTop) {
        this.newPage();
        if (i > 0) for (const r of group[0]?.repeat ?? []) this.put(r);
      }
      for (const s of group) this.put(s);
      i = j + 1;
    }
  }
}
