/**
 * Page 1, for the project manager: what to buy and what it costs, which owned offcuts are used, how
 * good the plan is (with its proof in plain words), and what is left over.
 */
import type { Certificate } from './certificate.ts';
import type { PageContext } from './context.ts';
import type { Flow, Segment } from './flow.ts';
import { MUTED, type Op, type Rgb } from './model.ts';
import {
  byMaterial,
  materialFigures,
  ownedOffcuts,
  paragraph,
  purchaseOrder,
  remnants,
} from './summary-sections.ts';

export interface SummaryContext extends PageContext {
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
      : 'every leftover kept as a remnant',
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
