/**
 * Exact packing of pieces into bars of several kinds within a total value (bin completion with a waste
 * budget), built for the hunt for a plan at a settled bound (docs/solver.md, "Packing at the bound (tried,
 * not in the search)"). Complete and exact on small jobs; on the slow practical jobs it does not find their
 * near-perfect packings within a useful budget, so the search does not call it.
 */
import { gcd } from '../../../model/index.ts';

/** A kind of bar: what it holds, what it counts for against the target, how many there are. */
export interface PackKind {
  /** Most total weight of a bar's pieces (integer). */
  readonly capacity: number;
  /** What one bar counts for against the target (a non-negative integer: the bar's cost). */
  readonly value: number;
  /** Bars available; `Infinity` when unlimited. */
  readonly supply: number;
}

export interface ValuePackInput {
  /** Item weights (integers), longest first, each distinct. */
  readonly weights: ArrayLike<number>;
  /** Pieces of each item to pack. */
  readonly counts: ArrayLike<number>;
  readonly kinds: readonly PackKind[];
  /** The bars' total value must not exceed this. */
  readonly target: number;
  /** Operations (enumeration steps, loads tried, bars placed) before giving up with `unknown`. */
  readonly opLimit: number;
  /**
   * Bars tried first wherever they fit (kind and counts per item), in this order, before the undominated
   * fills: a caller's existing patterns, so that a packing repeats them rather than adding new ones. Only
   * the order changes: the search stays complete, and `impossible` means the same.
   */
  readonly preferred?: readonly PackedBar[];
}

/** One bar of a packing: its kind and the pieces of each item it holds. */
export interface PackedBar {
  readonly kind: number;
  readonly counts: Int32Array;
}

export type ValuePackOutcome =
  | { readonly status: 'packed'; readonly bars: readonly PackedBar[]; readonly ops: number }
  | { readonly status: 'impossible'; readonly ops: number }
  | { readonly status: 'unknown'; readonly ops: number };

/** Most failed residuals remembered (each a string key): bounds the memory of one search. */
const MEMO_LIMIT = 100_000;
/** Most pieces searched (the recursion is a few frames per bar): larger jobs get `unknown`. */
const MAX_PIECES = 2_000;

/**
 * Packs every piece into bars of the given kinds, within their supply, so that the bars' values add up to
 * at most `target`; or proves that no such packing exists (`impossible`); or gives up after `opLimit`
 * operations (`unknown`).
 *
 * Bin completion (Korf 2003; Schreiber and Korf 2013): the bar that holds the longest piece left is filled
 * next, in every kind it fits and every way that wastes no more than the budget left, least waste first.
 * A bar's waste is measured against the cheapest value per unit of capacity r: a bar of value v loaded
 * with L wastes v − r·L ≥ 0, and a packing of weight W meets the target exactly when its bars waste at
 * most target − r·W in all. So a fill that wastes more than the budget left is never tried. Fills are
 * undominated: none leaves room for a piece left over, and none holds a piece that a longer piece left
 * over could replace (a packing with the dominated fill becomes one with the better fill by swapping the
 * two pieces, the other bar taking the shorter one). Residuals that failed are remembered with the
 * budget they had, and a later visit with no more budget fails at once.
 */
