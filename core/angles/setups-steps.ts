/**
 * The steps of the angle setups stage (Haessler's sequential heuristic over sequence patterns): fix, step
 * by step, a sequence cut on many bars at once, as long as the oracle finds a plan for the rest within the
 * cost and bars left; every state is a complete plan of at most the starting cost.
 */
import type { Budget } from '../budget.ts';
import { type DpCache, fullestSequence } from './fullest.ts';
import type { AngleJob, SeqBar } from './job.ts';
import { barSetupKey } from './setups-count.ts';
import type { AngleOracle } from './setups-oracle.ts';

/** Oracle calls a step may make before it gives up (each candidate that passes the cost floor is one). */
const CALLS_PER_STEP = 16;
/** Multiplicities tried per step, largest first. */
const MULTIPLICITIES = 24;

/** Where the steps stand: sequences fixed so far with their bars, what is left, and a plan for it. */
export interface State {
  readonly taken: readonly { readonly bar: SeqBar; readonly count: number }[];
  readonly demand: Int32Array;
  readonly supply: Float64Array;
  /** Cost the rest may still take (job cost units). */
  readonly room: number;
  /** Purchased bars the rest may still take. */
  readonly bars: number;
  readonly rest: readonly SeqBar[];
}

interface Candidate {
  readonly bar: SeqBar;
  readonly bars: number;
  readonly material: number;
}

/** A bar's layout: its source and its pieces with their poses in order. */
export const layoutKey = (b: SeqBar): string =>
  `${b.source}:${b.pieces.map((p) => `${p.shape}.${p.pose}`).join(',')}`;

export function planOfState(state: State): SeqBar[] {
  const out: SeqBar[] = [];
  for (const t of state.taken) for (let n = 0; n < t.count; n++) out.push(t.bar);
  return [...out, ...state.rest];
}

/** Takes steps until the demand is cut, no step keeps the rest within bounds, or the budget ends. */
export function runSteps(
  job: AngleJob,
  start: State,
  oracle: AngleOracle,
  budget: Budget,
  order: 'bars' | 'pieces',
  cache: DpCache,
  better: (a: readonly SeqBar[], b: readonly SeqBar[]) => boolean,
): SeqBar[] {
  let state = start;
  let best = planOfState(start);
  while (!budget.expired() && state.demand.some((d) => d > 0)) {
    const next = step(job, state, oracle, budget, candidates(job, state, order, cache));
    if (next === null) break;
    state = next;
    const plan = planOfState(state);
    if (better(plan, best)) best = plan;
  }
  return best;
}

function step(
  job: AngleJob,
  state: State,
  oracle: AngleOracle,
  budget: Budget,
  list: readonly Candidate[],
): State | null {
  let calls = 0;
  for (const c of list) {
    if (calls >= CALLS_PER_STEP || budget.expired()) return null;
    const source = job.base.sources[c.bar.source];
    if (!source) continue;
    const demand = state.demand.slice();
    for (const p of c.bar.pieces) demand[p.shape] = (demand[p.shape] ?? 0) - c.bars;
    const supply = state.supply.slice();
    supply[c.bar.source] = (supply[c.bar.source] ?? 0) - c.bars;
    const room = state.room - source.cost * c.bars;
    const bars = state.bars - (source.kind === 'stock' ? c.bars : 0);
    if (bars < 0 || room < 0 || demand.some((d) => d < 0) || (supply[c.bar.source] ?? 0) < 0) continue;
    if (Math.ceil(costFloor(job, demand, supply) - 1e-9) > room) continue;
    // The rest's own plan holds these bars already: what it leaves is a plan for what is left.
    let rest: SeqBar[] | null = without(state.rest, c.bar, c.bars);
    if (rest === null && demand.some((d) => d > 0)) {
      calls++;
      rest = oracle(demand, supply, room, bars, state.rest);
    }
    if (rest === null) rest = demand.some((d) => d > 0) ? null : [];
    if (rest === null) continue;
    const taken = [...state.taken, { bar: c.bar, count: c.bars }];
    return { taken, demand, supply, room, bars, rest };
  }
  return null;
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
      if (seq) out.push({ bar: { source: k, pieces: seq.pieces }, bars: m, material: seq.material });
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
    if (m >= 1) out.push({ bar: b, bars: m, material: materialOf(b.pieces) });
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
    .map((s, k) => ({ s, room: s.length - t, left: supply[k] ?? 0 }))
    .filter((x) => x.left > 0 && x.room > 0)
    .sort((a, b) => a.s.cost / a.room - b.s.cost / b.room);
  if (!open.some((x) => x.room >= longest)) return Number.POSITIVE_INFINITY;
  let floor = 0;
  for (const { s, room, left } of open) {
    const take = Math.min(material, left * room);
    floor += (take * s.cost) / room;
    material -= take;
    if (material <= 0) return floor;
  }
  return Number.POSITIVE_INFINITY;
}
