/**
 * Branch and price over square patterns: the kernel's pattern tree filled with the arc-flow view's arcs,
 * the diver's completions and dives, and the arc-flow decomposition that makes integral flows a plan.
 */

import type { CountCut } from '../../../bounds/index.ts';
import { type Budget, workLimited } from '../../../budget.ts';
import type { Residual } from '../../../master/index.ts';
import {
  type Ablation,
  type Incumbent,
  type Job,
  type Layout,
  NO_OPT_IN,
  type OptIn,
  runToEnd,
  type SearchTrace,
} from '../../../model/index.ts';
import { type Arc, type ArcMap, arcCell } from '../../../pricing/index.ts';
import {
  type BranchFlow,
  type NodeFixing,
  type PatternTree,
  type StrongBranching,
  treeSteps,
} from '../../../tree/index.ts';
import type { Column, ColumnGeneration } from '../master/index.ts';
import type { Diver, StepRule } from './dive.ts';
import {
  FULL_BAR_DIVE_SOLVES,
  STRONG_BRANCHING,
  STRONG_FLOOR_STREAK,
  STRONG_TRIAL_ROUNDS,
  STRONG_TRIAL_SHARE,
} from './tuning.ts';

/**
 * Strong branching for full-bar jobs under an ablation (with `strong-branching` on) and the opt-in
 * techniques `on` (`strong-streak`).
 */
export function strongOf(off: Ablation, on: OptIn = NO_OPT_IN): StrongBranching {
  return {
    ...STRONG_BRANCHING,
    history: !off.has('strong-history'),
    ...(off.has('strong-rounds') ? {} : { rounds: STRONG_TRIAL_ROUNDS }),
    ...(off.has('strong-share') ? {} : { share: STRONG_TRIAL_SHARE }),
    ...(on.has('strong-streak') ? { streak: STRONG_FLOOR_STREAK } : {}),
  };
}

/**
 * The budget of a job's first dive after the root: for a full-bar job (technique `full-bar-dive-cap`),
 * `budget` ending also once `solves()` has grown by {@link FULL_BAR_DIVE_SOLVES}; else `budget` itself.
 */
export function firstDiveBudget(
  off: Ablation,
  fullBars: boolean,
  budget: Budget,
  solves: () => number,
): Budget {
  if (!fullBars || off.has('full-bar-dive-cap')) return budget;
  const start = solves();
  return workLimited(budget, () => solves() - start, FULL_BAR_DIVE_SOLVES);
}

/**
 * Branch and price. A node bounds the number of bars of each source and the flow on some arcs (item j cut
 * at position p of a bar laid out longest first); both are plain row bounds the pricing understands.
 * A fractional source total splits first (`bars ≤ ⌊t⌋` | `bars ≥ ⌈t⌉`); then the most fractional arc
 * flow. When every total and every arc flow is integral, the flow splits into whole bars: the node is
 * solved exactly. Best-first (deepest first among equal bounds), so the lowest open bound rises as fast as
 * possible while ties dive. Returns a valid bound for the whole job: the lowest bound of any node left
 * open (or the incumbent's cost once the tree is closed).
 */
export function branchAndPrice(search: TreeSearch, rootBound: number, budget: Budget): number {
  return runToEnd(branchAndPriceSteps(search, rootBound, budget));
}

/** What branch and price works on: the job, its master, the diver and incumbent it feeds, the trace. */
export interface TreeSearch {
  readonly job: Job;
  readonly cg: ColumnGeneration;
  readonly diver: Diver;
  /** How the dives from the top nodes step (see {@link StepRule}). */
  readonly diveSteps: StepRule;
  readonly root: Residual;
  /** Cuts on the bar counts valid for every plan of the root's demand (from the root's duals). */
  readonly rootCuts: readonly CountCut[];
  readonly trace: SearchTrace;
  readonly inc: Incumbent;
  /**
   * Full-bar jobs (see `solveGroup`): the pieces' total over the bar capacity, a lower bound on every
   * node's LP at which its column generation stops; and no dives from the top nodes.
   */
  readonly fullBars?: { readonly floor: number };
  /** Tight pricing rounds at the proof's edge (technique `tight-bound`; off only for the benchmark). */
  readonly tight?: boolean;
  /** Reduced-cost fixing for subtrees from each node's duals (technique `node-fixing`). */
  readonly nodeFixing?: NodeFixing;
  /** Strong branching on arcs at the full-bar floor (technique `strong-branching`). */
  readonly strong?: StrongBranching;
  /** A node LP a hair above the full-bar floor stops there (technique `floor-margin`). */
  readonly floorMargin?: boolean;
  /** Depth first (opt-in technique `plunge`). */
  readonly plunge?: boolean;
}

