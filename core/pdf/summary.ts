/**
 * Page 1, for the project manager: what to buy and what it costs, which owned offcuts are used, how
 * good the plan is (with its proof in plain words), and what is left over.
 */
import type { Certificate } from './certificate.ts';
import { plural } from './format.ts';
import { type Flow, INK, MUTED, type Op, type Rgb, type Segment } from './model.ts';
import type { SheetContext } from './sheets.ts';
import { table } from './table.ts';

export interface SummaryContext extends SheetContext {
  readonly title: string;
  readonly subtitle: string;
  readonly certificate: Certificate;
}

const OPTIMAL: { fill: Rgb; edge: Rgb } = { fill: [0.92, 0.97, 0.92], edge: [0.18, 0.52, 0.27] };
const BEST: { fill: Rgb; edge: Rgb } = { fill: [0.995, 0.96, 0.89], edge: [0.75, 0.5, 0.08] };
const CARD_RULE: Rgb = [0.8, 0.82, 0.86];

/** Adds page 1 (which flows onto more pages for very long purchase or offcut lists). */
export function summaryPage(ctx: SummaryContext, flow: Flow): void {
  const { pen, frame, fmt, request, response, certificate } = ctx;
  const { plan, stats } = response;
  const x0 = frame.left;
  const width = frame.right - frame.left;

  const titleLines = pen.wrap(ctx.title, 18, 'bold', width);
  const shownTitle =
    titleLines.length > 2
      ? [titleLines[0] ?? '', pen.fit(titleLines.slice(1).join(' '), 18, 'bold', width)]
      : titleLines;
  flow.place([
    {
      height: shownTitle.length * 22 + 2,
      draw: (top) =>
        shownTitle.map((line, i) => pen.text(x0, top - 17 - i * 22, line, { size: 18, weight: 'bold' })),
    },
    {
      height: 18,
      draw: (top) => [pen.text(x0, top - 11, ctx.subtitle, { size: 9, color: MUTED, maxWidth: width })],
    },
  ]);

  // The certificate, boxed: the one sentence a project manager must not miss.
  const colours = certificate.optimal ? OPTIMAL : BEST;
  const headline = pen.wrap(certificate.headline, 11.5, 'bold', width - 20);
  const solved =
    plan.solveTimeMs < 1000
      ? `${Math.round(plan.solveTimeMs)} ms`
      : `${(plan.solveTimeMs / 1000).toFixed(1)} s`;
  const verified = plan.verified
    ? `Verified: every layout re-checked against the cut list and the supply. Solved in ${solved}.`
    : 'NOT VERIFIED: do not cut from this plan.';
  const lines = [
    ...certificate.detail.map((d) => ({ text: d, red: false })),
    { text: verified, red: !plan.verified },
  ];
  const boxH = 14 + headline.length * 15 + lines.length * 11.5 + 4;
  flow.gap(8);
  flow.place([
    {
      height: boxH + 10,
      draw: (top) => [
        {
          kind: 'rect',
          x: x0 + 0.6, // inset by half the 1.2 pt stroke
          y: top - boxH,
          w: width - 1.2,
          h: boxH,
          fill: colours.fill,
          stroke: colours.edge,
          lineWidth: 1.2,
          role: 'decor',
        },
        ...headline.map((line, i) =>
          pen.text(x0 + 10, top - 17 - i * 15, line, { size: 11.5, weight: 'bold' }),
        ),
        ...lines.map((line, i) =>
          pen.text(x0 + 10, top - 17 - headline.length * 15 - i * 11.5, line.text, {
            size: 8.5,
            color: line.red ? [0.8, 0, 0] : MUTED,
            maxWidth: width - 20,
          }),
        ),
      ],
    },
  ]);

  const remnantCount = plan.usableRemnants.reduce((sum, r) => sum + r.count, 0);
  const remnantLength = plan.usableRemnants.reduce((sum, r) => sum + r.length * r.count, 0);
  const cards: (readonly [string, string])[] = [
    ['Bars to buy', String(plan.stockBarsUsed)],
    ['Total cost', stats.totalCost === null ? 'no prices given' : fmt.money(stats.totalCost)],
    ['Yield', fmt.percent(stats.yieldPercent)],
    ['Waste', fmt.lenU(plan.totalWaste)],
    ['Pieces', String(stats.totalParts)],
    ['Layouts', String(stats.layoutCount)],
    ['Saw cuts', String(stats.cutCount)],
    ['Usable remnants', remnantCount === 0 ? 'none' : `${remnantCount} (${fmt.lenU(remnantLength)})`],
  ];
  const cardW = width / 4;
  const cardRows: Segment[] = [0, 4].map((first) => ({
    height: 38,
    draw: (top) =>
      cards.slice(first, first + 4).flatMap(([label, value], i): Op[] => {
        const x = x0 + i * cardW;
        return [
          {
            kind: 'line',
            x1: x,
            y1: top - 3,
            x2: x + cardW - 10,
            y2: top - 3,
            width: 0.6,
            color: CARD_RULE,
            role: 'decor',
          },
          pen.text(x, top - 13, label, { size: 7.5, color: MUTED, maxWidth: cardW - 10 }),
          pen.text(x, top - 29, value, { size: 13, weight: 'bold', maxWidth: cardW - 10 }),
        ];
      }),
  }));
  const settings = [
    `Kerf ${fmt.lenU(request.kerf / request.scale)}`,
    request.trim ? 'trim: one kerf off both ends of every bar' : 'no trim',
    request.minRemnant > 0
      ? `remnants kept from ${fmt.lenU(request.minRemnant / request.scale)}`
      : 'no remnants kept',
    `method ${response.meta.method}`,
    `numbers: ${fmt.describe}`,
  ].join(' · ');
  flow.gap(4);
  flow.place([...cardRows, paragraph(ctx, settings, 8.5, MUTED)]);

  purchaseOrder(ctx, flow);
  ownedOffcuts(ctx, flow);
  materialFigures(ctx, flow);
  remnants(ctx, flow);
  byMaterial(ctx, flow);
}

