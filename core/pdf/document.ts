/**
 * Assembles the whole document model: page 1, the saw sheets, then header and footer on every page
 * (the footer needs the page count, so it is added last).
 */
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';
import { certificateOf } from './certificate.ts';
import { Flow } from './flow.ts';
import { formatsFor } from './format.ts';
import { type DocumentModel, type Frame, MUTED, type Op } from './model.ts';
import { paperFor } from './paper.ts';
import { Pen, type TextMetrics } from './pen.ts';
import { sawSheets } from './sheets.ts';
import { summaryPage } from './summary.ts';

/** Everything the document depends on besides fonts. */
export interface DocumentInput {
  readonly request: OptimiseRequest;
  readonly response: OptimiseResponse;
  /** Falls back to `request.jobName`. */
  readonly jobName: string | null;
  /** The API key's branding line; null for public calls, which print `meta.poweredBy` instead. */
  readonly branding: string | null;
  /** When the plan was made (ms since the epoch), printed and stored as the PDF dates. */
  readonly createdAtMs: number;
}

const MARGIN = 36;
const RULE = [0.72, 0.74, 0.78] as const;

/** `2025-11-22 14:05 UTC`: the service knows no time zone of the shop, so it says which it uses. */
export function formatCreated(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Every length the document prints, so decimal precision can be chosen once for all of them. */
function lengthsOf(request: OptimiseRequest, response: OptimiseResponse): number[] {
  const s = request.scale;
  const { plan } = response;
  return [
    request.kerf / s,
    request.minRemnant / s,
    ...request.parts.map((p) => p.length / s),
    ...request.stocks.map((x) => x.length / s),
    ...request.offcuts.map((x) => x.length / s),
    ...plan.combinations.flatMap(({ usedComb: u }) => [
      u.length,
      u.waste.total,
      u.waste.remnant,
      u.waste.saw,
      ...u.combination,
      ...u.cutPositions.flatMap((c) => (typeof c === 'number' ? [c] : [c[0], c[1]])),
    ]),
    ...plan.usableRemnants.map((r) => r.length),
    plan.totalWaste,
  ];
}

/** Lays out the whole plan as pages of drawing operations; pure, given text metrics. */
export function buildDocumentModel(input: DocumentInput, metrics: TextMetrics): DocumentModel {
  const { request, response } = input;
  const paper = paperFor(request.paper, request.unit);
  const frame: Frame = { left: MARGIN, right: paper.width - MARGIN, top: paper.height - 54, bottom: 50 };
  const pen = new Pen(metrics);
  const fmt = formatsFor(request.unit, request.unitFormat, lengthsOf(request, response));
  const jobName = input.jobName ?? request.jobName;
  const created = formatCreated(input.createdAtMs);
  const attribution = input.branding ?? response.meta.poweredBy;
  const ctx = { request, response, fmt, pen, frame };

  const flow = new Flow(frame);
  summaryPage(
    {
      ...ctx,
      title: jobName ?? 'Cutting plan',
      subtitle: [
        jobName === null ? 'Created' : 'Cutting plan, created',
        `${created} · unit: ${fmt.unit} · paper ${paper.name}`,
      ].join(' '),
      certificate: certificateOf(response, fmt, request),
    },
    flow,
  );
  sawSheets(ctx, flow);

  // Header and footer: job and date on top; attribution and "Page x of y" below.
  const total = flow.pages.length;
  const rule = (y: number): Op => ({
    kind: 'line',
    x1: frame.left,
    y1: y,
    x2: frame.right,
    y2: y,
    width: 0.6,
    color: RULE,
    role: 'chrome',
  });
  const pages = flow.pages.map((ops, i) => {
    const top = paper.height - 30;
    const stamp = pen.text(frame.right, top, `Cutting plan · ${created}`, {
      size: 8,
      color: MUTED,
      align: 'right',
      role: 'chrome',
    });
    const pageNo = pen.text(frame.right, 28, `Page ${i + 1} of ${total}`, {
      size: 8,
      align: 'right',
      role: 'chrome',
    });
    const chrome: Op[] = [
      pen.text(frame.left, top, jobName ?? 'Cutting plan', {
        size: 9,
        weight: 'bold',
        maxWidth: Math.max(0, stamp.x - frame.left - 12),
        role: 'chrome',
      }),
      stamp,
      rule(paper.height - 38),
      rule(40),
      pen.text(frame.left, 28, attribution, {
        size: 7.5,
        color: MUTED,
        maxWidth: Math.max(0, pageNo.x - frame.left - 16),
        role: 'chrome',
      }),
      pageNo,
    ];
    return { ops: [...chrome, ...ops] };
  });
  return { paper, frame, pages, title: jobName ?? 'Cutting plan' };
}
