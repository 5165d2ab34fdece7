/**
 * The residual jobs both setups oracles solve (square and angle): with `fewestBars` each purchased bar
 * costs one unit more on a scale where the job's own cost counts more than every bar together (a bar
 * holds a piece at least), so the search finds the cheapest plan with the fewest bars among the cheapest;
 * the job's own cost is recomputed from the plan.
 */

export interface BarsTieBreak {
  /** The residual job's cost of a source bar of `cost` job units. */
  readonly sourceCost: (cost: number, kind: 'stock' | 'offcut') => number;
  /** The most a plan within `room` job units and `bars` purchased bars costs in residual units. */
  readonly costOf: (room: number, bars: number) => number;
}

/** The tie-break for `demand` (per row) of a job minimising `objective`. */
export function barsTieBreak(demand: Int32Array, objective: string, fewestBars: boolean): BarsTieBreak {
  let pieces = 0;
  for (const d of demand) pieces += Math.max(0, d);
  const scale = fewestBars && objective !== 'bars' ? pieces + 1 : 1;
  return {
    sourceCost: (cost, kind) => (scale === 1 ? cost : cost * scale + (kind === 'stock' ? 1 : 0)),
    costOf: (room, bars) => (scale === 1 ? room : room * scale + (Number.isFinite(bars) ? bars : 0)),
  };
}
