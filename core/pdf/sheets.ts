/**
 * The saw-operator sheets: one block per layout, in saw order, each a placed bar of core/bar-model/ (the model the labels and the saw list read), each with a heading, a tick
 * box per physical bar, the bar drawn to scale and the table of running cut positions.
 */

import { type BarModel, placedBars } from '../bar-model/index.ts';
import { barHeight } from '../mitre/index.ts';
import type { CutPosition, OptimiseResponse } from '../types.ts';
import { MAX_BAR_H, MIN_BAR_H } from './angle-bar.ts';
import { drawBar } from './bar-drawing.ts';
import type { PageContext } from './context.ts';
import type { Flow, Segment } from './flow.ts';
import { plural } from './format.ts';
import { boundsOf, MUTED, type Op, type Rgb } from './model.ts';
import { table } from './table.ts';

const BOX_EDGE: Rgb = [0.15, 0.15, 0.18];

const BOX = 9;
const BOX_PITCH = 13;
const GROUP_GAP = 5;
const BOX_ROW = 14;

/** Adds the saw sheets, starting on a new page. */
export function sawSheets(ctx: PageContext, flow: Flow): void {
  const { frame, pen } = ctx;
  const width = frame.right - frame.left;
  const layouts = placedBars(ctx.request, ctx.response);
  const longest = Math.max(1e-9, ...layouts.map((l) => l.combination.usedComb.length));
  // The bar outline is stroked 0.8 pt wide: inset half of it so the longest bar stays inside the frame.
  const ptPerUnit = (width - 0.8) / longest;

  flow.newPage();
  const legend = pen.wrap(
    'Saw at is the distance from the zero end of the bar (the left end in the drawings) to the near edge ' +
      'of the blade, kerf included. Layouts are ordered so that each one keeps as many saw stops of the ' +
      `one before as possible. Tick one box per bar cut. Drawings are to scale (${ctx.fmt.lenU(longest)} = ` +
      'full width).' +
      (ctx.request.angleCuts === null ? '' : angleLegend(ctx, ptPerUnit)),
    8.5,
    'regular',
    width,
  );
  flow.place([
    {
      height: 22,
      keepWithNext: true,
      draw: (top) => [pen.text(frame.left, top - 15, 'Saw sheets', { size: 14, weight: 'bold' })],
    },
    {
      height: legend.length * 11 + 6,
      draw: (top) =>
        legend.map((line, i) => pen.text(frame.left, top - 9 - i * 11, line, { size: 8.5, color: MUTED })),
    },
  ]);

  for (const bar of layouts) {
    flow.gap(14);
    flow.place(
      layoutBlock(
        ctx,
        bar.layout,
        layouts.length,
        bar.combination.count,
        bar.model,
        bar.combination.usedComb,
        ptPerUnit,
      ),
    );
  }
}

