import type { Job } from './job.ts';

/**
 * The most owned offcut material any plan can use (`offcuts_first`). An offcut bar counts as used when at
 * least one piece is cut from it, so this is a maximum-weight matching of bars to distinct pieces that fit
 * them. Fit sets are nested (a longer bar fits every piece a shorter one fits), so the matchable bar sets
 * form a transversal matroid and taking bars longest first while Hall's condition holds is optimal.
 */
export function maxOffcutUsage(job: Job, demand: Int32Array, supply: Float64Array): number {
  const offcuts = job.sources
    .map((s, k) => ({ s, k }))
    .filter(({ s, k }) => s.kind === 'offcut' && (supply[k] ?? 0) > 0)
    .sort((a, b) => b.s.capacity - a.s.capacity || a.k - b.k);
  if (offcuts.length === 0) return 0;
  // piecesUpTo(C): pieces whose weight fits a bar of capacity C.
  const pieces = job.items.map((it, i) => ({ w: it.weight, n: demand[i] ?? 0 }));
  const piecesUpTo = (cap: number): number => pieces.reduce((acc, p) => (p.w <= cap ? acc + p.n : acc), 0);
  // Chosen levels, longest first: capacity and bars chosen at or below... kept as (capacity, bars).
  const chosen: { cap: number; bars: number }[] = [];
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
      usage += take * s.length;
    }
  }
  return usage;
}
