/**
 * The LP's dual feasibility tolerance during tight pricing rounds (technique `tight-duals`): an engine
 * wrapper whose masters re-solve at `TIGHT_DUAL_TOLERANCE` while a caller's rounds price at a tolerance
 * tighter than the LP's own, so a vertex the LP calls optimal leaves no column in it pricing out by more
 * than the rounds look for (docs/solver.md, "Tight duals").
 */
import type { Budget } from '../budget.ts';
import { type LpEngine, withSolve } from '../lp/index.ts';
import type { CgOutcome, CgStop } from './outcome.ts';
import { LP_DUAL_TOLERANCE, TIGHT_DUAL_TOLERANCE } from './tuning.ts';

/** Pricing tolerances below this (the master's default `REL_TOL`) ask for tight duals. */
const DEFAULT_PRICING_TOLERANCE = 1e-6;

export class DualTolerance {
  private wanted = LP_DUAL_TOLERANCE;

  /** `engine` whose masters solve at the tolerance the current rounds want (set only when it changes). */
  wrap(engine: LpEngine): LpEngine {
    const applied = new WeakMap<object, number>();
    return withSolve(engine, engine.name, (master) => {
      if ((applied.get(master) ?? LP_DUAL_TOLERANCE) !== this.wanted) {
        master.setDualTolerance?.(this.wanted);
        applied.set(master, this.wanted);
      }
      return master.solve();
    });
  }

  /** Runs `solve` (a column generation under `stop`) at tight duals when `stop` prices tightly. */
  during(stop: CgStop, budget: Budget, solve: (budget: Budget, stop: CgStop) => CgOutcome): CgOutcome {
    // Only a node's rounds against the incumbent (a cutoff): the root's rounds before reduced-cost fixing
    // (`rc-rounds`) at tight duals cost ANI 402_NR_18 its proof within the same-plans budget.
    const tolerance = stop.cutoff === undefined ? undefined : stop.tolerance;
    if (tolerance === undefined || tolerance >= DEFAULT_PRICING_TOLERANCE) return solve(budget, stop);
    this.wanted = TIGHT_DUAL_TOLERANCE;
    try {
      return solve(budget, stop);
    } finally {
      this.wanted = LP_DUAL_TOLERANCE;
    }
  }
}
