/**
 * A portfolio of perfect-packing searches with different bounds, choice orders and shares, for jobs whose
 * bound may be met with no waste.
 */
import { searchPacking } from './packing-search.ts';
import { PackingState } from './packing-state.ts';
import type { PerfectPackingInput, PerfectPackingStep } from './packing-types.ts';
import {
  LEFTOVER_NODES,
  LEFTOVER_NODES_GROWTH,
  LEFTOVER_NODES_MAX,
  PERFECT_PACKING_MAX_PIECES,
  QUANTUM,
} from './tuning.ts';

export type { PerfectPackingInput, PerfectPackingStep } from './packing-types.ts';

/** A portfolio member: its bound on the expensive long pieces, choice order, carry budgets and share. */
export interface MemberPlan {
  readonly maxExpensive: number;
  readonly byLevel: boolean;
  readonly carry: boolean;
  readonly share: number;
}

/**
 * The portfolio. At most one expensive long piece is the AI kernel's shape; none proves out fast when
 * it cannot work; the unbounded searches are complete for any job but propagate weakly. Placing the
 * long pieces of the lowest 2-adic valuation first lets the unbounded search reach leftovers that pack
 * on the hardest AI jobs; the last member is the search without that order and the carry budgets, which
 * some jobs need. A member's share is how many quanta it runs a turn: more for one member is fewer
 * operations for the rest. Which member finds which AI job is in docs/solver.md (Tuning).
 */
export const PLANS: readonly MemberPlan[] = [
  { maxExpensive: 1, byLevel: true, carry: true, share: 2 },
  { maxExpensive: 0, byLevel: false, carry: true, share: 1 },
  { maxExpensive: 2, byLevel: true, carry: true, share: 1 },
  { maxExpensive: Number.POSITIVE_INFINITY, byLevel: true, carry: true, share: 2 },
  { maxExpensive: Number.POSITIVE_INFINITY, byLevel: false, carry: false, share: 1 },
];

/**
 * Searches for a perfect packing: `bins` bars, each filled exactly to the capacity. Built for the
 * "augmented IRUP" (AI) instances of Delorme, Iori & Martello (2016), where nearly every bar holds one
 * long piece (over half a bar) and one or two short ones that fill it exactly, and a few bars (the
 * kernel) hold many short pieces.
 *
 * Model: a 0/1 variable per candidate bar ("row": a long piece with one or two short pieces summing to
 * its residual, found by hashing) and per long piece an "expensive" variable (the piece shares its bar
 * with three or more short pieces, chosen at the end). Each long piece takes exactly one option; each
 * kind of short piece is used at most as often as it is demanded. The copies no row can take any more
 * are left over, and the leftover has at most so many copies and so much weight (the bars without a long
 * piece and the expensive residuals): a row whose loss would pass either bound is forced. A
 * conflict-driven search (as in SAT solvers: propagation of these constraints, first-UIP clause learning
 * with the learnt clause shortened by resolution on its lower-level literals, fewest-options choice with
 * activity ties, Luby restarts, no saved choices) picks the rows; once every long piece is placed, the
 * short pieces left over are packed exactly into the expensive bars' residuals and the bars without a
 * long piece by a small bin-completion search. When that fails, a clause forbids the same leftover with
 * the same expensive pieces, and the search goes on.
 *
 * Carry budgets add what exact bar sums imply modulo powers of two: a bar's Σ (w mod m) is (C mod m)
 * plus m times a carry ≥ 0, and the carries of all bars add up to a constant fixed by the pieces. Above
 * each long piece's least carry there is a small slack (none at m = 2 on the AI jobs: each odd long
 * piece takes exactly one odd short one and the leftover none), shared by the chosen options and the
 * leftover; an option that no longer fits is set false. The choice can also take the long pieces of the
 * lowest 2-adic valuation first, which follows how the AI jobs were built (pieces split so that each
 * bar cancels modulo growing powers of two).
 *
 * Five such searches share the work round-robin (see `PLANS`), differing in how many long pieces may be
 * expensive: at most 1 (the AI kernel's shape), 0 (proves out in milliseconds when the kernel needs a
 * long piece), 2, and any number (complete for any job, but it propagates weakly; twice, with and
 * without the valuation order and carry budgets).
 *
 * `exhausted` proves that no perfect packing exists only when it comes back at once (an inexact total, a
 * piece longer than a bar, more long pieces than bars). Later it may follow from a leftover packing cut
 * off at its step limit, so it only means "gave up". Work is counted in operations (constraint and
 * clause visits, search nodes), never time; `work` does the same search however its operations are
 * sliced, and the same seed gives the same search.
 */
