/**
 * The most owned offcut material any plan can use (`offcuts_first`): a matching of offcut bars to pieces
 * that fit them.
 */
import type { Job } from '../model/index.ts';

/**
 * The most owned offcut material any plan can use (`offcuts_first`). An offcut bar counts as used when at
 * least one piece is cut from it, so this is a maximum-weight matching of bars to distinct pieces that fit
 * them. Fit sets are nested (a longer bar fits every piece a shorter one fits), so the matchable bar sets
 * form a transversal matroid and taking bars longest first while Hall's condition holds is optimal.
 */
export function maxOffcutUsage(job: Job, demand: Int32Array, supply: Float64Array): number {
  return offcutMatching(job, demand, supply).usage;
}

/** The chosen offcut bars (source → bars) of a maximum-usage matching, and the usage. */
export function offcutMatching(
  job: Job,
  demand: Int32Array,
  supply: Float64Array,
): { usage: number; bars: { source: number; count: number }[] } {
  const offcuts = job.sources
    .map((s, k) => ({ s, k }))
    .filter(({ s, k }) => s.kind === 'offcut' && (supply[k] ?? 0) > 0)
    .sort((a, b) => b.s.capacity - a.s.capacity || a.k - b.k);
  if (offcuts.length === 0) return { usage: 0, bars: [] };
  // piecesUpTo(C): pieces whose weight fits a bar of capacity C.
  const pieces = job.items.map((it, i) => ({ w: it.weight, n: demand[i] ?? 0 }));
  const piecesUpTo = (cap: number): number => pieces.reduce((acc, p) => (p.w <= cap ? acc + p.n : acc), 0);
  // Chosen levels, longest first: capacity and bars chosen at or below... kept as (capacity, bars).
  const chosen: { cap: number; bars: number }[] = [];
  const bars: { source: number; count: number }[] = [];
  let usage = 0;
  for (const { s, k } of offcuts) {
    // Adding x bars of capacity C (the shortest so far) raises the count of chosen bars at or below every
    // level C' ≥ C by x; each level must keep count ≤ pieces that fit it.
    let room = piecesUpTo(s.capacity) - chosen.reduce((a, c) => (c.cap <= s.capacity ? a + c.bars : a), 0);
    for (const level of chosen) {
      const below = chosen.reduce((a, c) => (c.cap <= level.cap ? a + c.bars : a), 0);
      room = Math.min(room, piecesUpTo(level.cap) - below);
    }
    const take = Math.max(0, Math.min(room, supply[k] ?? 0));
    if (take > 0) {
      chosen.push({ cap: s.capacity, bars: take });
      bars.push({ source: k, count: take });
      usage += take * s.length;
    }
  }
  return { usage, bars };
}

/**
 * A start for `offcuts_first` plans: every offcut bar of the matching gets one piece (shortest bars first,
 * each the longest piece that fits it; Hall's condition guarantees one is left). Returns the anchored bars
 * and the demand they leave.
 */
export function anchorOffcuts(
  job: Job,
  demand: Int32Array,
  supply: Float64Array,
): { bars: { source: number; counts: Int32Array }[]; left: Int32Array } {
  const left = demand.slice();
  const chosen = offcutMatching(job, demand, supply)
    .bars.flatMap((b) => Array.from({ length: b.count }, () => b.source))
    .sort((a, b) => (job.sources[a]?.capacity ?? 0) - (job.sources[b]?.capacity ?? 0) || a - b);
  const bars: { source: number; counts: Int32Array }[] = [];
  for (const source of chosen) {
    const cap = job.sources[source]?.capacity ?? 0;
    // Items are sorted longest first: the first that fits and is still wanted is the longest.
    const i = job.items.findIndex((it, k) => it.weight <= cap && (left[k] ?? 0) > 0);
    if (i < 0) continue;
    const counts = new Int32Array(job.items.length);
    counts[i] = 1;
    left[i] = (left[i] ?? 0) - 1;
    bars.push({ source, counts });
  }
  return { bars, left };
}
