/**
 * A lower bound on setups by column generation on the pattern-minimisation LP (pmp-master.ts): valid for
 * every plan of value ≤ V with ≤ B purchased bars, at every round, so the work limit can stop it anywhere.
 *
 * Validity (Farley's bound for unit column costs): for multipliers π, λ, μ, β ≥ 0 and any plan (y, z), the
 * Lagrangian gives Σ y ≥ D + Σ_j y_j·rc_j, where rc_j = 1 − π·cov_j + λ_L·k_j and D is the master's
 * {@link PmpMaster.lagrangianConstant}. With ζ ≤ every rc_j (the pricing's upper bounds over every
 * multiplicity), Σ y ≥ D + min(0, ζ)·Σ y, so Σ y ≥ D / (1 − min(0, ζ)). Nothing here needs the LP to be
 * solved to optimality or the duals to be exact: they are only the multipliers the bound is evaluated at.
 */
import type { Budget } from '../../budget.ts';
import type { LpEngine } from '../../lp/index.ts';
import type { Job, Layout } from '../../model/index.ts';
import { ceilBound } from '../../numbers.ts';
import { DEFAULT_LP_BOUND, LP_BOUND_TOLERANCE } from '../tuning.ts';
import { lengthClasses, type PmpLimits, PmpMaster, type PmpSolution } from './pmp-master.ts';
import { knapsackPricing, multiplicityRanges, type PatternPricing, pricePmp } from './pmp-pricing.ts';

/** The work the bound may do: master LP solves and knapsacks, counted (not time). */
export interface LpBoundLimits {
  readonly rounds: number;
  readonly knapsacks: number;
}

export interface LpBoundInput extends PmpLimits {
  /** A plan within the limits: its setups start the master (so it is feasible from the first solve). */
  readonly plan: readonly Layout[];
  /** Stop once the bound reaches this (the plan's setups: no bound can pass them). */
  readonly target: number;
  /** Stop once the LP shows it cannot beat this (a bound already known). */
  readonly floor: number;
}

export interface LpBound {
  /** The bound (integer, 0 when the LP proves nothing). */
  readonly bound: number;
  readonly rounds: number;
  readonly knapsacks: number;
  /** Whether the LP was solved to optimality (no column prices out, pricing exact). */
  readonly solved: boolean;
}

/**
 * The bound's value rounded up, forgiving the float error of the multipliers' arithmetic (a wider margin
 * than the solver's: the value sums many duals); 0 when it is not a positive finite number.
 */
function roundUp(x: number): number {
  return Number.isFinite(x) && x > 0 ? ceilBound(x, LP_BOUND_TOLERANCE) : 0;
}

/**
 * The column-generation bound on setups of `job` within `input`'s limits (see the file's comment), over
 * the patterns `pricing` prices (square multisets by default).
 */
export function setupsLpBound(
  job: Job,
  input: LpBoundInput,
  engine: LpEngine,
  budget: Budget,
  limits: LpBoundLimits = DEFAULT_LP_BOUND,
  pricing: PatternPricing = knapsackPricing,
): LpBound {
  const master = new PmpMaster(job, engine, lengthClasses(job, input), input);
  try {
    master.addPlan(input.plan);
    return generateColumns(master, input, budget, limits, pricing);
  } finally {
    master.dispose();
  }
}

/**
 * Column generation on `master` as it stands (its job and limits); the bound it proves, the last LP.
 * `pricing` is the pattern kind (square multisets by default; angle jobs pass their sequence pricing).
 */
export function generateColumns(
  master: PmpMaster,
  stop: { readonly target: number; readonly floor: number },
  budget: Budget,
  limits: LpBoundLimits = DEFAULT_LP_BOUND,
  pricing: PatternPricing = knapsackPricing,
): LpBound & { readonly solution: PmpSolution | null } {
  const { job, classes } = master;
  const ranges = multiplicityRanges(job, classes);
  const patterns = pricing(job, classes);
  let best = 0;
  let rounds = 0;
  let knapsacks = 0;
  let solved = false;
  let solution: PmpSolution | null = null;
  while (rounds < limits.rounds && knapsacks < limits.knapsacks && !budget.expired()) {
    const sol = master.solve();
    rounds++;
    if (!sol) break;
    solution = sol;
    // The restricted master's value is at least the LP's, which is at least any Lagrangian bound (when
    // it needs no artificial setup: those are not setups of any plan).
    const ceiling = sol.artificial > 1e-9 ? Number.POSITIVE_INFINITY : roundUp(sol.objective);
    if (ceiling <= stop.floor) break;
    const expired = (): boolean => budget.expired();
    let priced = pricePmp(job, classes, ranges, sol.duals, 'fast', expired, patterns);
    knapsacks += priced.knapsacks;
    if (priced.columns.length === 0 && !priced.exact) {
      priced = pricePmp(job, classes, ranges, sol.duals, 'exact', expired, patterns);
      knapsacks += priced.knapsacks;
    }
    if (priced.zeta === Number.NEGATIVE_INFINITY) break;
    const d = master.lagrangianConstant(sol.duals);
    const value = d / (1 - Math.min(0, priced.zeta));
    best = Math.max(best, Math.min(roundUp(value), ceiling));
    if (priced.columns.length === 0) {
      solved = priced.exact;
      break;
    }
    if (best >= stop.target || best >= ceiling) break;
    for (const c of priced.columns) master.addColumn(c);
  }
  return { bound: best, rounds, knapsacks, solved, solution };
}
