/**
 * The tree's rules for nodes it cannot settle, on a scripted master (one node's outcome each): a node
 * is closed only by its bound, by infeasibility of every plan (never of the restricted master alone), or
 * by a plan that meets its bound; otherwise its bound stays in the tree's answer.
 */
import { describe, expect, it } from 'vitest';
import { budgetOf, manualClock } from '../../../budget.ts';
import type { CgOutcome, CoveringMaster, PatternColumn, Residual } from '../../../master/index.ts';
import { buildJobs, runToEnd } from '../../../model/index.ts';
import { parseOptimiseBody } from '../../../request/index.ts';
import { type PatternTree, treeSteps } from '../../../tree/pattern-tree.ts';

function jobOf() {
  const parsed = parseOptimiseBody({ parts: [{ length: 1000, quantity: 3 }], stockLength: 2500 }, 'json');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const [job] = buildJobs(parsed.value);
  if (!job) throw new Error('no job');
  return job;
}

/** A tree over a master that answers every node with `outcome`; the incumbent costs `incumbent`. */
function scripted(
  outcome: Partial<CgOutcome>,
  incumbent: number,
  integral: () => boolean = () => true,
): PatternTree<PatternColumn> {
  const job = jobOf();
  const root: Residual = {
    demand: Int32Array.from([3]),
    lo: new Float64Array(1),
    hi: Float64Array.from([Number.POSITIVE_INFINITY]),
    usage: 0,
  };
  const master = {
    columns: [{ source: 0 }],
    lastCut: null,
    setResidual: () => {},
    solve: (): CgOutcome => ({
      status: 'optimal',
      lpValue: 2,
      bound: 2,
      x: Float64Array.from([2]),
      artificial: 0,
      iterations: 1,
      ...outcome,
    }),
    sourceTotals: (x: Float64Array) => Float64Array.from([x[0] ?? 0]),
  } as unknown as CoveringMaster<PatternColumn>;
  return {
    job,
    master,
    root,
    rootCuts: [],
    trace: { branchNodes: 0, cgIterations: 0 },
    pruneAt: () => incumbent,
    arcFlows: () => new Map(),
    integral,
  };
}

const budget = () => budgetOf(manualClock(), 60_000);

describe('branch and price: nodes it cannot settle stay in the bound', () => {
  it.each([
    [
      'a restricted master found infeasible (columns it lacks may make it feasible)',
      { status: 'infeasible' as const },
    ],
    ['an LP that still leans on artificial columns', { artificial: 0.5 }],
    ['an LP the engine could not solve', { status: 'failed' as const }],
  ])('%s: the answer is the node bound, not the incumbent', (_, outcome) => {
    expect(runToEnd(treeSteps(scripted(outcome, 3), 2, budget()))).toBe(2);
  });

  it('integral flows the kind cannot make into a plan that meets the node bound leave it open', () => {
    expect(
      runToEnd(
        treeSteps(
          scripted({}, 3, () => false),
          2,
          budget(),
        ),
      ),
    ).toBe(2);
  });

  it('integral flows made into a plan close the node: the answer is the incumbent', () => {
    expect(runToEnd(treeSteps(scripted({}, 3), 2, budget()))).toBe(3);
  });

  it('a node whose bound reaches the incumbent is closed', () => {
    expect(runToEnd(treeSteps(scripted({ bound: 3, lpValue: 3 }, 3), 2, budget()))).toBe(3);
  });
});