export function packWithinValue(input: ValuePackInput): ValuePackOutcome {
  const { kinds, target, opLimit } = input;
  const m = input.counts.length;
  const K = kinds.length;
  const cnt = Int32Array.from({ length: m }, (_, i) => input.counts[i] ?? 0);
  // Weights and capacities over their common divisor: the same packings, smaller numbers.
  let g = 0;
  for (let i = 0; i < m; i++) if ((cnt[i] ?? 0) > 0) g = gcd(g, input.weights[i] ?? 0);
  for (const k of kinds) g = gcd(g, k.capacity);
  if (g <= 0) g = 1;
  const w = Float64Array.from({ length: m }, (_, i) => (input.weights[i] ?? 0) / g);
  const caps = Float64Array.from(kinds, (k) => Math.floor(k.capacity / g));
  const left = Float64Array.from(kinds, (k) => k.supply);
  let ops = 0;
  const unknown = (): ValuePackOutcome => ({ status: 'unknown', ops });
  const impossible = (): ValuePackOutcome => ({ status: 'impossible', ops });

  let total = 0;
  let pieces = 0;
  let longest = 0;
  for (let i = 0; i < m; i++) {
    const c = cnt[i] ?? 0;
    if (c <= 0) continue;
    total += c * (w[i] ?? 0);
    pieces += c;
    longest = Math.max(longest, w[i] ?? 0);
  }
  if (pieces === 0) return { status: 'packed', bars: [], ops };
  if (pieces > MAX_PIECES) return unknown();
  // The rate r = vR / cR: the least value per unit of capacity among the kinds that can be used.
  let rate = -1;
  let widest = 0;
  for (let k = 0; k < K; k++) {
    const kind = kinds[k];
    const cap = caps[k] ?? 0;
    if (!kind || kind.supply <= 0 || cap <= 0) continue;
    widest = Math.max(widest, cap);
    const r = rate < 0 ? null : kinds[rate];
    if (!r || kind.value * (caps[rate] ?? 0) < r.value * cap) rate = k;
  }
  const rk = kinds[rate];
  if (!rk || widest < longest) return impossible();
  const vR = rk.value;
  const cR = caps[rate] ?? 1;
  let most = 0;
  for (const k of kinds) most = Math.max(most, k.value);
  // Waste in units of 1/cR of a value unit: integers while they stay exact in a double.
  if (
    !Number.isSafeInteger(target * cR) ||
    !Number.isSafeInteger(total * vR) ||
    !Number.isSafeInteger(most * cR)
  )
    return unknown();
  const budget = target * cR - total * vR;
  if (budget < 0) return impossible();
  const reach = reachable(w, cnt, widest, opLimit);
  ops += reach.cost;

  // Preferred bars over the same items: those that could ever fit (capacity) are kept.
  const preferred: PackedBar[] = [];
  for (const p of input.preferred ?? []) {
    let load = 0;
    for (let i = 0; i < m; i++) load += (p.counts[i] ?? 0) * (w[i] ?? 0);
    if (p.counts.length === m && load > 0 && load <= (caps[p.kind] ?? 0)) preferred.push(p);
  }
  /** A preferred bar's waste, or Infinity when the pieces left (from `first` on) do not hold it. */
  const preferredWaste = (p: PackedBar, first: number): number => {
    let load = 0;
    for (let i = 0; i < m; i++) {
      const c = p.counts[i] ?? 0;
      if (c > (i < first ? 0 : (cnt[i] ?? 0))) return Number.POSITIVE_INFINITY;
      load += c * (w[i] ?? 0);
    }
    return (kinds[p.kind]?.value ?? 0) * cR - load * vR;
  };

  const failed = new Map<string, number>();
  const stack: PackedBar[] = [];
  const taken = new Int32Array(m);
  let gaveUp = false;
  const tick = (): boolean => {
    if (++ops > opLimit) gaveUp = true;
    return gaveUp;
  };

  /** Whether the current `taken` leaves room for a piece left over or holds one a longer one could replace. */
  const dominated = (gap: number, first: number): boolean => {
    // Longest first: the last item with pieces left over is the shortest.
    let shortest = -1;
    for (let i = m - 1; i >= first; i--) {
      if ((cnt[i] ?? 0) - (taken[i] ?? 0) > 0) {
        shortest = i;
        break;
      }
    }
    if (shortest >= 0 && (w[shortest] ?? 0) <= gap) return true;
    // For each item in the bar, the shortest longer item with pieces left over is the best swap.
    let longer = -1;
    for (let i = first; i < m; i++) {
      if ((taken[i] ?? 0) > 0 && longer >= 0 && (w[longer] ?? 0) <= gap + (w[i] ?? 0)) return true;
      if ((cnt[i] ?? 0) - (taken[i] ?? 0) > 0) longer = i;
    }
    return false;
  };

  /**
   * Every undominated fill of a bar of `kind` with the item `first` and a load of exactly `exact`, each
   * handed to `tryFill` as soon as it is found (true: a packing was completed, stop).
   */
  const fillsOf = (
    first: number,
    kind: number,
    exact: number,
    suffix: Float64Array,
    tryFill: (kind: number, bar: Int32Array, waste: number) => boolean,
  ): boolean => {
    const cap = caps[kind] ?? 0;
    const waste = (kinds[kind]?.value ?? 0) * cR - exact * vR;
    // Depth is the number of items in the bar (items left out are stepped over in a loop, not recursed).
    const rec = (j: number, load: number, floor: number): boolean => {
      if (tick()) return false;
      if (load === exact) {
        if (load < floor || dominated(cap - load, first)) return false;
        // The fill is tried at once; the deeper search starts from an empty `taken` and this one is put back.
        const bar = taken.slice();
        taken.fill(0);
        const found = tryFill(kind, bar, waste);
        taken.set(bar);
        return found;
      }
      let least = floor;
      for (let next = j; next < m && !gaveUp; next++) {
        const wn = w[next] ?? 0;
        if ((cnt[next] ?? 0) === 0 || wn > exact - load) continue;
        const top = Math.min(cnt[next] ?? 0, Math.floor((exact - load) / wn));
        // A copy left out must not fit in the bar at the end (else the fill is not maximal).
        const short = Math.max(least, cap - wn + 1);
        for (let t = top; t >= 1 && !gaveUp; t--) {
          const after = load + t * wn;
          const need = t < (cnt[next] ?? 0) ? short : least;
          if (need > exact) break;
          // Fewer copies only lower the load: once the rest cannot reach the load sought, stop.
          if (after + (suffix[next + 1] ?? 0) < exact) break;
          // The lighter items (at most as many as there were at the start) must make up the rest.
          if (!reach.has(next + 1, exact - after)) continue;
          taken[next] = t;
          const found = rec(next + 1, after, need);
          taken[next] = 0;
          if (found) return true;
        }
        // The bar's first item is its longest piece: it is never left out. Leaving this item out makes the
        // least final load rise; past the load sought, or out of reach, nothing lighter helps.
        if (next === first) return false;
        least = short;
        if (least > exact || load + (suffix[next + 1] ?? 0) < exact) return false;
      }
      return false;
    };
    return rec(first, 0, exact);
  };

  const keyOf = (): string => {
    let key = cnt.join(',');
    for (let k = 0; k < K; k++) if (Number.isFinite(left[k] ?? 0)) key += `|${left[k]}`;
    return key;
  };

  const place = (slack: number): boolean => {
    if (tick()) return false;
    let first = -1;
    for (let i = 0; i < m; i++) {
      if ((cnt[i] ?? 0) > 0) {
        first = i;
        break;
      }
    }
    if (first < 0) return true;
    const key = keyOf();
    const seen = failed.get(key);
    if (seen !== undefined && seen >= slack) return false;
    const suffix = new Float64Array(m + 1);
    for (let i = m - 1; i >= 0; i--) suffix[i] = (suffix[i + 1] ?? 0) + (w[i] ?? 0) * (cnt[i] ?? 0);
    // Fills are tried least waste first: each kind's loads from the fullest down to the least its waste
    // allows, the kinds merged by the waste of their next load.
    const at = new Float64Array(K);
    const lowest = new Float64Array(K);
    for (let k = 0; k < K; k++) {
      const kind = kinds[k];
      const cap = caps[k] ?? 0;
      at[k] = Math.min(cap, suffix[first] ?? 0);
      lowest[k] = Number.POSITIVE_INFINITY;
      if (!kind || (left[k] ?? 0) <= 0 || cap < (w[first] ?? 0)) continue;
      // The bar may waste at most `slack`: value·cR − load·vR ≤ slack.
      const excess = kind.value * cR - slack;
      lowest[k] = Math.max(
        w[first] ?? 0,
        excess <= 0 ? 0 : vR === 0 ? Number.POSITIVE_INFINITY : Math.ceil(excess / vR),
      );
    }
    // Each fill is placed and the rest searched as soon as it is found.
    const tryFill = (kind: number, bar: Int32Array, waste: number): boolean => {
      if (tick()) return false;
      for (let i = first; i < m; i++) cnt[i] = (cnt[i] ?? 0) - (bar[i] ?? 0);
      left[kind] = (left[kind] ?? 0) - 1;
      stack.push({ kind, counts: bar });
      if (place(slack - waste)) return true;
      stack.pop();
      left[kind] = (left[kind] ?? 0) + 1;
      for (let i = first; i < m; i++) cnt[i] = (cnt[i] ?? 0) + (bar[i] ?? 0);
      return false;
    };
    // The caller's patterns that hold the longest piece left and fit the budget, before any new fill.
    for (const p of preferred) {
      if ((p.counts[first] ?? 0) <= 0 || (left[p.kind] ?? 0) <= 0) continue;
      const waste = preferredWaste(p, first);
      if (waste > slack) continue;
      if (tryFill(p.kind, p.counts.slice(), waste)) return true;
      if (gaveUp) return false;
    }
    for (;;) {
      let k = -1;
      let best = Number.POSITIVE_INFINITY;
      for (let q = 0; q < K; q++) {
        if ((at[q] ?? 0) < (lowest[q] ?? 0)) continue;
        const waste = (kinds[q]?.value ?? 0) * cR - (at[q] ?? 0) * vR;
        if (waste < best) {
          best = waste;
          k = q;
        }
      }
      if (k < 0) break;
      const load = at[k] ?? 0;
      at[k] = load - 1;
      if (tick()) return false;
      if (!reach.has(first, load)) continue;
      if (fillsOf(first, k, load, suffix, tryFill)) return true;
      if (gaveUp) return false;
    }
    if (!gaveUp && failed.size < MEMO_LIMIT) failed.set(key, slack);
    return false;
  };

  if (place(budget)) return { status: 'packed', bars: stack, ops };
  return gaveUp ? unknown() : impossible();
}

