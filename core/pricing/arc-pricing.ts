/**
 * Pricing once branching has put duals on arcs: the best pattern is a longest path over exact positions
 * in canonical order (longest items first), where placing item j at position p earns πⱼ plus the dual of
 * arc (p, j). A DP over positions × items, bounded by the copies left of each item. It is only needed at
 * branch-and-price nodes below an arc branch, where the capacity is moderate (the caller checks the size).
 */

import { type ArcBan, isBanned } from './arcs.ts';
import { ARC_SEARCH_LEAST_NODES } from './tuning.ts';

export interface ArcPricingInput {
  readonly weights: ArrayLike<number>;
  readonly values: ArrayLike<number>;
  /** Copies allowed per item. */
  readonly bounds: ArrayLike<number>;
  readonly capacity: number;
  /** Arc duals of this source: position → item → dual. */
  readonly arcDuals: ReadonlyMap<number, ReadonlyMap<number, number>>;
  /**
   * The least load (sum of weights) a pattern may have; 0 when absent. Waste-limited pricing at tree
   * nodes (technique `arc-waste`): a bar of a plan that beats the incumbent wastes at most a limit, so
   * only patterns loaded to at least C − limit are priced (docs/solver.md, "Waste limit at arc nodes").
   * With a least load the empty pattern is not a pattern, items worth nothing may be needed to fill a
   * bar, and no pattern may exist at all (the value is then −∞).
   */
  readonly minLoad?: number;
  /**
   * Arcs fixed out by reduced-cost fixing (technique `rc-fixing`): no pattern crossing one is priced, so
   * the value is the best over the patterns left (docs/solver.md, "Reduced-cost fixing of arcs").
   */
  readonly ban?: ArcBan | null;
}

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

/**
 * The best pattern: a depth-first branch and bound in canonical order first (it knows each piece's
 * position as it places it, so the arc duals are exact), bounded by the fractional knapsack of the items
 * left plus every positive arc dual left; when it runs out of nodes, the DP over positions decides. On
 * practical jobs' fine units the DP's positions × items had been a fifth of all solve time.
 */
export function priceWithArcs(
  input: ArcPricingInput,
  nodeLimit = Math.max(ARC_SEARCH_LEAST_NODES, arcDpCells(input) / Math.max(1, input.weights.length)),
): { counts: Int32Array; value: number } {
  return searchWithArcs(input, nodeLimit) ?? dpWithArcs(input);
}

/** The branch and bound of {@link priceWithArcs}; null when it needs more than `nodeLimit` nodes. */
export function searchWithArcs(
  input: ArcPricingInput,
  nodeLimit: number,
): { counts: Int32Array; value: number } | null {
  const { weights, values, bounds, capacity, arcDuals } = input;
  const minLoad = input.minLoad ?? 0;
  const m = weights.length;
  // Per item: the positive arc duals it could still earn, and the items from here on by value per unit.
  const positiveLeft = new Float64Array(m + 1);
  const itemBonus = new Float64Array(m);
  for (const byItem of arcDuals.values())
    for (const [j, d] of byItem) if (d > 0 && j < m) itemBonus[j] = (itemBonus[j] ?? 0) + d;
  for (let j = m - 1; j >= 0; j--) positiveLeft[j] = (positiveLeft[j + 1] ?? 0) + (itemBonus[j] ?? 0);
  const byRatio: number[] = [];
  for (let i = 0; i < m; i++) if ((values[i] ?? 0) > 0 && (bounds[i] ?? 0) > 0) byRatio.push(i);
  byRatio.sort(
    (a, b) => (values[b] ?? 0) / (weights[b] ?? 1) - (values[a] ?? 0) / (weights[a] ?? 1) || a - b,
  );
  const fractional = (j: number, room: number): number => {
    let v = 0;
    for (const i of byRatio) {
      if (i < j) continue;
      const w = weights[i] ?? 1;
      const take = Math.min(bounds[i] ?? 0, Math.floor(room / w));
      v += take * (values[i] ?? 0);
      room -= take * w;
      if (take < (bounds[i] ?? 0)) return v + (room / w) * (values[i] ?? 0);
    }
    return v;
  };
  const counts = new Int32Array(m);
  let best = minLoad > 0 ? Number.NEGATIVE_INFINITY : 0;
  let bestCounts = new Int32Array(m);
  let nodes = 0;
  const walk = (j: number, pos: number, value: number): boolean => {
    if (++nodes > nodeLimit) return false;
    if (value > best && pos >= minLoad) {
      best = value;
      bestCounts = counts.slice();
    }
    if (j >= m) return true;
    const room = capacity - pos;
    if (value + fractional(j, room) + (positiveLeft[j] ?? 0) <= best) return true;
    const w = weights[j] ?? 1;
    let most = Math.min(bounds[j] ?? 0, Math.floor(room / w));
    // A banned arc ends the run of copies: none from it on may be placed.
    if (input.ban) {
      for (let c = 0; c < most; c++) {
        if (isBanned(input.ban, j, pos + c * w)) {
          most = c;
          break;
        }
      }
    }
    // Values of 0..most copies of item j from `pos`, arc duals included.
    const gains = new Float64Array(most + 1);
    for (let c = 1; c <= most; c++)
      gains[c] = (gains[c - 1] ?? 0) + (values[j] ?? 0) + (arcDuals.get(pos + (c - 1) * w)?.get(j) ?? 0);
    for (let c = most; c >= 0; c--) {
      counts[j] = c;
      if (!walk(j + 1, pos + c * w, value + (gains[c] ?? 0))) return false;
    }
    counts[j] = 0;
    return true;
  };
  return walk(0, 0, 0) ? { counts: bestCounts, value: best } : null;
}

