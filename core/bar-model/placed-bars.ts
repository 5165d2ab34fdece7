/**
 * The plan's placed bars, built once for every output: its layouts in saw order (core/saw/order.ts),
 * each with its bar model (pieces, spans, cut rows, angles, remnant). The saw sheets of the PDF, the piece
 * labels and the saw list all read these; none of them orders layouts or derives a bar again.
 */
import { sawOrder } from '../saw/index.ts';
import type { Combination, OptimiseRequest, OptimiseResponse } from '../types.ts';
import { type BarModel, barModel } from './bar.ts';

/** One layout as the saw sees it. */
export interface PlacedBar {
  /** 1-based layout number in saw order (as on the saw sheets). */
  readonly layout: number;
  /** The layout as the response holds it (its `count` is the number of bars cut to it). */
  readonly combination: Combination;
  readonly model: BarModel;
}

/** Every layout of the plan in saw order, each with its model. */
export function placedBars(request: OptimiseRequest, response: OptimiseResponse): PlacedBar[] {
  return sawOrder(response.plan.combinations).map(({ combination }, i) => ({
    layout: i + 1,
    combination,
    model: barModel(request, combination.usedComb),
  }));
}
