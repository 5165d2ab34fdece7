/**
 * A table for the PDF: column widths from the widest cell, one flexible column taking what is left, optional
 * totals.
 */
import type { Segment } from './flow.ts';
import { INK, MUTED, type Op, type Rgb, type Weight } from './model.ts';
import type { Pen } from './pen.ts';

export interface Column {
  readonly header: string;
  readonly align: 'left' | 'right';
  /** The one column that takes the spare width and truncates when short of it. */
  readonly flex?: boolean;
  readonly weight?: Weight;
}

export interface TableOptions {
  readonly x: number;
  readonly width: number;
  readonly size: number;
  readonly rowHeight: number;
  /** Segments a new page shows before the repeated header (a "continued" heading). */
  readonly repeat?: readonly Segment[];
  /** A bold closing row under a rule. */
  readonly totals?: readonly string[];
  /** Shade every other row, to guide the eye across wide rows. */
  readonly zebra?: boolean;
}

const PAD = 10;
const ZEBRA: Rgb = [0.95, 0.96, 0.97];
const RULE: Rgb = [0.72, 0.74, 0.78];

/** Column widths from the widest cell (header included); the flex column gets what is left. */
function widths(pen: Pen, columns: readonly Column[], rows: readonly (readonly string[])[], o: TableOptions) {
  const natural = columns.map((c, i) => {
    let w = pen.width(c.header, o.size - 0.5, 'bold');
    for (const row of rows) w = Math.max(w, pen.width(row[i] ?? '', o.size, c.weight ?? 'regular'));
    return o.totals ? Math.max(w, pen.width(o.totals[i] ?? '', o.size, 'bold')) : w;
  });
  const flexAt = Math.max(
    0,
    columns.findIndex((c) => c.flex),
  );
  const fixed = natural.reduce((sum, w, i) => (i === flexAt ? sum : sum + w), 0) + PAD * (columns.length - 1);
  const flexNatural = natural[flexAt] ?? 0;
  return natural.map((w, i) => (i === flexAt ? Math.max(30, Math.min(flexNatural, o.width - fixed)) : w));
}

/**
 * A table as segments: a header kept with the first row, then one segment per row, each able to start a
 * new page (which then repeats `repeat` and the header). Cells never overflow their column.
 */
export function table(
  pen: Pen,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  o: TableOptions,
): Segment[] {
  const w = widths(pen, columns, rows, o);
  const lefts: number[] = [];
  let x = o.x;
  for (const cw of w) {
    lefts.push(x);
    x += cw + PAD;
  }
  const baseline = (top: number): number => top - o.rowHeight + (o.rowHeight - o.size * 0.72) / 2;
  const cells = (top: number, values: readonly string[], weightOf: (c: Column) => Weight, size: number) =>
    columns.map((c, i) => {
      const left = lefts[i] ?? o.x;
      const cw = w[i] ?? 0;
      return pen.text(c.align === 'right' ? left + cw : left, baseline(top), values[i] ?? '', {
        size,
        weight: weightOf(c),
        color: INK,
        align: c.align,
        maxWidth: cw,
      });
    });
  const right = Math.min(o.x + o.width, x - PAD);
  const header: Segment = {
    height: o.rowHeight + 2,
    keepWithNext: true,
    draw: (top) => [
      ...columns.map((c, i) =>
        pen.text(
          c.align === 'right' ? (lefts[i] ?? 0) + (w[i] ?? 0) : (lefts[i] ?? 0),
          baseline(top),
          c.header,
          { size: o.size - 0.5, weight: 'bold', color: MUTED, align: c.align, maxWidth: w[i] ?? 0 },
        ),
      ),
      hline(o.x, right, top - o.rowHeight - 0.5, 0.6),
    ],
  };
  const repeat = [...(o.repeat ?? []), header];
  // Widow and orphan control: never one row alone at the foot or head of a page.
  const keep = (r: number): boolean => rows.length >= 3 && (r === 0 || r === rows.length - 2);
  const body: Segment[] = rows.map((row, r) => ({
    height: o.rowHeight,
    keepWithNext: keep(r) || (o.totals !== undefined && r === rows.length - 1),
    repeat,
    draw: (top): Op[] => [
      ...(o.zebra && r % 2 === 1 ? [shade(o.x, top - o.rowHeight, right - o.x, o.rowHeight)] : []),
      ...cells(top, row, (c) => c.weight ?? 'regular', o.size),
    ],
  }));
  const totals: Segment[] = o.totals
    ? [
        {
          height: o.rowHeight + 2,
          repeat,
          draw: (top) => [
            hline(o.x, right, top - 1, 0.6),
            ...cells(top - 2, o.totals ?? [], () => 'bold', o.size),
          ],
        },
      ]
    : [];
  return [header, ...body, ...totals];
}

function hline(x1: number, x2: number, y: number, width: number): Op {
  return { kind: 'line', x1, y1: y, x2, y2: y, width, color: RULE, role: 'decor' };
}

function shade(x: number, y: number, w: number, h: number): Op {
  return { kind: 'rect', x, y, w, h, fill: ZEBRA, stroke: null, lineWidth: 0, role: 'decor' };
}