/** Most words of the reachable-load bitsets (one per suffix of the items): past it, no filter. */
const REACH_WORDS = 4_000_000;
/** Bitset words shifted per operation charged: a word's shift and or cost a few ns, an operation ~0.1 µs. */
const WORDS_PER_OP = 32;

/** Which loads up to `widest` the items from j on can make (each within its count), per j. */
interface Reach {
  /** Whether items j… can make exactly `load` (true when unknown). */
  has(j: number, load: number): boolean;
  /** Operations charged for building the sets. */
  readonly cost: number;
}

/**
 * The loads each suffix of the items can make, as bitsets (bounded subset sums by binary splitting of the
 * counts): a fill is only extended where the lighter items can still bring its load into the window.
 * The counts only fall as the search goes on, so the sets of the start stay a valid filter.
 */
function reachable(w: Float64Array, cnt: Int32Array, widest: number, opLimit: number): Reach {
  const m = cnt.length;
  const none: Reach = { has: () => true, cost: 0 };
  if (!Number.isSafeInteger(widest) || (m + 1) * (Math.floor(widest / 32) + 1) > REACH_WORDS) return none;
  const words = (widest >>> 5) + 1;
  // Its work (a copy and a shift per part of each count), charged as operations; past a tenth of the
  // search's, none is built.
  let passes = 0;
  for (let j = 0; j < m; j++) {
    const wj = w[j] ?? 0;
    const c = Math.min(cnt[j] ?? 0, wj > 0 ? Math.floor(widest / wj) : 0);
    passes += 1 + (c > 0 ? Math.floor(Math.log2(c)) + 1 : 0);
  }
  const cost = Math.ceil((passes * words) / WORDS_PER_OP);
  if (cost > opLimit / 10) return none;
  const bits = new Uint32Array((m + 1) * words);
  bits[m * words] = 1;
  for (let j = m - 1; j >= 0; j--) {
    const at = j * words;
    bits.copyWithin(at, at + words, at + 2 * words);
    const wj = w[j] ?? 0;
    let c = Math.min(cnt[j] ?? 0, wj > 0 ? Math.floor(widest / wj) : 0);
    for (let part = 1; c > 0; part *= 2) {
      const p = Math.min(part, c);
      c -= p;
      const shift = p * wj;
      if (shift > widest) break;
      const ws = Math.floor(shift / 32);
      const bs = shift % 32;
      for (let i = words - 1; i >= ws; i--) {
        const src = bits[at + i - ws] ?? 0;
        const low = bs > 0 && i - ws - 1 >= 0 ? (bits[at + i - ws - 1] ?? 0) >>> (32 - bs) : 0;
        bits[at + i] = (bits[at + i] ?? 0) | ((src << bs) | low);
      }
    }
  }
  return {
    cost,
    has(j: number, load: number): boolean {
      if (load < 0 || load > widest) return false;
      return (((bits[j * words + (load >>> 5)] ?? 0) >>> (load & 31)) & 1) === 1;
    },
  };
}
