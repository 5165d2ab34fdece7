/**
 * What goes on the piece labels: one label per cut piece, in saw order (layouts as on the saw sheets,
 * core/saw/order.ts; each layout's bars one after another; pieces from the bar's zero end). A label
 * describes the piece as ordered: the part's own length at the precision it was entered and its own end
 * angles, whatever turn it took on the bar; where it sits on the bar is the cut as made, in the saw
 * sheet's precision (the request's unit and unitFormat throughout).
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
  /** The part's length as entered: `1200 mm`, `1200.5 mm`, `47 1/4"`. */
  readonly length: string;
  /** The part's own end angles, `60° / 60°` (left / right as ordered, bottom angles), when either is mitred, else null. */
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
    const ordered = model.pieces.map((p, j) => asOrdered(request, comb.parts[j]?.part, p.length, fmt));
    for (let copy = 0; copy < combination.count; copy++) {
      bar++;
      model.pieces.forEach((p, j) => {
        out.push({
          id: `B${bar}P${j + 1}`,
          job,
          label: p.label,
          length: ordered[j]?.length ?? fmt.lenU(p.length),
          angles: ordered[j]?.angles ?? null,
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

/**
 * A piece's length and angles as its part was ordered: the part's own length, printed with the fewest
 * decimals that show it exactly (`1200`, `1210.5`: a job's finer scale or another length's decimals never
 * pad it), and the part's own bottom angles, not the turned copy's. A piece with no part index (a bare
 * layout) prints its length in the document's precision and no angles.
 */
function asOrdered(
  request: OptimiseRequest,
  index: number | undefined,
  length: number,
  fmt: Formats,
): { readonly length: string; readonly angles: string | null } {
  const part = index === undefined ? undefined : request.parts[index];
  if (part === undefined) return { length: fmt.lenU(length), angles: null };
  const entered = part.length / request.scale;
  const angle = (a: number | null): string => `${a ?? 90}°`;
  const mitred = part.leftAngle !== null || part.rightAngle !== null;
  return {
    length: formatsFor(request.unit, request.unitFormat, [entered]).lenU(entered),
    angles: mitred ? `${angle(part.leftAngle)} / ${angle(part.rightAngle)}` : null,
  };
}

/** One precision for every length on the labels (as the PDF chooses it for the plan). */
function formatsOf(request: OptimiseRequest, response: OptimiseResponse): Formats {
  const lengths = response.plan.combinations.flatMap(({ usedComb: u }) => [
    ...u.combination,
    ...u.cutPositions.flatMap((c) => (typeof c === 'number' ? [c] : [c[0], c[1]])),
  ]);
  return formatsFor(request.unit, request.unitFormat, [request.kerf / request.scale, ...lengths]);
}
