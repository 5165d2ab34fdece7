/**
 * What goes on the piece labels: one label per cut piece, in saw order (layouts as on the saw sheets,
 * core/saw/order.ts; each layout's bars one after another; pieces from the bar's zero end), with the
 * text each label prints, formatted as the PDF formats it (the request's unit and unitFormat).
 */
import { pieceStarts, placedBars } from '../bar-model/index.ts';
import { type Formats, formatsFor } from '../pdf/index.ts';
import type { OptimiseRequest, OptimiseResponse } from '../types.ts';

export interface PieceLabel {
  /** The barcode's content: `B<bar>P<piece>`, unique in the job (bar number in saw order, piece from the zero end). */
  readonly id: string;
  readonly job: string;
  /** The piece's label, else `P3` for line 3 of the cut list. */
  readonly label: string;
  /** `1200.5 mm`, `47 1/4"`. */
  readonly length: string;
  /** `45° / 135°` (left / right end as placed) when either end is mitred, else null. */
  readonly angles: string | null;
  readonly material: string | null;
  /** 1-based, over the whole plan in saw order. */
  readonly bar: number;
  readonly bars: number;
  /** 1-based layout number on the saw sheets. */
  readonly layout: number;
  readonly piece: number;
  readonly pieces: number;
  /** `at 2402.5 mm`: where the piece starts, from the bar's zero end (its bottom edge when mitred). */
  readonly position: string;
}

/** Every label of the plan, in the order the pieces come off the saw. */
export function pieceLabels(
  request: OptimiseRequest,
  response: OptimiseResponse,
  jobName: string | null,
): PieceLabel[] {
  const layouts = placedBars(request, response);
  const bars = layouts.reduce((a, l) => a + l.combination.count, 0);
  const fmt = formatsOf(request, response);
  const job = jobName ?? request.jobName ?? 'Cutting plan';
  const out: PieceLabel[] = [];
  let bar = 0;
  for (const { layout, combination, model } of layouts) {
    const comb = combination.usedComb;
    const starts = pieceStarts(model);
    const angle = (a: number | null | undefined): string => `${a ?? 90}°`;
    for (let copy = 0; copy < combination.count; copy++) {
      bar++;
      model.pieces.forEach((p, j) => {
        const placed = comb.parts[j];
        const mitred = placed?.leftAngle != null || placed?.rightAngle != null;
        out.push({
          id: `B${bar}P${j + 1}`,
          job,
          label: p.label,
          length: fmt.lenU(p.length),
          angles: mitred ? `${angle(placed?.leftAngle)} / ${angle(placed?.rightAngle)}` : null,
          material: comb.material ?? null,
          bar,
          bars,
          layout,
          piece: j + 1,
          pieces: model.pieces.length,
          position: `at ${fmt.lenU(starts[j] ?? 0)}`,
        });
      });
    }
  }
  return out;
}

/** One precision for every length on the labels (as the PDF chooses it for the plan). */
function formatsOf(request: OptimiseRequest, response: OptimiseResponse): Formats {
  const lengths = response.plan.combinations.flatMap(({ usedComb: u }) => [
    ...u.combination,
    ...u.cutPositions.flatMap((c) => (typeof c === 'number' ? [c] : [c[0], c[1]])),
  ]);
  return formatsFor(request.unit, request.unitFormat, [request.kerf / request.scale, ...lengths]);
}