export class PerfectPacking {
  private readonly members: Member[] = [];
  private result: PerfectPackingStep | null = null;
  private granted = 0;
  private done = 0;
  private cursor = 0;
  private quantumLeft = 0;

  /**
   * `plans` is the portfolio (tests run one member at a time, where the others cannot hide a pruning
   * mistake in it).
   */
  constructor(input: PerfectPackingInput, seed = 1, plans: readonly MemberPlan[] = PLANS) {
    if (!PerfectPacking.exact(input)) {
      this.result = { status: 'exhausted' };
      return;
    }
    let bigs = 0;
    input.weights.forEach((w, i) => {
      if (2 * w > input.capacity) bigs += input.demands[i] ?? 0;
    });
    // Plans that coincide once the bound is capped at the long pieces run once.
    const seen = new Set<string>();
    for (const plan of plans) {
      const e = Math.min(plan.maxExpensive, bigs);
      const key = `${e} ${plan.byLevel} ${plan.carry}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const restart = (limit: number): PackingState =>
        new PackingState(input, seed + e, e, plan.byLevel, plan.carry, limit);
      const state = restart(LEFTOVER_NODES);
      this.members.push({ state, search: searchPacking(state), share: plan.share, restart, over: false });
    }
    this.quantumLeft = QUANTUM * (this.members[0]?.share ?? 1);
  }

  private static exact(input: PerfectPackingInput): boolean {
    const { weights, demands, capacity, bins } = input;
    if (!Number.isInteger(capacity) || capacity <= 0 || !Number.isInteger(bins) || bins < 0) return false;
    if (weights.length !== demands.length) return false;
    let total = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i] ?? 0;
      const d = demands[i] ?? 0;
      if (!Number.isInteger(w) || !Number.isInteger(d) || w <= 0 || d < 0 || w > capacity) return false;
      total += w * d;
    }
    return total === bins * capacity;
  }

  /** Cheap check: the total is exact and the job is small enough for the search's arrays. */
  static applies(input: PerfectPackingInput): boolean {
    if (!PerfectPacking.exact(input)) return false;
    let pieces = 0;
    for (const d of input.demands) pieces += d;
    return pieces <= PERFECT_PACKING_MAX_PIECES;
  }

  /** Operations done so far (may pass the total granted by the last pause's worth, a few hundred). */
  get ops(): number {
    return this.done;
  }

  /** Continues the search for up to `ops` counted operations (nodes, constraint visits), never time. */
  work(ops: number): PerfectPackingStep {
    if (this.result) return this.result;
    // The target is cumulative, so the pauses fall at the same operations however the work is sliced.
    this.granted += Math.max(0, ops);
    while (this.done < this.granted) {
      const m = this.members[this.cursor];
      if (!m) break;
      const before = m.state.ops;
      const step = m.search.next();
      const used = m.state.ops - before;
      this.done += used;
      this.quantumLeft -= used;
      if (step.done) {
        if (step.value.status === 'found') {
          this.result = step.value;
          return step.value;
        }
        if (m.state.cutOff && m.state.leftoverLimit < LEFTOVER_NODES_MAX) {
          m.state = m.restart(m.state.leftoverLimit * LEFTOVER_NODES_GROWTH);
          m.search = searchPacking(m.state);
        } else m.over = true;
      }
      if (m.over || this.quantumLeft <= 0) {
        if (!this.members.some((x) => !x.over)) {
          this.result = { status: 'exhausted' };
          return this.result;
        }
        do this.cursor = (this.cursor + 1) % this.members.length;
        while (this.members[this.cursor]?.over);
        this.quantumLeft = QUANTUM * (this.members[this.cursor]?.share ?? 1);
      }
    }
    return { status: 'working' };
  }
}

/** One search of the portfolio: a bound on the expensive long pieces, and its share of the rounds. */
interface Member {
  state: PackingState;
  search: Generator<void, PerfectPackingStep, void>;
  readonly share: number;
  /** How to start it again with a higher leftover limit. */
  readonly restart: (leftoverLimit: number) => PackingState;
  over: boolean;
}
