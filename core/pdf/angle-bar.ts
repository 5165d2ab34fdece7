/**
 * Angle mode on the saw sheets (docs/angle-cuts.md): draws a mitred bar's model (`core/bar-model/`)
 * to scale, each piece as its trapezoid, turned pieces marked with their turn, shared cuts in their own
 * colour, each angled end's bottom angle under the bar. It draws what the model holds and derives no
 * geometry of its own.
 */
import type { AngleBar, PieceInfo } from '../bar-model/index.ts';
import { angleText, barHeight, placeAngleLabels } from '../mitre/index.ts';
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

const TURNED_FILL: Rgb = [0.99, 0.92, 0.8];
const SHARED: Rgb = [0.8, 0.25, 0.1];

/** The drawn bar's least and greatest height (pt): two lines of 7.5 pt labels fit from 26 pt up. */
export const MIN_BAR_H = 26;
export const MAX_BAR_H = 60;
const ANGLE_SIZE = 6;
const ANGLE_ROW = 8;
const ANGLE_ROWS = 3;

/**
 * Draws the bar under `top` (lengths to scale at `ppu`, the height to scale or by the round factor of
 * `barHeight`, noted above the bar when not to scale), each piece as its trapezoid; turned pieces filled
 * amber and labelled with their turn; shared cuts drawn red; each angled end's bottom angle printed under
 * the bar on its piece's side of the cut (`placeAngleLabels`); the cuts' bottom positions below those.
 */
export function drawAngleBar(
  ctx: PageContext,
  angle: AngleBar,
  pieces: readonly PieceInfo[],
  length: number,
  keep: boolean,
  layout: number,
  x0: number,
  top: number,
  ppu: number,
): Op[] {
  const { pen, fmt } = ctx;
  const x = (u: number): number => x0 + u * ppu;
  const { height, note } = barHeight(angle.width * ppu, MIN_BAR_H, MAX_BAR_H);
  const ops: Op[] = [];
  const labels: Op[] = [];
  if (note !== null) labels.push(pen.text(x0, top - 7, note, { size: 6.5, color: MUTED }));
  const barTop = top - (note === null ? 0 : 9) - 8;
  const bottom = barTop - height;
  const rect = (from: number, to: number, fill: Rgb, role: 'trim' | 'leftover'): void => {
    ops.push({
      kind: 'rect',
      x: x(from),
      y: bottom,
      w: (to - from) * ppu,
      h: height,
      fill,
      stroke: null,
      lineWidth: 0,
      role,
      layout,
    });
  };
  if (angle.trim > 0) {
    rect(0, angle.trim, BLADE, 'trim');
    rect(length - angle.trim, length, BLADE, 'trim');
  }
  if (angle.leftover) rect(angle.leftover.from, angle.leftover.to, keep ? KEEP_FILL : WASTE_FILL, 'leftover');
  angle.pieces.forEach((p, i) => {
    const [bl, br, tr, tl] = p.xs;
    const turned = p.turn !== 'none';
    ops.push({
      kind: 'poly',
      points: [x(bl), bottom, x(br), bottom, x(tr), barTop, x(tl), barTop],
      fill: turned ? TURNED_FILL : (PIECE_FILLS[i % 2] ?? null),
      stroke: PIECE_EDGE,
      lineWidth: 0.5,
      role: 'piece',
      layout,
    });
    const piece = pieces[i];
    const w = (Math.min(br, tr) - Math.max(bl, tl)) * ppu - 4;
    const cx = x((bl + br + tr + tl) / 4);
    const mid = barTop - height / 2;
    const name = piece?.label ?? '';
    const len = piece ? fmt.len(piece.length) : '';
    // The turn, above the piece: a turned piece goes on the saw the other way up or round.
    if (turned)
      labels.push(
        pen.text(cx, barTop + 2, `turned ${p.turn}`, { size: 5.5, color: [0.6, 0.35, 0], align: 'center' }),
      );
    if (w >= pen.width(len, 7.5)) {
      labels.push(
        pen.text(cx, mid + 1, pen.fit(name, 7.5, 'bold', w), { size: 7.5, weight: 'bold', align: 'center' }),
      );
      labels.push(pen.text(cx, mid - 8.5, len, { size: 7.5, align: 'center' }));
    } else if (w >= pen.width(String(i + 1), 7)) {
      labels.push(
        pen.text(cx, mid - 3, turned ? `${i + 1}${p.turn}` : String(i + 1), { size: 7, align: 'center' }),
      );
    }
  });
  for (const c of angle.cuts) {
    ops.push({
      kind: 'line',
      x1: x(Math.min(Math.max(c.bottom, 0), length)),
      y1: bottom,
      x2: x(Math.min(Math.max(c.top, 0), length)),
      y2: barTop,
      width: c.shared ? 1.4 : 0.7,
      color: c.shared ? SHARED : BLADE,
      role: 'kerf',
    });
  }
  ops.push({
    kind: 'rect',
    x: x0,
    y: bottom,
    w: length * ppu,
    h: height,
    fill: null,
    stroke: INK,
    lineWidth: 0.8,
    role: 'bar',
    layout,
  });
  // Each angled end's bottom angle, under the bar on its piece's side of the cut.
  const placed = placeAngleLabels(
    angle.pieces.map((p) => ({
      left: x(p.xs[0]),
      right: x(p.xs[1]),
      leftText: p.left === null ? null : angleText(p.left),
      rightText: p.right === null ? null : angleText(p.right),
    })),
    (t) => pen.width(t, ANGLE_SIZE),
    x0,
    x(length),
    ANGLE_ROWS,
  );
  const rowBase = (row: number): number => bottom - 8 - row * ANGLE_ROW;
  for (const a of placed) {
    labels.push(pen.text(a.x, rowBase(a.row), a.text, { size: ANGLE_SIZE, role: 'angle' }));
    // A label off its piece's own row hangs from its corner on a leader.
    if (a.row > 0)
      ops.push({
        kind: 'line',
        x1: a.at,
        y1: bottom,
        x2: a.at,
        y2: rowBase(a.row) - 1.5,
        width: 0.4,
        color: MUTED,
        role: 'tickmark',
      });
  }
  const rows = placed.reduce((m, a) => Math.max(m, a.row + 1), 0);
  // Bottom positions under the angles, skipping any that would overlap the one before.
  const posBase = bottom - 10 - rows * ANGLE_ROW;
  let lastRight = Number.NEGATIVE_INFINITY;
  for (const c of angle.cuts) {
    const text = fmt.len(c.bottom);
    const w = pen.width(text, 6.5);
    const cx = x(Math.min(Math.max(c.bottom, 0), length));
    const left = Math.min(Math.max(cx - w / 2, x0), x(length) - w);
    // An angled cut's tick runs through the first row of angles, between the two ends it parts.
    const angled = c.top !== c.bottom;
    ops.push({
      kind: 'line',
      x1: cx,
      y1: bottom,
      x2: cx,
      y2: bottom - (angled && rows > 0 ? 9 : 3),
      width: angled ? 0.5 : 0.6,
      color: c.shared ? SHARED : INK,
      role: 'tickmark',
    });
    if (left < lastRight + 3) continue;
    labels.push(pen.text(left, posBase, text, { size: 6.5, color: MUTED }));
    lastRight = left + w;
  }
  return [...ops, ...labels];
}
