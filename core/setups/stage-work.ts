/**
 * The setups stage's budget, in work rather than time: its clock moves one unit at every deadline check
 * the stage and the solver runs inside it make, and one at every master LP solve. Where every phase of
 * the stage stops, and how the solver runs inside it share their time, then depends on the request alone,
 * not on the machine's speed or load. The request's own deadline stays behind it as a safety net: a normal
 * job spends its work long before (docs/solver.md, "Tuning").
 */
import { type Budget, budgetOf, type Clock } from '../budget.ts';
import { type LpEngine, withSolve } from '../lp/index.ts';
import { STAGE_WORK, WORK_PER_MS } from './tuning.ts';

/** A budget of `units` work units that also ends at `safety`, and the engine whose solves it counts. */
export function stageWork(
  safety: Budget,
  engine: LpEngine,
  units: number = STAGE_WORK,
): { readonly budget: Budget; readonly lp: LpEngine } {
  let used = 0;
  const clock: Clock = {
    now: () => used,
    monotonic: () => {
      used++;
      return used;
    },
  };
  const lp = withSolve(engine, engine.name, (master) => {
    used++;
    return master.solve();
  });
  return { budget: alsoEndsAt(budgetOf(clock, units), safety), lp };
}

/** `work`, ending early when `safety` does (its ms are work units; the safety net only ends it). */
function alsoEndsAt(work: Budget, safety: Budget): Budget {
  return {
    remainingMs: () => (safety.expired() ? 0 : work.remainingMs()),
    expired: () => work.expired() || safety.expired(),
    elapsedMs: () => work.elapsedMs(),
    sub: (units) => alsoEndsAt(work.sub(units), safety),
  };
}

/**
 * The stage's work for each of `groups` material groups under a request budget of `budgetMs`: fixed by
 * the request, so the plan does not depend on how fast the search before it ran.
 */
export function stageWorkFor(budgetMs: number, groups: number): number {
  return Math.floor((WORK_PER_MS * budgetMs) / Math.max(1, groups));
}

/**
 * The stage's runs for `work` units on one of `groups` groups: {@link STAGE_WORK} shared out, then twice
 * that, four times, … while the runs stay within `work` (one run at most budgets; at 20 s, three). Each
 * run starts from the search's plan and the best is kept, so a longer budget adds runs and never
 * changes one: a longer `timeLimit` can only improve the answer. One run whose work grew with the budget
 * split its phases differently at every budget, and a longer one could end with more setups (issue 32,
 * core/square/search/anytime.test.ts). Below the first rung the run keeps its full work and the deadline (the
 * safety net) stops it earlier on the same walk.
 */
export function stageRuns(work: number, groups: number): number[] {
  const first = Math.floor(STAGE_WORK / Math.max(1, groups));
  const runs = [first];
  for (let next = 2 * first; next <= work; next *= 2) runs.push(next);
  return runs;
}