/** The exact DP over positions × items of {@link priceWithArcs}. */
export function dpWithArcs(input: ArcPricingInput): { counts: Int32Array; value: number } {
  const { values, bounds, arcDuals } = input;
  const minLoad = input.minLoad ?? 0;
  const ban = input.ban ?? null;
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
  // Positions beyond `reach` are still unreachable: the loops stop there (the longest items come first, so
  // early items touch a fraction of the row), and `next` is cleared only as far as it was written.
  let reach = 0;
  let written = width - 1;
  for (let j = 0; j < m; j++) {
    const w = weights[j] ?? 1;
    const v = values[j] ?? 0;
    const u = Math.min(bounds[j] ?? 0, Math.floor(capacity / w));
    const base = j * width;
    const extra = bonus.get(j);
    // Item j's row of the ban, read at grid position p as banRow[p·g] (every such position is within
    // the bar): one typed-array read a cell instead of a call (the ban made this DP half as slow again).
    const banRow = ban ? ban.cells.subarray(j * ban.width, (j + 1) * ban.width) : null;
    // A piece worth nothing with no arc dual to earn never improves a path: the row stays as it is (the
    // reconstruction reads this item's choices only at reachable positions, all zero). Under a least
    // load it may still be needed to fill the bar.
    if (u <= 0 || (v <= 0 && !extra && minLoad <= 0)) {
      choice.fill(0, base, base + reach + 1);
      continue;
    }
    const limit = Math.min(width - 1, reach + u * w);
    if (written > limit) next.fill(Number.NEGATIVE_INFINITY, limit + 1, written + 1);
    if (u === 1) {
      // One copy (distinct lengths, as on most large jobs): the window is the single start w back, so the
      // deque is skipped. The sums are the window's own, in the same order, so every value comes out to the
      // last bit as before and the search walks the same path (docs/solver.md, Pricing, has its gain).
      for (let q = 0; q <= limit; q++) {
        const stay = f[q] ?? Number.NEGATIVE_INFINITY;
        if (q < w) {
          prefix[q] = 0;
          next[q] = stay;
          choice[base + q] = 0;
          continue;
        }
        const before = prefix[q - w] ?? 0;
        prefix[q] = before + v + (extra ? (extra[q - w] ?? 0) : 0);
        const start =
          banRow && banRow[(q - w) * g] === 1
            ? Number.NEGATIVE_INFINITY
            : (f[q - w] ?? Number.NEGATIVE_INFINITY);
        if (start !== Number.NEGATIVE_INFINITY) {
          const cand = (prefix[q] ?? 0) + (start - before);
          if (cand > stay) {
            next[q] = cand;
            choice[base + q] = 1;
            continue;
          }
        }
        next[q] = stay;
        choice[base + q] = 0;
      }
    } else {
      for (let r = 0; r < w && r <= limit; r++) {
        let head = 0;
        let tail = 0;
        prefix[0] = 0;
        for (let b = 0, q = r; q <= limit; b++, q += w) {
          if (b > 0) {
            // Start a = b − 1 (position q − w) enters the window.
            const a = b - 1;
            const start = f[q - w] ?? Number.NEGATIVE_INFINITY;
            prefix[b] = (prefix[a] ?? 0) + v + (extra ? (extra[q - w] ?? 0) : 0);
            if (banRow && banRow[(q - w) * g] === 1) {
              // Copy a is banned: no run of copies through it, so every start up to a leaves the window.
              head = tail;
            } else if (start !== Number.NEGATIVE_INFINITY) {
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
    }
    const done = f;
    f = next;
    next = done;
    written = reach;
    reach = limit;
  }
  let best = minLoad > 0 ? Number.NEGATIVE_INFINITY : 0;
  let end = 0;
  for (let p = Math.max(0, Math.ceil(minLoad / g)); p < width; p++) {
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
