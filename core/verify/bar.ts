/**
 * The bar model of docs/solver.md ("A bar and its waste", "Cut positions"), written independently of the
 * solver, in bigint so no sum or product can leave exact integer arithmetic.
 */

/** Everything the model says about one source cut into pieces, in scale units. */
export interface BarFigures {
  /** `Σl + (k−1)·K + 2·T·K ≤ L` with `k ≥ 1`. */
  readonly fits: boolean;
  /** `L − Σl − (k−1)·K − 2·T·K`; negative when the bar does not fit. */
  readonly free: bigint;
  readonly endCut: bigint;
  readonly saw: bigint;
  readonly remnant: bigint;
  /** `L − Σl`. */
  readonly total: bigint;
  /** Every saw cut's near edge from the zero end, in cut order. */
  readonly cutPositions: readonly bigint[];
}

/**
 * Applies the bar model to a source of length `length` cut into `pieces` (in cut order from the zero
 * end) with blade width `kerf`; `trim` counts only when the kerf is positive.
 */
export function barFigures(
  length: bigint,
  pieces: readonly bigint[],
  kerf: bigint,
  trim: boolean,
): BarFigures {
  const t = trim && kerf > 0n ? 1n : 0n;
  const k = BigInt(pieces.length);
  const sum = pieces.reduce((a, b) => a + b, 0n);
  const blade = k > 0n ? (k - 1n) * kerf + 2n * t * kerf : 0n;
  const free = length - sum - blade;
  const fits = k >= 1n && free >= 0n;
  const endCut = free > 0n ? (kerf < free ? kerf : free) : 0n;
  return {
    fits,
    free,
    endCut,
    saw: blade + endCut,
    remnant: free - endCut,
    total: length - sum,
    cutPositions: cutPositionsOf(length, pieces, kerf, t, free),
  };
}

function cutPositionsOf(length: bigint, pieces: readonly bigint[], kerf: bigint, t: bigint, free: bigint) {
  const cuts: bigint[] = [];
  if (t === 1n) cuts.push(0n);
  let start = t * kerf;
  pieces.forEach((piece, i) => {
    const end = start + piece;
    // A cut follows every piece but the last; the last one's end is cut only when a leftover remains.
    if (i < pieces.length - 1 || free > 0n) cuts.push(end);
    start = end + kerf;
  });
  if (t === 1n) cuts.push(length - kerf);
  return cuts;
}
