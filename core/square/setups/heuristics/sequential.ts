/**
 * The sequential heuristic for setups (Haessler 1975): fix, step by step, a pattern cut on many bars at
 * once, as long as what is left can still be cut within the cost left; an oracle (greedy packing, then
 * the solver itself) decides that and hands back a plan for the rest, so every state is a complete plan
 * of at most the starting cost. Patterns are the fullest that the multiplicity allows (no piece beyond
 * the demand left), tried from the largest multiplicity down.
 */
import type { Budget } from '../../../budget.ts';
import type { Job, Layout } from '../../../model/index.ts';
import { solveKnapsacks } from '../../../pricing/index.ts';
import {
  fractionalCostFloor,
  MULTIPLICITIES,
  type PatternDomain,
  runSteps as runDomainSteps,
  type Oracle as StepsOracle,
  type State as StepsState,
} from '../../../setups/index.ts';

/** The square oracle: a plan of layouts for what is left (the shape of {@link Oracle}). */
export type Oracle = StepsOracle<Layout>;

/** Where the square steps stand: layouts fixed so far, what is left, and a plan for it. */
export type State = StepsState<Layout>;

export interface StepOptions {
  /** When set, a step cuts whole bundles only: bars a multiple of this (null: the source takes none). */
  readonly bundleOf?: (source: number) => number | null;
  /**
   * Candidates most bars first (default), or first the patterns of the plan of what is left on as many
   * bars as the demand allows (`rest`), then most bars first.
   */
  readonly order?: 'bars' | 'rest';
  /** True when complete plan `a` is to be kept over `b`. */
  readonly better: (a: readonly Layout[], b: readonly Layout[]) => boolean;
}

/** The state of a plan before any step: the rest may cost `cost` and buy `bars` bars. */
export function startState(job: Job, layouts: readonly Layout[], cost: number, bars: number): State {
  return {
    taken: [],
    demand: Int32Array.from(job.items, (it) => it.demand),
    supply: Float64Array.from(job.sources, (s) => s.supply),
    room: cost,
    bars,
    rest: layouts,
  };
}

export { planOfState } from '../../../setups/index.ts';

/**
 * Takes steps until the demand is cut, no step keeps the rest within the cost, or the budget ends.
 * Returns the last state and the best complete plan passed through (by `options.better`).
 */
export function runSteps(
  job: Job,
  start: State,
  oracle: Oracle,
  budget: Budget,
  options: StepOptions,
): { readonly end: State; readonly best: Layout[] } {
  return runDomainSteps(squareDomain(job, options), start, oracle, budget, options.better);
}

/** Square patterns: multisets of item counts, cut from one source on many bars. */
function squareDomain(job: Job, options: StepOptions): PatternDomain<Layout, Candidate> {
  return {
    sources: job.sources,
    candidates: (state) => candidates(job, state, options),
    cut: (c, demand) =>
      c.counts.forEach((a, i) => {
        demand[i] = (demand[i] ?? 0) - a * c.bars;
      }),
    costFloor: (demand, supply) => costFloor(job, demand, supply),
    fixed: (c) => [{ source: c.source, counts: c.counts, count: c.bars }],
  };
}

interface Candidate {
  readonly source: number;
  readonly bars: number;
  readonly counts: Int32Array;
  readonly weight: number;
}

/**
 * Candidate steps, most bars first; among equal bars the cheapest per unit of length cut, then the
 * fullest pattern, then the source's order. Each is the fullest pattern (by the fast knapsack: it always
 * fits) whose pieces, times the bars, stay within the demand left.
 */
