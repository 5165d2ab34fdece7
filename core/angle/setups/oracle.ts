/**
 * The oracle of the angle setups stage: a plan for the demand left within the cost and the purchased bars
 * left. The sequence greedy first (instant, and enough whenever the cost leaves some slack), then the
 * angle search itself (column generation over sequences, dives) on the residual job, a limited number of
 * times, each bounded by counted work so that where it stops does not depend on the machine.
 */
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import { barsTieBreak, counted, type Oracle } from '../../setups/index.ts';
import {
  type AngleJob,
  finishBars,
  greedySequences,
  planCostOf,
  type SeqBar,
  sequenceKey,
  solveAngleGroup,
  spanOf,
} from '../search/index.ts';

/**
 * A plan for `demand` (per shape) from `supply` (per source) costing ≤ `room` and buying ≤ `bars`;
 * `hint` is a plan the caller stands on, whose sequences seed the search. The square oracle's shape.
 */
export type AngleOracle = Oracle<SeqBar>;

export interface AngleOracleLimits {
  /** Searches the oracle may run in all. */
  readonly solves: number;
  /** Deadline checks one search may make (work, counted the same on any machine). */
  readonly checks: number;
  /** Share of the budget left one search may take at most, and its cap in ms (a safety net). */
  readonly share: number;
  readonly maxMs: number;
}

export const DEFAULT_ANGLE_ORACLE: AngleOracleLimits = { solves: 32, checks: 120, share: 0.25, maxMs: 1000 };

/** Bars a plan buys (offcut bars are owned). */
export function purchasedBarsOf(job: AngleJob, bars: readonly SeqBar[]): number {
  let n = 0;
  for (const b of bars) if (job.base.sources[b.source]?.kind === 'stock') n++;
  return n;
}

/** An oracle over `job` (its shapes and sources; demand and supply vary per call). */
export function angleOracle(
  job: AngleJob,
  engine: LpEngine,
  budget: Budget,
  limits: AngleOracleLimits = DEFAULT_ANGLE_ORACLE,
): AngleOracle {
  let solves = 0;
  const fits = (bars: readonly SeqBar[], room: number, most: number): boolean =>
    planCostOf(job, bars) <= room && purchasedBarsOf(job, bars) <= most;
  // Both orders of the stage start from the same states: an answer is kept per question.
  const answers = new Map<string, SeqBar[] | null>();
  return (demand, supply, room, most, hint = []) => {
    const key = `${demand.join(',')}|${supply.join(',')}|${room}|${most}`;
    if (answers.has(key)) return answers.get(key) ?? null;
    const answer = ask(demand, supply, room, most, hint);
    answers.set(key, answer);
    return answer;
  };

  function ask(
    demand: Int32Array,
    supply: Float64Array,
    room: number,
    most: number,
    hint: readonly SeqBar[],
  ): SeqBar[] | null {
    const sub = residualJob(job, demand, supply, Number.isFinite(most));
    const greedy = greedySequences(sub.job, sub.demand, Float64Array.from(supply));
    const packed = greedy ? finishBars(sub.job, greedy, supply) : null;
    if (packed) {
      const bars = packed.map(sub.widen);
      if (fits(bars, room, most)) return bars;
    }
    if (solves >= limits.solves || budget.expired()) return null;
    solves++;
    const ms = Math.min(limits.maxMs, budget.remainingMs() * limits.share);
    const r = solveAngleGroup(sub.job, engine, counted(budget.sub(ms), limits.checks), () => null, {
      enough: (b) => fits(b.map(sub.widen), room, most),
      above: sub.costOf(room, most),
      columns: sub.columnsOf(hint),
    });
    if (!r) return null;
    const bars = r.bars.map(sub.widen);
    return fits(bars, room, most) ? bars : null;
  }
}

/**
 * The job of what is left: the shapes still wanted, sources with the bars left, costs with the
 * fewest-bars tie-break of the square oracle (core/setups/bars-tie-break.ts) when `fewestBars`.
 */
function residualJob(
  job: AngleJob,
  demand: Int32Array,
  supply: Float64Array,
  fewestBars: boolean,
): {
  job: AngleJob;
  costOf: (room: number, bars: number) => number;
  columnsOf: (bars: readonly SeqBar[]) => SeqBar[];
  demand: Int32Array;
  widen: (bar: SeqBar) => SeqBar;
} {
  const keep: number[] = [];
  demand.forEach((d, s) => {
    if (d > 0) keep.push(s);
  });
  const tie = barsTieBreak(demand, job.base.objective, fewestBars);
  const sub: AngleJob = {
    ...job,
    shapes: keep.map((s) => ({ ...(job.shapes[s] as AngleJob['shapes'][number]), demand: demand[s] ?? 0 })),
    base: {
      ...job.base,
      sources: job.base.sources.map((s, k) => ({
        ...s,
        supply: supply[k] ?? 0,
        cost: tie.sourceCost(s.cost, s.kind),
      })),
      offcutsFirst: false,
    },
  };
  return {
    job: sub,
    costOf: tie.costOf,
    // A bar's sequence with the shapes no longer wanted left out (taking pieces out never lengthens a
    // sequence; checked all the same), as a column of the residual master.
    columnsOf: (bars) => {
      const index = new Map(keep.map((s, j) => [s, j]));
      const out: SeqBar[] = [];
      const seen = new Set<string>();
      for (const b of bars) {
        const pieces = b.pieces.flatMap((p) => {
          const j = index.get(p.shape);
          return j === undefined ? [] : [{ shape: j, pose: p.pose }];
        });
        const bar = { source: b.source, pieces };
        const key = sequenceKey(bar);
        if (pieces.length === 0 || seen.has(key)) continue;
        seen.add(key);
        if (spanOf(sub, bar) <= (sub.base.sources[b.source]?.length ?? 0)) out.push(bar);
      }
      return out;
    },
    demand: Int32Array.from(keep, (s) => demand[s] ?? 0),
    widen: (bar) => ({
      source: bar.source,
      pieces: bar.pieces.map((p) => ({ shape: keep[p.shape] ?? -1, pose: p.pose })),
    }),
  };
}
