/**
 * Greedy square packing (first fit or best fit, longest first) and the order sources are preferred in.
 */
import { compareSources, type Job, type Layout } from '../../../model/index.ts';

/** A run of identical open bars: same source, same pieces so far. */
interface BinGroup {
  source: number;
  counts: Int32Array;
  free: number;
  mult: number;
}

export type FitRule = 'first' | 'best';

/**
 * First-fit or best-fit decreasing over item types, with identical bars kept as one group so the work is
 * proportional to the number of distinct layouts, not the number of pieces (a 100,000-piece line costs the
 * same as a 1-piece line). Copies of one item fill bars in order, exactly as piece-by-piece FFD would.
 * New bars come from `sources` in preference order; returns null when the supply runs out.
 */
export function greedyPack(
  job: Job,
  rule: FitRule,
  demand: Int32Array,
  supply: Float64Array,
  preference: readonly number[],
  /** Bars already open (their supply already taken out of `supply`), filled before any new one. */
  open: readonly { source: number; counts: Int32Array }[] = [],
): Layout[] | null {
  const m = job.items.length;
  const left = supply.slice();
  let groups: BinGroup[] = open.map((b) => {
    let load = 0;
    b.counts.forEach((c, i) => {
      load += c * (job.items[i]?.weight ?? 0);
    });
    return {
      source: b.source,
      counts: b.counts.slice(),
      free: (job.sources[b.source]?.capacity ?? 0) - load,
      mult: 1,
    };
  });
  for (let i = 0; i < m; i++) {
    const w = job.items[i]?.weight ?? 0;
    let r = demand[i] ?? 0;
    if (r <= 0) continue;
    const order = rule === 'first' ? groups.map((_, k) => k) : bestFitOrder(groups);
    const replaced = new Map<number, BinGroup[]>();
    for (const k of order) {
      if (r <= 0) break;
      const g = groups[k];
      if (!g) continue;
      const q = Math.floor(g.free / w);
      if (q <= 0) continue;
      if (r >= q * g.mult) {
        g.counts[i] = (g.counts[i] ?? 0) + q;
        g.free -= q * w;
        r -= q * g.mult;
        continue;
      }
      // Only part of this run is needed: split it into the bars that take q, one that takes the rest,
      // and the untouched remainder, in that order.
      const parts: BinGroup[] = [];
      const full = Math.floor(r / q);
      const rest = r - full * q;
      if (full > 0) parts.push(withMore(g, i, q, w, full));
      if (rest > 0) parts.push(withMore(g, i, rest, w, 1));
      const untouched = g.mult - full - (rest > 0 ? 1 : 0);
      if (untouched > 0) parts.push({ ...g, counts: g.counts.slice(), mult: untouched });
      replaced.set(k, parts);
      r = 0;
    }
    if (replaced.size > 0) groups = groups.flatMap((g, k) => replaced.get(k) ?? [g]);
    while (r > 0) {
      const s = preference.find((p) => (left[p] ?? 0) > 0 && (job.sources[p]?.capacity ?? 0) >= w);
      if (s === undefined) return null;
      const cap = job.sources[s]?.capacity ?? 0;
      const q = Math.min(Math.floor(cap / w), r);
      const bars = Math.min(Math.floor(r / q), left[s] ?? 0);
      const counts = new Int32Array(m);
      counts[i] = q;
      groups.push({ source: s, counts, free: cap - q * w, mult: bars });
      left[s] = (left[s] ?? 0) - bars;
      r -= bars * q;
    }
  }
  return groups.map((g) => ({ source: g.source, counts: g.counts, count: g.mult }));
}

function withMore(g: BinGroup, i: number, q: number, w: number, mult: number): BinGroup {
  const counts = g.counts.slice();
  counts[i] = (counts[i] ?? 0) + q;
  return { source: g.source, counts, free: g.free - q * w, mult };
}

function bestFitOrder(groups: readonly BinGroup[]): number[] {
  return groups.map((_, k) => k).sort((a, b) => (groups[a]?.free ?? 0) - (groups[b]?.free ?? 0) || a - b);
}

/**
 * Source preference for opening bars: free offcuts before purchases, then the cheapest material per unit
 * of capacity; longer bars first among equals (they pack better), priority sources first among those.
 */
export function sourcePreference(job: Job): number[] {
  return job.sources
    .map((_, k) => k)
    .sort((a, b) => {
      const sa = job.sources[a];
      const sb = job.sources[b];
      if (!sa || !sb) return 0;
      const ra = sa.cost / sa.capacity;
      const rb = sb.cost / sb.capacity;
      if (ra !== rb) return ra - rb;
      if (sa.priority !== sb.priority) return sa.priority ? -1 : 1;
      if (sa.capacity !== sb.capacity) return sb.capacity - sa.capacity;
      return a - b;
    });
}

/**
 * Moves each bar to the cheapest source its pieces fit (shorter stock, a free offcut), respecting supply:
 * packing on long bars and then cutting them down is how multi-length plans get cheap.
 */
export function downsize(
  job: Job,
  layouts: readonly Layout[],
  supply: Float64Array,
  weightOf: (c: Int32Array) => number,
): Layout[] {
  const left = supply.slice();
  const order = layouts
    .map((l, k) => ({ l, k, load: weightOf(l.counts) }))
    .sort((a, b) => b.load - a.load || a.k - b.k);
  const candidates = job.sources
    .map((_, k) => k)
    .sort((a, b) => {
      const sa = job.sources[a];
      const sb = job.sources[b];
      if (!sa || !sb) return 0;
      return compareSources(sa, sb) || a - b;
    });
  const out: Layout[] = [];
  for (const { l, load } of order) {
    let need = l.count;
    for (const s of candidates) {
      if (need <= 0) break;
      if ((job.sources[s]?.capacity ?? 0) < load) continue;
      const take = Math.min(need, left[s] ?? 0);
      if (take <= 0) continue;
      out.push({ source: s, counts: l.counts, count: take });
      left[s] = (left[s] ?? 0) - take;
      need -= take;
    }
    if (need > 0) return [...layouts];
  }
  return out;
}
