/**
 * The square tree for one kind of bar: dives, the tree, the bar saver and perfect packing side by side.
 */
import type { Budget } from '../../../budget.ts';
import { runToEnd } from '../../../model/index.ts';
import type { PackerRun } from '../exact/index.ts';
import { BarSaver } from '../heuristics/index.ts';
import { branchAndPriceSteps, type TreeSearch } from './branch-and-price.ts';
import {
  PACKER_OPS_PER_ROUND,
  PACKER_OPS_PER_ROUND_PER_PIECE,
  SAVER_OPS_PER_ROUND,
  SAVER_SLICE,
  TREE_ROUNDS_PER_DIVE_ROUND,
} from './tuning.ts';

/**
 * One-bar jobs: limited-discrepancy dives (one, then two deviations) and the complete branch and price run
 * side by side, a node at a time, the tree getting `TREE_ROUNDS_PER_DIVE_ROUND` pricing rounds for each
 * of the dives', the bar saver `SAVER_OPS_PER_ROUND` operations for each round of either, and the
 * perfect-packing search (when the job has one) up to `packer.allowed(rounds)` operations in all after
 * `rounds` rounds of either (its schedule, `PackerSchedule`). The dives find the
 * perfect packings of easy-but-tight jobs, the tree proves the ⌈LP⌉ + 1 optima, the saver finds
 * near-perfect packings the dives miss. Full-bar jobs run no dives. Sharing by work, not time, keeps the
 * search the same on any machine. Returns the tree's bound.
 */
export function oneBarSearch(
  search: TreeSearch,
  rootBound: number,
  budget: Budget,
  isOptimal: () => boolean,
  packer: { readonly run: PackerRun; allowed(rounds: number): number } | null,
  fix?: () => void,
): number {
  const { diver, root, trace } = search;
  const tree = branchAndPriceSteps(search, rootBound, budget);
  function* dives(): Generator<void, void, void> {
    for (let discrepancy = 1; discrepancy <= 2; discrepancy++) {
      const state = { exhausted: true };
      yield* diver.steps(root, search.diveSteps, discrepancy, state);
      if (state.exhausted) return;
    }
  }
  const lds = dives();
  let ldsDone = false;
  let diveRounds = 0;
  let treeRounds = 0;
  const saver = BarSaver.applies(search.job) ? new BarSaver(search.job, search.inc) : null;
  let saverOps = 0;
  while (!isOptimal() && !budget.expired()) {
    const before = trace.cgIterations;
    if (packer?.run.searching && packer.run.ops < packer.allowed(diveRounds + treeRounds + 1)) {
      packer.run.step();
    } else if (saver && saverOps < SAVER_OPS_PER_ROUND * (diveRounds + treeRounds + 1)) {
      saver.work(SAVER_SLICE);
      saverOps += SAVER_SLICE;
    } else if (!ldsDone && !search.fullBars && diveRounds * TREE_ROUNDS_PER_DIVE_ROUND <= treeRounds) {
      ldsDone = lds.next().done === true;
      diveRounds += trace.cgIterations - before;
    } else {
      // Reduced-cost fixing (technique `rc-fixing`) before each node, from the best duals seen so far.
      fix?.();
      const step = tree.next();
      if (step.done) return step.value;
      treeRounds += trace.cgIterations - before;
    }
  }
  // Stopped (plan proven or time up): the tree reports the bound of what it left open.
  return runToEnd(tree);
}

/**
 * The perfect-packing search's operations per pricing round beside the tree: in proportion to the job's
 * pieces (about a round's time), or the former fixed count when `proportional` is off (the technique
 * `packer-share` switched off, for the benchmark's ablation).
 */
export function packerOpsPerRound(demand: Int32Array, proportional: boolean): number {
  if (!proportional) return PACKER_OPS_PER_ROUND;
  const pieces = demand.reduce((a, d) => a + d, 0);
  return PACKER_OPS_PER_ROUND_PER_PIECE * Math.max(1, pieces);
}
