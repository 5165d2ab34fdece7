/** One layout's bar drawn to scale: pieces, blade cuts, trims, the leftover, and running positions. */

import type { BarModel } from '../bar-model/index.ts';
import { drawAngleBar } from './angle-bar.ts';
import type { PageContext } from './context.ts';
import {
  BLADE,
  INK,
  KEEP_FILL,
  MUTED,
  type Op,
  PIECE_EDGE,
  PIECE_FILLS,
  type Rgb,
  WASTE_FILL,
} from './model.ts';
import type { Pen } from './pen.ts';

const BAR_H = 24;

/**
 * The bar to scale, top edge at `top`: pieces, blade cuts, leftover, and cut ticks below. An angle-mode
 * bar (angle-bar.ts) is drawn under `top` with its notes, angles and positions.
 */
export function drawBar(
  ctx: PageContext,
  bar: BarModel,
  layout: number,
  x0: number,
  top: number,
  ppu: number,
): Op[] {
  const { pen, fmt, frame } = ctx;
  if (bar.angle) return drawAngleBar(ctx, bar.angle, bar.pieces, bar.length, bar.keep, layout, x0, top, ppu);
  const x = (u: number): number => x0 + u * ppu;
  const bottom = top - BAR_H;
  const ops: Op[] = [];
  const labels: Op[] = [];
  for (const span of bar.spans) {
    const left = x(span.from);
    const w = (span.to - span.from) * ppu;
    if (span.kind === 'piece') {
      const fill = PIECE_FILLS[((span.piece ?? 1) - 1) % 2] ?? null;
      ops.push({
        kind: 'rect',
        x: left,
        y: bottom,
        w,
        h: BAR_H,
        fill,
        stroke: PIECE_EDGE,
        lineWidth: 0.5,
        role: 'piece',
        layout,
      });
      const piece = bar.pieces[(span.piece ?? 1) - 1];
      if (piece)
        labels.push(
          ...insideLabel(pen, left, w, top, piece.label, fmt.len(piece.length), String(span.piece)),
        );
    } else if (span.kind === 'leftover') {
      const fill = bar.keep ? KEEP_FILL : WASTE_FILL;
      ops.push({
        kind: 'rect',
        x: left,
        y: bottom,
        w,
        h: BAR_H,
        fill,
        stroke: MUTED,
        lineWidth: 0.4,
        role: 'leftover',
        layout,
      });
      labels.push(
        ...insideLabel(pen, left, w, top, bar.keep ? 'remnant' : 'waste', fmt.len(span.to - span.from), ''),
      );
    } else {
      // Blade cuts are drawn at true width but never thinner than a visible hairline.
      const shown = Math.max(w, 0.6);
      ops.push({
        kind: 'rect',
        x: left + (w - shown) / 2,
        y: bottom,
        w: shown,
        h: BAR_H,
        fill: BLADE,
        stroke: null,
        lineWidth: 0,
        role: span.kind,
        layout,
      });
    }
  }
  ops.push({
    kind: 'rect',
    x: x0,
    y: bottom,
    w: bar.length * ppu,
    h: BAR_H,
    fill: null,
    stroke: INK,
    lineWidth: 0.8,
    role: 'bar',
    layout,
  });

  // Running positions under the bar, skipping any that would overlap the one before.
  let lastRight = -Infinity;
  const mark = (u: number, text: string, color: Rgb): void => {
    const cx = x(u);
    const w = pen.width(text, 6.5);
    const left = Math.min(Math.max(cx - w / 2, x0), frame.right - w);
    if (left < lastRight + 3) return;
    ops.push({
      kind: 'line',
      x1: cx,
      y1: bottom,
      x2: cx,
      y2: bottom - 4,
      width: 0.6,
      color,
      role: 'tickmark',
    });
    labels.push(pen.text(left, bottom - 12, text, { size: 6.5, color }));
    lastRight = left + w;
  };
  const cuts = bar.rows.flatMap((r) => (r.at === null ? [] : [typeof r.at === 'number' ? r.at : r.at[0]]));
  if (cuts[0] !== 0) mark(0, '0', MUTED);
  for (const c of cuts) mark(c, fmt.len(c), INK);
  const endW = pen.width(fmt.len(bar.length), 6.5);
  if (x(bar.length) - endW >= lastRight + 3) mark(bar.length, fmt.len(bar.length), MUTED);
  return [...ops, ...labels];
}

/** Label and length inside a span when they fit, else the length, else the piece number, else nothing. */
function insideLabel(
  pen: Pen,
  left: number,
  w: number,
  top: number,
  label: string,
  length: string,
  number: string,
): Op[] {
  const room = w - 4;
  const cx = left + w / 2;
  const lengthW = pen.width(length, 7.5);
  if (room >= lengthW) {
    const name = pen.fit(label, 7.5, 'bold', room);
    if (name.length >= 2 || name === label) {
      return [
        pen.text(cx, top - 10, name, { size: 7.5, weight: 'bold', align: 'center' }),
        pen.text(cx, top - 19.5, length, { size: 7.5, align: 'center' }),
      ];
    }
    return [pen.text(cx, top - 15, length, { size: 7.5, align: 'center' })];
  }
  if (number !== '' && room >= pen.width(number, 7))
    return [pen.text(cx, top - 15, number, { size: 7, align: 'center' })];
  return [];
}