function heading(ctx: SheetContext, text: string): Segment {
  return {
    height: 24,
    keepWithNext: true,
    draw: (top) => [ctx.pen.text(ctx.frame.left, top - 17, text, { size: 11.5, weight: 'bold' })],
  };
}

function paragraph(ctx: SheetContext, text: string, size: number, color: Rgb = INK): Segment {
  const width = ctx.frame.right - ctx.frame.left;
  const lines = ctx.pen.wrap(text, size, 'regular', width);
  const lead = size * 1.35;
  return {
    height: lines.length * lead + 4,
    draw: (top) =>
      lines.map((line, i) => ctx.pen.text(ctx.frame.left, top - size - i * lead, line, { size, color })),
  };
}

function tableOpts(ctx: SheetContext, totals?: readonly string[]) {
  return {
    x: ctx.frame.left,
    width: ctx.frame.right - ctx.frame.left,
    size: 9,
    rowHeight: 13,
    ...(totals ? { totals } : {}),
  };
}

function purchaseOrder(ctx: SheetContext, flow: Flow): void {
  const { fmt, response } = ctx;
  const purchases = response.plan.purchases;
  flow.gap(6);
  if (purchases.length === 0) {
    flow.place([
      heading(ctx, 'Purchase order'),
      paragraph(ctx, 'Nothing to buy: every piece comes from owned offcuts.', 9),
    ]);
    return;
  }
  const priced = purchases.some((p) => p.price !== undefined);
  const materials = purchases.some((p) => p.material !== undefined);
  const rows = purchases.map((p) => [
    fmt.lenU(p.length),
    ...(materials ? [p.material ?? '(untagged)'] : []),
    String(p.count),
    ...(priced
      ? [p.price === undefined ? '–' : fmt.money(p.price), p.cost === undefined ? '–' : fmt.money(p.cost)]
      : []),
  ]);
  const bars = purchases.reduce((sum, p) => sum + p.count, 0);
  const totalCost = response.stats.totalCost;
  const totals = [
    'Total',
    ...(materials ? [''] : []),
    String(bars),
    ...(priced ? ['', totalCost === null ? '–' : fmt.money(totalCost)] : []),
  ];
  const columns = [
    { header: 'Stock length', align: 'left' as const, flex: !materials },
    ...(materials ? [{ header: 'Material', align: 'left' as const, flex: true }] : []),
    { header: 'Bars', align: 'right' as const },
    ...(priced
      ? [
          { header: 'Price per bar', align: 'right' as const },
          { header: 'Cost', align: 'right' as const },
        ]
      : []),
  ];
  flow.place([heading(ctx, 'Purchase order'), ...table(ctx.pen, columns, rows, tableOpts(ctx, totals))]);
}

