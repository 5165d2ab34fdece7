/**
 * Pricing once branching has put duals on arcs: the best pattern is a longest path over exact positions
 * in canonical order (longest items first), where placing item j at position p earns πⱼ plus the dual of
 * arc (p, j). A DP over positions × items, bounded by the copies left of each item. It is only needed at
 * branch-and-price nodes below an arc branch, where the capacity is moderate (the caller checks the size).
 */

export interface ArcPricingInput {
  readonly weights: ArrayLike<number>;
  readonly values: ArrayLike<number>;
  /** Copies allowed per item. */
  readonly bounds: ArrayLike<number>;
  readonly capacity: number;
  /** Arc duals of this source: position → item → dual. */
  readonly arcDuals: ReadonlyMap<number, ReadonlyMap<number, number>>;
}

/** Cells (positions × items) above which the caller should not run this DP. */
export const ARC_DP_CELLS = 40_000_000;

export function arcDpCells(input: { capacity: number; weights: ArrayLike<number> }): number {
  return (Math.floor(input.capacity / weightGcd(input.weights)) + 1) * input.weights.length;
}

/** Positions are sums of weights, so they live on the grid of the weights' gcd. */
function weightGcd(weights: ArrayLike<number>): number {
  let g = 0;
  for (let i = 0; i < weights.length; i++) {
    let a = g;
    let b = weights[i] ?? 0;
    while (b) [a, b] = [b, a % b];
    g = a;
  }
  return g || 1;
}

export function priceWithArcs(input: ArcPricingInput): { counts: Int32Array; value: number } {
  const { values, bounds, arcDuals } = input;
  const g = weightGcd(input.weights);
  const weights = Array.from({ length: input.weights.length }, (_, i) => (input.weights[i] ?? 0) / g);
  const capacity = Math.floor(input.capacity / g);
  const m = weights.length;
  const width = capacity + 1;
  // The arc duals as one dense row per item that has any: the DP's inner loop then reads an array, not
  // two map lookups per cell (which made this the hottest function of branch and price).
  const bonus = new Map<number, Float64Array>();
  for (const [pos, byItem] of arcDuals) {
    const p = pos / g;
    if (!Number.isInteger(p) || p < 0 || p >= width) continue;
    for (const [j, d] of byItem) {
      let row = bonus.get(j);
      if (!row) {
        row = new Float64Array(width);
        bonus.set(j, row);
      }
      row[p] = (row[p] ?? 0) + d;
    }
  }
  // Bounded copies by a sliding window: along each residue chain r, r+w, r+2w, … of item j, ending t
  // copies at chain index b from index a = b − t earns S[b] − S[a] (S: prefix sums of the copy values
  // along the chain, arc duals included), so the best start is the window maximum of f[a] − S[a] over
  // a ∈ [b − u, b − 1], kept in a monotone deque. Work per item is the capacity, not capacity × copies
  // (fine units made that product the cost of branch and price on practical jobs).
  let f = new Float64Array(width).fill(Number.NEGATIVE_INFINITY);
  f[0] = 0;
  let next = new Float64Array(width);
  const choice = choiceBuffer(m * width);
  const prefix = new Float64Array(width + 1);
  const deque = new Int32Array(width + 1);
  const key = new Float64Array(width + 1);
  for (let j = 0; j < m; j++) {
    const w = weights[j] ?? 1;
    const v = values[j] ?? 0;
    const u = Math.min(bounds[j] ?? 0, Math.floor(capacity / w));
    const base = j * width;
    const extra = bonus.get(j);
    if (u <= 0) {
      choice.fill(0, base, base + width);
      continue;
    }
    for (let r = 0; r < w && r < width; r++) {
      let head = 0;
      let tail = 0;
      prefix[0] = 0;
      for (let b = 0, q = r; q < width; b++, q += w) {
        if (b > 0) {
          // Start a = b − 1 (position q − w) enters the window.
          const a = b - 1;
          const start = f[q - w] ?? Number.NEGATIVE_INFINITY;
          prefix[b] = (prefix[a] ?? 0) + v + (extra ? (extra[q - w] ?? 0) : 0);
          if (start !== Number.NEGATIVE_INFINITY) {
            const k = start - (prefix[a] ?? 0);
            while (tail > head && (key[tail - 1] ?? 0) < k) tail--;
            deque[tail] = a;
            key[tail] = k;
            tail++;
          }
          while (tail > head && (deque[head] ?? 0) < b - u) head++;
        }
        const stay = f[q] ?? Number.NEGATIVE_INFINITY;
        if (tail > head) {
          const cand = (prefix[b] ?? 0) + (key[head] ?? 0);
          if (cand > stay) {
            next[q] = cand;
            choice[base + q] = b - (deque[head] ?? 0);
            continue;
          }
        }
        next[q] = stay;
        choice[base + q] = 0;
      }
    }
    const done = f;
    f = next;
    next = done;
  }
  let best = 0;
  let end = 0;
  for (let p = 0; p < width; p++) {
    if ((f[p] ?? Number.NEGATIVE_INFINITY) > best) {
      best = f[p] ?? 0;
      end = p;
    }
  }
  const counts = new Int32Array(m);
  let p = end;
  for (let j = m - 1; j >= 0; j--) {
    const t = choice[j * width + p] ?? 0;
    counts[j] = t;
    p -= t * (weights[j] ?? 0);
  }
  return { counts, value: best };
}

let scratch = new Int32Array(0);

/** The choice table, reused between calls (every cell is written before it is read). */
function choiceBuffer(size: number): Int32Array {
  if (scratch.length < size) scratch = new Int32Array(size);
  return scratch;
}
