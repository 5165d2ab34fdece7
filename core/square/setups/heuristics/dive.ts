/**
 * An LP-guided dive for setups: solve the pattern-minimisation LP of what is left (pmp-master.ts, at the
 * value and bars left), fix the pattern the LP leans on most, on the bars the LP gives it (rounded), when
 * the oracle confirms that the rest can still be cut within the value and bars left; repeat. Every state
 * is a complete plan (the fixed setups and the oracle's plan for the rest) of at most the starting cost,
 * like the sequential heuristic's (sequential.ts), whose states and oracle it shares; it differs in where
 * the patterns come from: the LP weighs all items and multiplicities at once instead of taking the
 * fullest pattern of the largest multiplicity.
 */
import type { Budget } from '../../../budget.ts';
import type { LpEngine } from '../../../lp/index.ts';
import { type Job, type Layout, PRACTICAL_ITEM_TYPES } from '../../../model/index.ts';
import { generateColumns, type LengthClass, lengthClasses, PmpMaster } from '../../../setups/index.ts';
import { DIVE_MAX_STEPS, DIVE_STEP_LP, DIVE_TRIES_PER_STEP } from '../tuning.ts';
import { costFloor, type Oracle, planOfState, type State } from './sequential.ts';

/** The best complete plan the dive passed through (by `better`), starting from `start`. */
export function lpDive(
  job: Job,
  start: State,
  oracle: Oracle,
  engine: LpEngine,
  budget: Budget,
  better: (a: readonly Layout[], b: readonly Layout[]) => boolean,
): Layout[] {
  let state = start;
  let best = planOfState(start);
  // On long lists each step's LP costs seconds and patterns seldom repeat (docs/solver.md, "Tuning").
  if (job.items.length > PRACTICAL_ITEM_TYPES) return best;
  const limits = { value: start.room, bars: start.bars };
  const master = new PmpMaster(job, engine, lengthClasses(job, limits), limits);
  try {
    for (let steps = 0; steps < DIVE_MAX_STEPS && !budget.expired(); steps++) {
      if (!state.demand.some((d) => d > 0)) break;
      const rest = restOf(job, state);
      master.restrict(rest, { value: state.room, bars: state.bars });
      master.addPlan(state.rest);
      const run = generateColumns(
        master,
        { target: Number.POSITIVE_INFINITY, floor: 0 },
        budget,
        DIVE_STEP_LP,
      );
      const sol = run.solution;
      if (!sol || sol.artificial > 1e-9) break;
      const next = fix(job, state, master.classes, weights(master, sol.y), oracle);
      if (!next) break;
      state = next;
      const plan = planOfState(state);
      if (better(plan, best)) best = plan;
    }
  } finally {
    master.dispose();
  }
  return best;
}

interface Weighted {
  readonly cls: number;
  readonly counts: Int32Array;
  /** Σ y over the LP's columns of this pattern, and Σ k·y (the bars the LP gives it). */
  readonly y: number;
  readonly bars: number;
}

/** The LP's patterns (one per length and pattern, whatever the multiplicity), most weight first. */
function weights(master: PmpMaster, y: Float64Array): Weighted[] {
  const by = new Map<string, { cls: number; counts: Int32Array; y: number; bars: number }>();
  master.columns.forEach((c, j) => {
    const v = y[j] ?? 0;
    if (v <= 1e-6) return;
    const key = `${c.cls}:${c.counts.join(',')}`;
    const w = by.get(key) ?? { cls: c.cls, counts: c.counts, y: 0, bars: 0 };
    w.y += v;
    w.bars += v * c.k;
    by.set(key, w);
  });
  return [...by.values()].sort((a, b) => b.y - a.y || b.bars - a.bars);
}

/** The first of the heaviest patterns that the oracle confirms, fixed; null when none is. */
function fix(
  job: Job,
  state: State,
  classes: readonly LengthClass[],
  patterns: readonly Weighted[],
  oracle: Oracle,
): State | null {
  for (const p of patterns.slice(0, DIVE_TRIES_PER_STEP)) {
    let most = Number.POSITIVE_INFINITY;
    p.counts.forEach((a, i) => {
      if (a > 0) most = Math.min(most, Math.floor((state.demand[i] ?? 0) / a));
    });
    const tries = [...new Set([Math.round(p.bars), Math.floor(p.bars), Math.ceil(p.bars)])]
      .map((m) => Math.min(most, m))
      .filter((m) => m >= 1);
    for (const m of [...new Set(tries)]) {
      const next = take(job, state, classes[p.cls], p.counts, m);
      if (!next) continue;
      if (Math.ceil(costFloor(job, next.demand, next.supply) - 1e-9) > next.room) continue;
      const rest = next.demand.some((d) => d > 0)
        ? oracle(next.demand, next.supply, next.room, next.bars)
        : [];
      if (rest) return { ...next, rest };
    }
  }
  return null;
}

/** `m` bars of a length on one pattern, the cheapest of its sources first (owned offcuts on a tie). */
function take(
  job: Job,
  state: State,
  cls: LengthClass | undefined,
  counts: Int32Array,
  m: number,
): Omit<State, 'rest'> | null {
  if (!cls) return null;
  const order = [...cls.sources].sort((a, b) => {
    const sa = job.sources[a];
    const sb = job.sources[b];
    return (
      (sa?.cost ?? 0) - (sb?.cost ?? 0) || (sa?.kind === 'offcut' ? -1 : 0) - (sb?.kind === 'offcut' ? -1 : 0)
    );
  });
  const supply = state.supply.slice();
  const taken = [...state.taken];
  let need = m;
  let room = state.room;
  let bars = state.bars;
  for (const k of order) {
    const n = Math.min(need, supply[k] ?? 0);
    if (n <= 0) continue;
    const s = job.sources[k];
    supply[k] = (supply[k] ?? 0) - n;
    room -= (s?.cost ?? 0) * n;
    if (s?.kind === 'stock') bars -= n;
    taken.push({ source: k, counts: counts.slice(), count: n });
    need -= n;
    if (need === 0) break;
  }
  if (need > 0 || room < -1e-9 || bars < 0) return null;
  const demand = Int32Array.from(state.demand, (d, i) => d - m * (counts[i] ?? 0));
  return { taken, demand, supply, room, bars };
}

/** The job of what is left: the same items and sources, with the demand and supply left. */
function restOf(job: Job, state: State): Job {
  return {
    ...job,
    items: job.items.map((it, i) => ({ ...it, demand: Math.max(0, state.demand[i] ?? 0) })),
    sources: job.sources.map((s, k) => ({ ...s, supply: state.supply[k] ?? 0 })),
  };
}
