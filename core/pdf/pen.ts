/** Measured text: every text op is built here, with its width known before drawing. */
import { INK, type Rgb, type Role, type TextOp, type TextRun, type Weight } from './model.ts';

/** Text measurement, supplied by the font layer (real Inter metrics in production and in tests). */
export interface TextMetrics {
  width(text: string, size: number, weight: Weight): number;
  /** Height above the baseline at `size`. */
  ascent(size: number): number;
  /** Depth below the baseline at `size` (positive). */
  descent(size: number): number;
  /** `text` with every character the fonts cannot draw replaced (see fonts.ts). */
  printable(text: string): string;
  /** Printable `text` as drawn: in visual order, cut into runs of one font each. */
  runs(text: string, weight: Weight): readonly TextRun[];
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

/** Makes measured text ops; all user text goes through `printable` here, once. */
export class Pen {
  private readonly metrics: TextMetrics;

  constructor(metrics: TextMetrics) {
    this.metrics = metrics;
  }

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
      runs: this.metrics.runs(shown, weight),
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
