/**
 * How a mitred bar is drawn, on the PDF's saw sheets and in the playground alike (docs/angle-cuts.md,
 * "Drawings"). Lengths are to scale along the bar, on both faces. The height (the material's width) is to
 * scale when that is readable; else it is stretched (or squeezed) by a round factor the drawing prints, and
 * every slope follows the same stretch, so each corner and cut stays where it is along the bar. The true
 * angle is printed under each angled end, in a placement that never overlaps: small pieces and nested pairs
 * take further rows, and a label with no room left is dropped (the cut table and the tooltip keep it).
 * Pure: the caller measures text and owns the units (PDF points or CSS pixels).
 */

/** Round factors: 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 and 8 times a power of ten (next step at most × 1.34). */
const STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

/** The least round factor at or above `x` (x ≥ 1). */
function roundUp(x: number): number {
  let power = 10 ** Math.floor(Math.log10(x));
  for (;;) {
    for (const s of STEPS) {
      const f = Number((s * power).toPrecision(6));
      if (f >= x * (1 - 1e-12)) return f;
    }
    power *= 10;
  }
}

/** The drawn height of a bar and what the drawing must say about it. */
export interface BarHeight {
  /** Height as drawn, in the drawing's unit. */
  readonly height: number;
  /** Drawn height over the height to scale: 1 when to scale, above 1 when stretched, below when squeezed. */
  readonly factor: number;
  /** What the drawing prints about its height: `height × 8, not to scale`, or null when it is to scale. */
  readonly note: string | null;
}

/**
 * The height to draw a bar whose width is `toScale` high at the length scale: to scale when it lies
 * within `[min, max]`; else stretched by the least round factor that reaches `min`, or squeezed by the
 * least round divisor that brings it to `max` or less (so the drawn height stays within about
 * `[min, 1.34 · min]` or `[max / 1.34, max]`). `max` must be at least 1.34 · `min`.
 */
export function barHeight(toScale: number, min: number, max: number): BarHeight {
  if (!(toScale > 0) || !Number.isFinite(toScale)) return { height: min, factor: 1, note: null };
  if (toScale < min) {
    const f = roundUp(min / toScale);
    return { height: toScale * f, factor: f, note: `height × ${f}, not to scale` };
  }
  if (toScale > max) {
    const d = roundUp(toScale / max);
    return { height: toScale / d, factor: 1 / d, note: `height ÷ ${d}, not to scale` };
  }
  return { height: toScale, factor: 1, note: null };
}

/**
 * An angle as printed: the bottom angle in degrees as the request's convention gives it (10..170, the
 * interior angle between the bottom face and the cut), exact to a millionth of a degree: `45°`, `22.5°`.
 */
export function angleText(degrees: number): string {
  return `${Math.round(degrees * 1e6) / 1e6}°`;
}

/** One piece as drawn: its bottom face from `left` to `right` and the labels of its angled ends. */
export interface LabelledPiece {
  readonly left: number;
  readonly right: number;
  /** Label of the left end (null for a square end) and its width. */
  readonly leftText: string | null;
  readonly rightText: string | null;
}

/** An angle label placed: its piece and end, the text, its left edge and width, and its row (0 nearest the bar). */
export interface PlacedAngle {
  readonly piece: number;
  readonly end: 'left' | 'right';
  readonly text: string;
  readonly x: number;
  readonly width: number;
  readonly row: number;
  /** Where its cut meets the bottom face: the tick to the label's row is drawn there. */
  readonly at: number;
}

/** Room kept between a label and its cut, and between two labels of one row. */
export const LABEL_PAD = 1.5;
export const LABEL_GAP = 3;

/**
 * Places the angle labels under a bar (`pieces` left to right, in the drawing's unit, within
 * `[from, to]`). Each label lies on its piece's side of the cut that makes the end: a left end's label
 * starts just after the cut, a right end's ends just before it, so a shared cut reads `45° | 135°` across
 * its tick. Row 0: both labels of a piece under its own bottom face (then they can overlap nothing).
 * A piece too short for that puts its labels, in cut order, in the first of rows 1 … `rows − 1` where the
 * label overlaps no other and stays within `[from, to]`, on the same side of its cut; with no such row the
 * label is not drawn (returned nowhere).
 */
export function placeAngleLabels(
  pieces: readonly LabelledPiece[],
  measure: (text: string) => number,
  from: number,
  to: number,
  rows = 3,
): PlacedAngle[] {
  const placed: PlacedAngle[] = [];
  const spill: PlacedAngle[] = [];
  pieces.forEach((p, i) => {
    const ends: PlacedAngle[] = [];
    if (p.leftText !== null) {
      const width = measure(p.leftText);
      ends.push({
        piece: i,
        end: 'left',
        text: p.leftText,
        x: p.left + LABEL_PAD,
        width,
        row: 0,
        at: p.left,
      });
    }
    if (p.rightText !== null) {
      const width = measure(p.rightText);
      const x = p.right - LABEL_PAD - width;
      ends.push({ piece: i, end: 'right', text: p.rightText, x, width, row: 0, at: p.right });
    }
    const need = ends.reduce((s, e) => s + e.width, 0) + 2 * LABEL_PAD + (ends.length - 1) * LABEL_GAP;
    const inside = ends.every((e) => e.x >= from && e.x + e.width <= to);
    if (need <= p.right - p.left && inside) placed.push(...ends);
    else spill.push(...ends);
  });
  spill.sort((a, b) => a.at - b.at || (a.end === 'right' ? -1 : 1));
  // A spilled label's tick runs from the bar down to its row, so it may cross no label of a row above.
  const covers = (l: PlacedAngle, x: number): boolean => x > l.x - LABEL_PAD && x < l.x + l.width + LABEL_PAD;
  const below: PlacedAngle[] = [];
  for (const label of spill) {
    if (label.x < from || label.x + label.width > to) continue;
    for (let row = 1; row < rows; row++) {
      const fits = below.every((o) =>
        o.row === row
          ? label.x >= o.x + o.width + LABEL_GAP || o.x >= label.x + label.width + LABEL_GAP
          : o.row < row
            ? !covers(o, label.at)
            : !covers(label, o.at),
      );
      if (!fits) continue;
      const at = { ...label, row };
      below.push(at);
      placed.push(at);
      break;
    }
  }
  return placed.sort((a, b) => a.row - b.row || a.x - b.x);
}
