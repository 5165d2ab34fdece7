/**
 * The sections of page 1 after the headline: headings, paragraphs, the purchase order, owned offcuts,
 * material and waste, remnants.
 */
import type { OptimiseResponse } from '../types.ts';
/** The tables and lists of page 1: purchase order, owned offcuts, material and waste, remnants, materials. */
import { measureOf, setupsPeers } from './certificate.ts';
import type { PageContext } from './context.ts';
import type { Flow, Segment } from './flow.ts';
import { plural } from './format.ts';
import { INK, type Rgb } from './model.ts';
import { table } from './table.ts';

export function heading(ctx: PageContext, text: string): Segment {
  return {
    height: 24,
    keepWithNext: true,
    draw: (top) => [ctx.pen.text(ctx.frame.left, top - 17, text, { size: 11.5, weight: 'bold' })],
  };
}

export function paragraph(ctx: PageContext, text: string, size: number, color: Rgb = INK): Segment {
  const width = ctx.frame.right - ctx.frame.left;
  const lines = ctx.pen.wrap(text, size, 'regular', width);
  const lead = size * 1.35;
  return {
    height: lines.length * lead + 4,
    draw: (top) =>
      lines.map((line, i) => ctx.pen.text(ctx.frame.left, top - size - i * lead, line, { size, color })),
  };
}

function tableOpts(ctx: PageContext, totals?: readonly string[]) {
  return {
    x: ctx.frame.left,
    width: ctx.frame.right - ctx.frame.left,
    size: 9,
    rowHeight: 13,
    ...(totals ? { totals } : {}),
  };
}

export function purchaseOrder(ctx: PageContext, flow: Flow): void {
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

export function ownedOffcuts(ctx: PageContext, flow: Flow): void {
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

export function materialFigures(ctx: PageContext, flow: Flow): void {
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
    ...setupRows(stats, setupsPeers(ctx.response, measureOf(ctx.response, ctx.request))),
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

export function remnants(ctx: PageContext, flow: Flow): void {
  const { fmt, request, response } = ctx;
  const list = response.plan.usableRemnants;
  const min = request.minRemnant / request.scale;
  const text =
    list.length === 0
      ? request.minRemnant === 0
        ? 'None: every bar was cut to its end.'
        : `None: no leftover reached ${fmt.lenU(min)}.`
      : list
          .map((r) => `${fmt.lenU(r.length)} × ${r.count}${r.material ? ` (${r.material})` : ''}`)
          .join('  ·  ');
  flow.gap(6);
  flow.place([
    heading(
      ctx,
      request.minRemnant === 0
        ? 'Usable remnants (every leftover: label and keep)'
        : `Usable remnants (from ${fmt.lenU(min)}: label and keep)`,
    ),
    paragraph(ctx, text, 9),
  ]);
}

export function byMaterial(ctx: PageContext, flow: Flow): void {
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

/** Setups (every plan that reports them), their bound, and the bundle figures of `method: bundle`. */
function setupRows(stats: OptimiseResponse['stats'], asGood: string): string[][] {
  const rows: string[][] = [];
  if (stats.setups !== undefined) {
    const bound = stats.setupsLowerBound;
    const proof =
      bound === undefined
        ? ''
        : stats.setupsOptimal
          ? `; proven minimal: no plan ${asGood} needs fewer than ${bound}`
          : `; no plan ${asGood} needs fewer than ${bound}`;
    rows.push(['Setups', `${plural(stats.setups, 'saw setup')} (distinct patterns)${proof}`]);
  }
  if (stats.fullBundleBars !== undefined) {
    const efficiency = Math.round((stats.bundleEfficiency ?? 0) * 1000) / 10;
    rows.push([
      'Bundles',
      `${plural(stats.fullBundleBars, 'bar')} in full bundles, ${plural(stats.singleBars ?? 0, 'single bar')} (${efficiency} % of the bars bought)`,
    ]);
  }
  return rows;
}