function ownedOffcuts(ctx: SheetContext, flow: Flow): void {
  const { fmt, request, response } = ctx;
  if (request.offcuts.length === 0) return;
  const used = new Map<number, number>();
  for (const c of response.plan.combinations) {
    if (c.usedComb.source === 'offcut')
      used.set(c.usedComb.sourceIndex, (used.get(c.usedComb.sourceIndex) ?? 0) + c.count);
  }
  const materials = request.offcuts.some((o) => o.material !== null);
  const rows = request.offcuts.map((o, i) => {
    const u = used.get(i) ?? 0;
    return [
      fmt.lenU(o.length / request.scale),
      ...(materials ? [o.material ?? '(untagged)'] : []),
      String(o.quantity),
      String(u),
      String(o.quantity - u),
    ];
  });
  const sum = (f: (o: (typeof request.offcuts)[number], i: number) => number): string =>
    String(request.offcuts.reduce((s, o, i) => s + f(o, i), 0));
  const totals = [
    'Total',
    ...(materials ? [''] : []),
    sum((o) => o.quantity),
    sum((_, i) => used.get(i) ?? 0),
    sum((o, i) => o.quantity - (used.get(i) ?? 0)),
  ];
  const columns = [
    { header: 'Offcut length', align: 'left' as const, flex: !materials },
    ...(materials ? [{ header: 'Material', align: 'left' as const, flex: true }] : []),
    { header: 'Owned', align: 'right' as const },
    { header: 'Used', align: 'right' as const },
    { header: 'Left', align: 'right' as const },
  ];
  flow.gap(6);
  flow.place([heading(ctx, 'Owned offcuts'), ...table(ctx.pen, columns, rows, tableOpts(ctx, totals))]);
}

function materialFigures(ctx: SheetContext, flow: Flow): void {
  const { fmt, response } = ctx;
  const { plan, stats } = response;
  const offcutBars = plan.combinations.reduce(
    (s, c) => s + (c.usedComb.source === 'offcut' ? c.count : 0),
    0,
  );
  const remnantLength = plan.usableRemnants.reduce((sum, r) => sum + r.length * r.count, 0);
  const rows = [
    ['Pieces', `${plural(stats.totalParts, 'piece')}, ${fmt.lenU(stats.totalPartsLength)} in total`],
    [
      'Material cut',
      `${fmt.lenU(stats.totalUsedLength)} from ${[
        ...(plan.stockBarsUsed > 0 ? [plural(plan.stockBarsUsed, 'stock bar')] : []),
        ...(offcutBars > 0 ? [plural(offcutBars, 'owned offcut')] : []),
      ].join(' and ')}`,
    ],
    ['Yield', `${fmt.percent(stats.yieldPercent)} of the material cut ends up in pieces`],
    [
      'Waste',
      `${fmt.lenU(plan.totalWaste)}: ${fmt.lenU(remnantLength)} in usable remnants, ${fmt.lenU(stats.trueWaste)} true waste (saw kerf and scrap)`,
    ],
    [
      'Layouts',
      `${plural(stats.layoutCount, 'distinct layout')}, ${plural(stats.cutCount, 'saw cut')} in total`,
    ],
  ];
  flow.gap(6);
  flow.place([
    heading(ctx, 'Material and waste'),
    ...table(
      ctx.pen,
      [
        { header: 'Figure', align: 'left' },
        { header: 'Value', align: 'left', flex: true },
      ],
      rows,
      tableOpts(ctx),
    ),
  ]);
}

function remnants(ctx: SheetContext, flow: Flow): void {
  const { fmt, request, response } = ctx;
  const list = response.plan.usableRemnants;
  const min = request.minRemnant / request.scale;
  const text =
    request.minRemnant === 0
      ? 'No leftovers are kept: every leftover counts as waste (set minRemnant to keep long leftovers).'
      : list.length === 0
        ? `None: no leftover reached ${fmt.lenU(min)}.`
        : list
            .map((r) => `${fmt.lenU(r.length)} × ${r.count}${r.material ? ` (${r.material})` : ''}`)
            .join('  ·  ');
  flow.gap(6);
  flow.place([
    heading(
      ctx,
      request.minRemnant === 0
        ? 'Usable remnants'
        : `Usable remnants (from ${fmt.lenU(min)}: label and keep)`,
    ),
    paragraph(ctx, text, 9),
  ]);
}

function byMaterial(ctx: SheetContext, flow: Flow): void {
  const { fmt, response } = ctx;
  const groups = response.stats.byMaterial;
  if (groups === undefined) return;
  const priced = response.stats.totalCost !== null;
  const rows = Object.entries(groups)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, g]) => [
      name === '' ? '(untagged)' : name,
      String(g.stockBarsUsed),
      String(g.totalParts),
      fmt.percent(g.yieldPercent),
      fmt.lenU(g.totalUsedLength - g.totalPartsLength),
      ...(priced ? [g.totalCost === null ? '–' : fmt.money(g.totalCost)] : []),
    ]);
  const columns = [
    { header: 'Material', align: 'left' as const, flex: true },
    { header: 'Bars', align: 'right' as const },
    { header: 'Pieces', align: 'right' as const },
    { header: 'Yield', align: 'right' as const },
    { header: 'Waste', align: 'right' as const },
    ...(priced ? [{ header: 'Cost', align: 'right' as const }] : []),
  ];
  flow.gap(6);
  flow.place([heading(ctx, 'By material'), ...table(ctx.pen, columns, rows, tableOpts(ctx))]);
}