/**
 * {@link branchAndPrice} as a resumable walk: it pauses after every node, so a scheduler can share the
 * work with the dives by pricing rounds. Every node sets the master's residual itself. Returns the bound.
 */
export function branchAndPriceSteps(
  search: TreeSearch,
  rootBound: number,
  budget: Budget,
): Generator<void, number, void> {
  return treeSteps(squareTree(search), rootBound, budget);
}

/** The square pattern kind's tree: arcs of the arc-flow view, the diver's completions and dives. */
function squareTree(search: TreeSearch): PatternTree<Column> {
  const { job, cg, diver, inc } = search;
  const weights = job.items.map((it) => it.weight);
  return {
    job,
    master: cg,
    root: search.root,
    rootCuts: search.rootCuts,
    trace: search.trace,
    ...(search.fullBars ? { fullBars: search.fullBars } : {}),
    tight: search.tight ?? false,
    ...(search.nodeFixing ? { fixing: search.nodeFixing } : {}),
    ...(search.strong ? { strong: search.strong } : {}),
    floorMargin: search.floorMargin ?? false,
    plunge: search.plunge ?? false,
    pruneAt: () => inc.pruneAt(),
    explored: (x, here) => diver.complete(x, here, []),
    arcFlows: (x) => {
      const flows = new Map<string, BranchFlow>();
      for (const [key, f] of cg.arcFlows(x))
        flows.set(key, { value: f.flow, weight: 1 + (weights[f.arc.item] ?? 0) / 1e12 });
      return flows;
    },
    // The master's columns are every pattern, so the flow is a plan of exactly this node's LP cost.
    integral: (x, totals) => {
      inc.offer(decompose(job, cg.arcFlows(x), totals), 'arc-flow decomposition');
      return true;
    },
    branched: (here, depth) => {
      if (depth < 2 && !search.fullBars) diver.dive(here, search.diveSteps, 0);
    },
  };
}

/**
 * Splits integral arc flows into whole bars: from position 0 of each source, follow arcs with flow left
 * until none leaves the position. Flow is conserved at every position (each column is a path), so every
 * walk ends and every unit of flow is used.
 */
function decompose(
  job: Job,
  flows: ReadonlyMap<string, { arc: Arc; flow: number }>,
  totals: Float64Array,
): Layout[] {
  const m = job.items.length;
  const left: ArcMap = new Map();
  for (const { arc, flow } of flows.values()) {
    const n = Math.round(flow);
    if (n <= 0) continue;
    const byItem = arcCell(left, arc);
    byItem.set(arc.item, (byItem.get(arc.item) ?? 0) + n);
  }
  const bars: Layout[] = [];
  totals.forEach((t, source) => {
    const byPos = left.get(source);
    for (let b = Math.round(t); b > 0 && byPos; b--) {
      const counts = new Int32Array(m);
      let pos = 0;
      for (;;) {
        const byItem = byPos.get(pos);
        const next = byItem ? [...byItem.entries()].find(([, n]) => n > 0) : undefined;
        if (!next || !byItem) break;
        const [item, n] = next;
        byItem.set(item, n - 1);
        counts[item] = (counts[item] ?? 0) + 1;
        pos += job.items[item]?.weight ?? 0;
      }
      if (counts.some((c) => c > 0)) bars.push({ source, counts, count: 1 });
    }
  });
  return bars;
}