function layoutBlock(
  ctx: PageContext,
  number: number,
  of: number,
  count: number,
  bar: BarModel,
  comb: OptimiseResponse['plan']['combinations'][number]['usedComb'],
  ptPerUnit: number,
): Segment[] {
  const { pen, fmt, frame } = ctx;
  const x0 = frame.left;
  const right = frame.right;
  const source = `${comb.source === 'stock' ? 'Stock bar' : 'Owned offcut'} ${fmt.lenU(comb.length)}`;
  const what = [
    source,
    ...(comb.material ? [comb.material] : []),
    `cut ${plural(count, 'bar')}`,
    // Bundle method: the bars come as full bundles (one setup each) and single bars.
    ...(comb.bundleBars ? [bundleText(ctx, comb, count)] : []),
  ].join(' · ');
  const leftover =
    bar.remnant <= 0
      ? 'No leftover'
      : bar.keep
        ? `Leftover ${fmt.lenU(bar.remnant)}: keep`
        : `Leftover ${fmt.lenU(bar.remnant)}: waste`;

  const heading = (continued: boolean): Segment => ({
    height: 18,
    keepWithNext: true,
    draw: (top) => {
      const title = pen.text(x0, top - 13, `Layout ${number} of ${of}${continued ? ' (continued)' : ''}`, {
        size: 11,
        weight: 'bold',
      });
      const note = pen.text(right, top - 13, leftover, { size: 8.5, color: MUTED, align: 'right' });
      const start = title.x + title.width + 8;
      return [
        title,
        pen.text(start, top - 13, what, { size: 9.5, maxWidth: Math.max(0, note.x - 8 - start) }),
        note,
      ];
    },
  });
  const cont = [heading(true)];

  // Tick boxes in groups of five, so a count can be read at a glance.
  const label = 'Tick a box per bar:';
  const labelW = pen.width(label, 8) + 8;
  const perRow = Math.max(5, Math.floor((right - x0 - labelW + GROUP_GAP) / (5 * BOX_PITCH + GROUP_GAP)) * 5);
  const boxRows: Segment[] = [];
  for (let first = 0; first < count; first += perRow) {
    const n = Math.min(perRow, count - first);
    boxRows.push({
      height: BOX_ROW,
      repeat: cont,
      draw: (top) => {
        // Later rows say which bars they count, so a long run of boxes stays easy to follow.
        const rowLabel = first === 0 ? label : `${first + 1}–${first + n}`;
        const ops: Op[] = [pen.text(x0, top - 10, rowLabel, { size: 8, color: MUTED })];
        for (let k = 0; k < n; k++) {
          const x = x0 + labelW + k * BOX_PITCH + Math.floor(k / 5) * GROUP_GAP;
          const y = top - 11.5;
          ops.push({
            kind: 'rect',
            x,
            y,
            w: BOX,
            h: BOX,
            fill: null,
            stroke: BOX_EDGE,
            lineWidth: 0.8,
            role: 'tickbox',
            layout: number,
          });
          // An invisible "[ ]" on each box: counted by text extraction, read out by screen readers.
          ops.push(pen.text(x, y + 1.5, '[ ]', { size: 6, invisible: true, role: 'tickbox' }));
        }
        return ops;
      },
    });
  }

  // An angle bar's height and rows of angles depend on the job: drawn once at 0 to measure its depth.
  const depth = bar.angle
    ? -Math.min(...drawBar(ctx, bar, number, x0 + 0.4, 0, ptPerUnit).map((op) => boundsOf(op)[1]))
    : 0;
  const barSegment: Segment = bar.angle
    ? {
        height: Math.ceil(depth) + 6,
        keepWithNext: true,
        repeat: cont,
        draw: (top) => drawBar(ctx, bar, number, x0 + 0.4, top, ptPerUnit),
      }
    : {
        height: 52,
        keepWithNext: true,
        repeat: cont,
        draw: (top) => drawBar(ctx, bar, number, x0 + 0.4, top - 6, ptPerUnit),
      };

  const atText = (at: CutPosition | null): string =>
    at === null ? '–' : typeof at === 'number' ? fmt.len(at) : `${fmt.len(at[0])} / ${fmt.len(at[1])}`;
  const rows = bar.rows.map((r) => [
    r.cut === null ? '–' : String(r.cut),
    atText(r.at),
    r.piece === null ? '' : String(r.piece),
    r.label ?? '',
    r.length === null ? '' : fmt.len(r.length),
    ...(bar.angle ? [r.angle ?? ''] : []),
    r.note,
  ]);
  const angled = bar.rows.some((r) => r.at !== null && typeof r.at !== 'number');
  const cutTable = table(
    pen,
    [
      { header: 'Cut', align: 'right' },
      { header: `Saw at (${fmt.unit})${angled ? ' top / bottom' : ''}`, align: 'right', weight: 'bold' },
      { header: 'Piece', align: 'right' },
      { header: 'Label', align: 'left', flex: true },
      { header: `Length (${fmt.unit})`, align: 'right' },
      ...(bar.angle ? [{ header: 'Angle', align: 'right' } as const] : []),
      { header: 'Note', align: 'left' },
    ],
    rows,
    { x: x0, width: right - x0, size: 9, rowHeight: 12.5, repeat: cont, zebra: true },
  );
  return [heading(false), ...boxRows, barSegment, ...cutTable];
}

/** "2 full bundles of 6 + 1 single bar" for a layout of the bundle method. */
function bundleText(
  ctx: PageContext,
  comb: OptimiseResponse['plan']['combinations'][number]['usedComb'],
  count: number,
): string {
  const bundled = comb.bundleBars ?? 0;
  const size = ctx.request.stocks[comb.sourceIndex]?.bundleSize ?? bundled;
  const bundles = size > 0 ? Math.round(bundled / size) : 0;
  const singles = count - bundled;
  return `${plural(bundles, 'full bundle')} of ${size}${singles > 0 ? ` + ${plural(singles, 'single bar')}` : ''}`;
}

/** What a mitred bar's drawing shows: how its height is drawn and where its angles are. */
function angleLegend(ctx: PageContext, ptPerUnit: number): string {
  const width = (ctx.request.angleCuts?.width ?? 0) / ctx.request.scale;
  const { factor, note } = barHeight(width * ptPerUnit, MIN_BAR_H, MAX_BAR_H);
  const height =
    note === null
      ? 'Bar heights are to scale as well (the material is '
      : `Bar heights are not to scale: ${note.replace(', not to scale', '')} (the material is `;
  const slopes =
    factor > 1 ? ', so slopes look steeper than they are' : factor < 1 ? ', so slopes look flatter' : '';
  return (
    ` Mitred bars: lengths to scale on both faces. ${height}${ctx.fmt.lenU(width)} wide)${slopes}; ` +
    'every cut is drawn where it meets each face. Under each angled end is its angle, the bottom angle ' +
    'between the bottom face and the cut in degrees, as the piece lies on the bar (after any turn), on the ' +
    "piece's side of the cut; a piece too short for its angles hangs them lower on a leader, and the cut " +
    "table's Angle column lists every one."
  );
}
