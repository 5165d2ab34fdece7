/**
 * Branch and price over sequences: the solver's tree (`treeSteps`, shared with square patterns) over the
 * covering master of sequences. Nodes bound the bars of each source, then the flow on the sequences' arcs
 * (`sequence-arcs.ts`), which the sequence pricing respects (σ per arc crossed, forbidden arcs left out);
 * integral flows split into bars that fit. Each solved node's LP is rounded down and completed greedily.
 */
import type { Budget } from '../../budget.ts';
import type { CoveringMaster, Residual } from '../../master/index.ts';
import { runToEnd } from '../../model/index.ts';
import { type BranchFlow, type PatternTree, treeSteps } from '../../tree/index.ts';
import { greedySequences } from './greedy.ts';
import type { AngleJob, SeqBar } from './job.ts';
import { splitSequenceFlows } from './sequence-arcs.ts';

/** What the tree over sequences works on: the job, its master at the root residual, the incumbent. */
export interface SequenceTreeSearch {
  readonly job: AngleJob;
  readonly master: CoveringMaster<SeqBar>;
  readonly root: Residual;
  /** A node costing this much or more cannot improve the incumbent (∞ with none to prune by). */
  readonly pruneAt: () => number;
  /** Takes a candidate plan (made exact and kept when better). */
  readonly offer: (bars: readonly SeqBar[] | null) => void;
}

/**
 * Branch and price from a root whose bound is `rootBound`, until the tree closes or `budget` expires.
 * Returns a valid lower bound on the group's cost (the incumbent's cost once the tree is closed).
 */
export function sequenceBranchAndPrice(
  search: SequenceTreeSearch,
  rootBound: number,
  budget: Budget,
): number {
  const { job, master } = search;
  const tree: PatternTree<SeqBar> = {
    job: job.base,
    master,
    root: search.root,
    rootCuts: [],
    // The angle search keeps no trace of its own: the tree's counters go nowhere.
    trace: { branchNodes: 0, cgIterations: 0 },
    pruneAt: search.pruneAt,
    arcFlows: (x) => {
      const flows = new Map<string, BranchFlow>();
      for (const [key, f] of master.arcFlowsByKey(x)) flows.set(key, { value: f.flow, weight: 1 });
      return flows;
    },
    integral: (x, totals, nodeBound) => {
      const flows = new Map<string, number>();
      for (const [key, f] of master.arcFlowsByKey(x)) flows.set(key, f.flow);
      search.offer(splitSequenceFlows(job, flows, totals));
      // The master's columns are plan-mode sequences, not every real one: its LP is no bound. The node is
      // closed only when the incumbent meets the node's (Lagrangian, bound-mode) bound.
      return search.pruneAt() <= nodeBound;
    },
    explored: (x) => search.offer(roundedDown(job, master, x)),
  };
  return runToEnd(treeSteps(tree, rootBound, budget));
}

/** The LP's whole bars (each column ⌊x⌋ times, within supply), the rest packed greedily. */
function roundedDown(job: AngleJob, master: CoveringMaster<SeqBar>, x: Float64Array): SeqBar[] | null {
  const need = job.shapes.map((s) => s.demand);
  const left = Float64Array.from(job.base.sources, (s) => s.supply);
  const fixed: SeqBar[] = [];
  x.forEach((v, j) => {
    const bar = master.columns[j];
    if (!bar) return;
    const copies = Math.min(Math.floor(v + 1e-6), left[bar.source] ?? 0);
    for (let q = 0; q < copies; q++) {
      fixed.push(bar);
      for (const p of bar.pieces) need[p.shape] = (need[p.shape] ?? 0) - 1;
    }
    left[bar.source] = (left[bar.source] ?? 0) - copies;
  });
  const rest = greedySequences(
    job,
    need.map((d) => Math.max(0, d)),
    left,
  );
  return rest ? [...fixed, ...rest] : null;
}
