/**
 * The angle setups stage's patterns for the sequential heuristic (core/setups/steps.ts): sequences of
 * posed pieces cut from one source on many bars. Candidates are the fullest sequence whose pieces, times
 * the bars, stay within the demand left, and the rest's own sequences at the most bars the demand allows;
 * a candidate the rest's plan already holds needs no oracle.
 */
import type { Budget } from '../../budget.ts';
import {
  fractionalCostFloor,
  MULTIPLICITIES,
  type Oracle,
  type PatternDomain,
  runSteps as runDomainSteps,
  type State as StepsState,
} from '../../setups/index.ts';
import { type AngleJob, type DpCache, fullestSequence, type SeqBar, sequenceKey } from '../search/index.ts';
import { barSetupKey } from './count.ts';

/** Where the steps stand: bars fixed so far (one entry a bar), what is left, and a plan for it. */
export type State = StepsState<SeqBar>;

interface Candidate {
  readonly source: number;
  readonly bar: SeqBar;
  readonly bars: number;
  readonly material: number;
}

/** A bar's layout: its source and its pieces with their poses in order. */
export const layoutKey = sequenceKey;

/** Takes steps until the demand is cut, no step keeps the rest within bounds, or the budget ends. */
export function runSteps(
  job: AngleJob,
  start: State,
  oracle: Oracle<SeqBar>,
  budget: Budget,
  order: 'bars' | 'pieces',
  cache: DpCache,
  better: (a: readonly SeqBar[], b: readonly SeqBar[]) => boolean,
): SeqBar[] {
  return runDomainSteps(angleDomain(job, order, cache), start, oracle, budget, better).best;
}

/** Sequence patterns of `job`, candidates in `order`. */
function angleDomain(
  job: AngleJob,
  order: 'bars' | 'pieces',
  cache: DpCache,
): PatternDomain<SeqBar, Candidate> {
  return {
    sources: job.base.sources,
    candidates: (state) => candidates(job, state, order, cache),
    cut: (c, demand) => {
      for (const p of c.bar.pieces) demand[p.shape] = (demand[p.shape] ?? 0) - c.bars;
    },
    costFloor: (demand, supply) => costFloor(job, demand, supply),
    fixed: (c) => Array.from({ length: c.bars }, () => c.bar),
    // The rest's own plan holds these bars already: what it leaves is a plan for what is left.
    reuse: (rest, c) => without(rest, c.bar, c.bars),
  };
}

/** `bars` with `count` copies of `bar` removed, or null when it holds fewer. */
function without(bars: readonly SeqBar[], bar: SeqBar, count: number): SeqBar[] | null {
  const key = layoutKey(bar);
  let left = count;
  const out: SeqBar[] = [];
  for (const b of bars) {
    if (left > 0 && layoutKey(b) === key) left--;
    else out.push(b);
  }
  return left === 0 ? out : null;
}

/**
 * Candidate steps, most bars first; among equal bars the cheapest per unit of material cut, then the
 * fullest. Each is the fullest sequence whose pieces, times the bars, stay within the demand left, or a
 * sequence of the rest's plan at the most bars the demand allows.
 */
function candidates(job: AngleJob, state: State, order: 'bars' | 'pieces', cache: DpCache): Candidate[] {
  const { demand, supply } = state;
  const sources = job.base.sources.map((_, k) => k).filter((k) => (supply[k] ?? 0) >= 1);
  if (sources.length === 0) return [];
  const most = Math.max(...sources.map((k) => supply[k] ?? 0));
  const values = new Set<number>();
  demand.forEach((d) => {
    for (let a = 1; a <= d && values.size <= 4 * MULTIPLICITIES; a++) {
      const m = Math.floor(d / a);
      if (m <= most) values.add(m);
    }
  });
  const materialOf = (pieces: SeqBar['pieces']): number =>
    pieces.reduce((a, p) => a + (job.shapes[p.shape]?.material ?? 0), 0);
  const out: Candidate[] = [];
  for (const m of [...values].sort((a, b) => b - a).slice(0, MULTIPLICITIES)) {
    const bounds = Int32Array.from(demand, (d) => Math.floor(d / m));
    if (bounds.every((b) => b <= 0)) continue;
    const byLength = new Map<number, ReturnType<typeof fullestSequence>>();
    for (const k of sources) {
      const length = job.base.sources[k]?.length ?? 0;
      if ((supply[k] ?? 0) < m) continue;
      if (!byLength.has(length)) byLength.set(length, fullestSequence(job, length, bounds, cache));
      const seq = byLength.get(length);
      if (seq)
        out.push({ source: k, bar: { source: k, pieces: seq.pieces }, bars: m, material: seq.material });
    }
  }
  // The rest's own sequences, each at the most bars the demand and supply allow.
  const seen = new Set<string>();
  for (const b of state.rest) {
    const key = barSetupKey(job, b) + b.source;
    if (seen.has(key)) continue;
    seen.add(key);
    const counts = new Map<number, number>();
    for (const p of b.pieces) counts.set(p.shape, (counts.get(p.shape) ?? 0) + 1);
    let m = supply[b.source] ?? 0;
    for (const [s, c] of counts) m = Math.min(m, Math.floor((demand[s] ?? 0) / c));
    if (m >= 1) out.push({ source: b.source, bar: b, bars: m, material: materialOf(b.pieces) });
  }
  const costPer = (c: Candidate): number =>
    (job.base.sources[c.bar.source]?.cost ?? 0) / Math.max(1, c.material);
  const pieces = (c: Candidate): number => c.bars * c.bar.pieces.length;
  return out
    .map((c, k) => ({ c, k }))
    .sort(
      (a, b) =>
        (order === 'pieces' ? pieces(b.c) - pieces(a.c) : 0) ||
        b.c.bars - a.c.bars ||
        costPer(a.c) - costPer(b.c) ||
        b.c.material - a.c.material ||
        a.k - b.k,
    )
    .map((x) => x.c);
}

/**
 * A lower bound on the cost of cutting `demand` from `supply`: the pieces' material (never more than the
 * room they take) spread over the bars cheapest per unit of room first; infinite when a piece fits no bar
 * left or the bars cannot hold the material.
 */
function costFloor(job: AngleJob, demand: Int32Array, supply: Float64Array): number {
  let material = 0;
  let longest = 0;
  demand.forEach((d, s) => {
    if (d <= 0) return;
    const shape = job.shapes[s];
    material += d * (shape?.material ?? 0);
    longest = Math.max(longest, shape?.length ?? 0);
  });
  if (material === 0) return 0;
  const t = 2 * job.trimKerf;
  const open = job.base.sources
    .map((s, k) => ({ cost: s.cost, room: s.length - t, left: supply[k] ?? 0 }))
    .filter((x) => x.left > 0 && x.room > 0);
  return fractionalCostFloor(material, longest, open);
}