function candidates(job: Job, state: State, options: StepOptions): Candidate[] {
  const { demand, supply } = state;
  const sources = job.sources
    .map((_, k) => k)
    .filter((k) => (supply[k] ?? 0) >= 1 && (!options.bundleOf || options.bundleOf(k) !== null));
  if (sources.length === 0) return [];
  const most = Math.max(...sources.map((k) => supply[k] ?? 0));
  const values = new Set<number>();
  if (options.bundleOf) {
    const top = Math.max(...demand);
    for (const k of sources) {
      const size = options.bundleOf(k) ?? 1;
      for (let m = size; m <= Math.min(top, supply[k] ?? 0); m += size) values.add(m);
    }
  } else {
    demand.forEach((d) => {
      for (let a = 1; a <= d; a++) {
        const m = Math.floor(d / a);
        if (m <= most) values.add(m);
        if (values.size > 4 * MULTIPLICITIES) break;
      }
    });
  }
  const multiplicities = [...values].sort((a, b) => b - a).slice(0, MULTIPLICITIES);
  const weights = Float64Array.from(job.items, (it) => it.weight);
  const out: Candidate[] = [];
  for (const m of multiplicities) {
    const bounds = Int32Array.from(demand, (d) => Math.floor(d / m));
    if (bounds.every((b) => b <= 0)) continue;
    const usable = sources.filter((k) => {
      const size = options.bundleOf?.(k);
      return (supply[k] ?? 0) >= m && (size == null || m % size === 0);
    });
    if (usable.length === 0) continue;
    const capacities = usable.map((k) => job.sources[k]?.capacity ?? 0);
    const packed = solveKnapsacks({ values: weights, weights, bounds }, capacities, { mode: 'fast' });
    const here: Candidate[] = [];
    usable.forEach((k, j) => {
      const counts = packed[j]?.counts;
      if (!counts || counts.every((c) => c <= 0)) return;
      let weight = 0;
      counts.forEach((a, i) => {
        weight += a * (job.items[i]?.weight ?? 0);
      });
      here.push({ source: k, bars: m, counts: Int32Array.from(counts), weight });
    });
    here.sort((a, b) => {
      const ca = (job.sources[a.source]?.cost ?? 0) / a.weight;
      const cb = (job.sources[b.source]?.cost ?? 0) / b.weight;
      return ca - cb || b.weight - a.weight || a.source - b.source;
    });
    out.push(...here);
  }
  if (options.order === 'rest' && !options.bundleOf) return [...fromRest(job, state), ...out];
  return out;
}

/**
 * The patterns of the plan of what is left, each on as many bars as the demand and supply allow when
 * that is more than the plan gives it (a known-good pattern repeated), most pieces cut first.
 */
function fromRest(job: Job, state: State): Candidate[] {
  const out: Candidate[] = [];
  for (const l of state.rest) {
    let m = Math.floor(state.supply[l.source] ?? 0);
    l.counts.forEach((a, i) => {
      if (a > 0) m = Math.min(m, Math.floor((state.demand[i] ?? 0) / a));
    });
    if (m <= l.count) continue;
    let weight = 0;
    l.counts.forEach((a, i) => {
      weight += a * (job.items[i]?.weight ?? 0);
    });
    out.push({ source: l.source, bars: m, counts: l.counts, weight });
  }
  const pieces = (c: Candidate): number => c.bars * c.counts.reduce((a, b) => a + b, 0);
  return out
    .map((c, k) => ({ c, k }))
    .sort((a, b) => pieces(b.c) - pieces(a.c) || a.k - b.k)
    .map((x) => x.c);
}

/**
 * A lower bound on the cost of cutting `demand` from `supply`: the pieces' total weight spread over the
 * bars cheapest per unit of capacity first (a fractional relaxation); infinite when a piece fits no bar
 * left or the bars cannot hold the weight.
 */
export function costFloor(job: Job, demand: Int32Array, supply: Float64Array): number {
  let weight = 0;
  let longest = 0;
  demand.forEach((d, i) => {
    if (d <= 0) return;
    const w = job.items[i]?.weight ?? 0;
    weight += d * w;
    longest = Math.max(longest, w);
  });
  if (weight === 0) return 0;
  const open = job.sources
    .map((s, k) => ({ cost: s.cost, room: s.capacity, left: supply[k] ?? 0 }))
    .filter((x) => x.left > 0);
  return fractionalCostFloor(weight, longest, open);
}
