/**
 * The sequential heuristic for setups (Haessler 1975), for any kind of pattern: fix, step by step, a
 * pattern cut on many bars at once, as long as what is left can still be cut within the cost and the
 * purchased bars left; an oracle decides that and hands back a plan for the rest, so every state is a
 * complete plan of at most the starting cost. What a pattern is (a multiset of lengths for square jobs,
 * a sequence of posed pieces for angle jobs) is the {@link PatternDomain}'s: which candidates a state
 * offers, what one cuts, and a floor on the cost of what is left.
 */
import type { Budget } from '../../budget.ts';
import { CALLS_PER_STEP } from '../tuning.ts';

/**
 * A plan for `demand` (per demand row) from `supply` (per source) that costs at most `room` and buys at
 * most `bars` bars, or null when none was found; `hint` is the plan the caller stands on (an oracle may
 * seed its search with it). Both stages' oracles have this shape.
 */
export type Oracle<B> = (
  demand: Int32Array,
  supply: Float64Array,
  room: number,
  bars: number,
  hint?: readonly B[],
) => B[] | null;

/** Where the steps stand: plan entries fixed so far, what is left, and a plan for it. */
export interface State<B> {
  readonly taken: readonly B[];
  readonly demand: Int32Array;
  readonly supply: Float64Array;
  /** Cost the rest may still take (job cost units). */
  readonly room: number;
  /** Purchased bars the rest may still take (infinite when the method does not rank bars). */
  readonly bars: number;
  readonly rest: readonly B[];
}

/** A candidate step: a pattern cut from `source` on `bars` bars. */
export interface Step {
  readonly source: number;
  readonly bars: number;
}

/** What the heuristic needs of a kind of pattern (`B`: an entry of a plan; `C`: a candidate step). */
export interface PatternDomain<B, C extends Step> {
  /** The job's sources: what a bar of each costs, and whether it is bought. */
  readonly sources: readonly { readonly cost: number; readonly kind: 'stock' | 'offcut' }[];
  /** The steps a state offers, in the order they are tried. */
  candidates(state: State<B>): readonly C[];
  /** Takes what `c` cuts (its pieces times its bars) off `demand`. */
  cut(c: C, demand: Int32Array): void;
  /** A lower bound on the cost of cutting `demand` from `supply` (infinite when it cannot be cut). */
  costFloor(demand: Int32Array, supply: Float64Array): number;
  /** The plan entries `c` fixes. */
  fixed(c: C): readonly B[];
  /** The rest's own plan less `c`'s bars when it holds them (then no oracle is asked), else null. */
  reuse?(rest: readonly B[], c: C): B[] | null;
}

/** A state's complete plan. */
export function planOfState<B>(state: State<B>): B[] {
  return [...state.taken, ...state.rest];
}

/**
 * Takes steps until the demand is cut, no step keeps the rest within the cost and bars, or the budget
 * ends. Returns the last state and the best complete plan passed through (by `better`).
 */
export function runSteps<B, C extends Step>(
  domain: PatternDomain<B, C>,
  start: State<B>,
  oracle: Oracle<B>,
  budget: Budget,
  better: (a: readonly B[], b: readonly B[]) => boolean,
): { readonly end: State<B>; readonly best: B[] } {
  let state = start;
  let best = planOfState(start);
  while (!budget.expired() && state.demand.some((d) => d > 0)) {
    const next = step(domain, state, oracle, budget);
    if (next === null) break;
    state = next;
    const plan = planOfState(state);
    if (better(plan, best)) best = plan;
  }
  return { end: state, best };
}

/** The first candidate whose rest the oracle can cut within the cost and bars left, taken. */
function step<B, C extends Step>(
  domain: PatternDomain<B, C>,
  state: State<B>,
  oracle: Oracle<B>,
  budget: Budget,
): State<B> | null {
  let calls = 0;
  for (const c of domain.candidates(state)) {
    if (calls >= CALLS_PER_STEP || budget.expired()) return null;
    const source = domain.sources[c.source];
    if (!source) continue;
    const demand = state.demand.slice();
    domain.cut(c, demand);
    const supply = state.supply.slice();
    supply[c.source] = (supply[c.source] ?? 0) - c.bars;
    const room = state.room - source.cost * c.bars;
    const bars = state.bars - (source.kind === 'stock' ? c.bars : 0);
    if (bars < 0 || room < 0 || demand.some((d) => d < 0) || (supply[c.source] ?? 0) < 0) continue;
    // Plan costs are whole cost units, so the fractional floor rounds up.
    if (Math.ceil(domain.costFloor(demand, supply) - 1e-9) > room) continue;
    const left = demand.some((d) => d > 0);
    let rest: B[] | null = domain.reuse?.(state.rest, c) ?? null;
    if (rest === null && left) {
      calls++;
      rest = oracle(demand, supply, room, bars, state.rest);
    }
    if (rest === null && left) continue;
    const taken = [...state.taken, ...domain.fixed(c)];
    return { taken, demand, supply, room, bars, rest: rest ?? [] };
  }
  return null;
}

/** A bar kind a floor may fill: its cost, the room it offers, and how many are left. */
export interface FloorBar {
  readonly cost: number;
  readonly room: number;
  readonly left: number;
}

/**
 * A lower bound on the cost of cutting pieces of `amount` in total (the longest `longest`): the amount
 * spread over `open` bars cheapest per unit of room first (a fractional relaxation); infinite when the
 * longest piece fits no bar or the bars cannot hold the amount.
 */
export function fractionalCostFloor(amount: number, longest: number, open: readonly FloorBar[]): number {
  if (amount === 0) return 0;
  const sorted = [...open].sort((a, b) => a.cost / a.room - b.cost / b.room);
  if (!sorted.some((x) => x.room >= longest)) return Number.POSITIVE_INFINITY;
  let left = amount;
  let floor = 0;
  for (const { cost, room, left: bars } of sorted) {
    const take = Math.min(left, bars * room);
    floor += (take * cost) / room;
    left -= take;
    if (left <= 0) return floor;
  }
  return Number.POSITIVE_INFINITY;
}
