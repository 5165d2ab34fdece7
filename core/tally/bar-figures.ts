/** A bar as the model of docs/solver.md sees it. */
export interface BarFigures {
  readonly total: number;
  readonly saw: number;
  readonly remnant: number;
  readonly cutPositions: number[];
}

/** Waste split and cut positions of one bar (lengths in cut order), per docs/solver.md. */
export function barFigures(
  length: number,
  pieces: readonly number[],
  kerf: number,
  trim: boolean,
): BarFigures {
  const t = trim && kerf > 0 ? 1 : 0;
  const sum = pieces.reduce((a, b) => a + b, 0);
  const k = pieces.length;
  const free = length - sum - (k - 1) * kerf - 2 * t * kerf;
  const endCut = free > 0 ? Math.min(kerf, free) : 0;
  const cuts: number[] = [];
  if (t) cuts.push(0);
  let pos = t * kerf;
  pieces.forEach((p, i) => {
    pos += p;
    if (i < k - 1) {
      cuts.push(pos);
      pos += kerf;
    }
  });
  if (free > 0) cuts.push(pos);
  if (t) cuts.push(length - kerf);
  return {
    total: length - sum,
    saw: (k - 1) * kerf + 2 * t * kerf + endCut,
    remnant: free - endCut,
    cutPositions: cuts,
  };
}
